import type { PlanFile, ReservedPlanFile, SeatAttribute } from './schema';

/** One seat as the database stores it (table `seats`). */
export interface SeatDef {
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
  band: string;
  zone: string;
  restrictedView: boolean;
  wheelchair: boolean;
  companion: boolean;
  accessZone: boolean;
  amex: boolean;
  /** An aisle beside the seat on its lower- or higher-numbered side (the single-seat rule). */
  aisleBefore: boolean;
  aisleAfter: boolean;
}

export interface SectionDef {
  code: string;
  name: string;
  level: string;
  sortOrder: number;
}

export interface ReservedPlan {
  kind: 'reserved';
  name: string;
  stage: ReservedPlanFile['stage'];
  sections: SectionDef[];
  seats: SeatDef[];
}

export interface AdmissionPlan {
  kind: 'general-admission' | 'timed-entry';
  name: string;
  areas: { code: string; name: string; capacity: number }[];
}

export type SeatingPlan = ReservedPlan | AdmissionPlan;

/** Where a plan file went wrong, relative to the file (a JSON path). */
export class PlanShapeError extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/** The plan file's and the CSV's seat words, as the seat's fields. */
export const ATTRIBUTE_FIELDS: Record<SeatAttribute, keyof SeatDef> = {
  'restricted-view': 'restrictedView',
  wheelchair: 'wheelchair',
  companion: 'companion',
  'access-zone': 'accessZone',
  amex: 'amex',
  'aisle-before': 'aisleBefore',
  'aisle-after': 'aisleAfter',
};

/** The seats a plan file describes: each compact row spelt out, then the exceptions applied. */
export function expandPlan(file: PlanFile): SeatingPlan {
  if (file.kind !== 'reserved') return { kind: file.kind, name: file.name, areas: file.areas };
  const seats: SeatDef[] = [];
  const seen = new Set<string>();
  file.sections.forEach((section, s) => {
    const bySeat = new Map<string, SeatDef>();
    section.rows.forEach((row, r) => {
      const at: (string | number)[] = ['sections', s, 'rows', r];
      const [first, last] = row.seats;
      if (last < first)
        throw new PlanShapeError(
          [...at, 'seats'],
          'must run from the lower seat number to the higher',
        );
      const count = last - first + 1;
      const pick = (value: number | number[], step: number | undefined, name: 'x' | 'y') => {
        if (Array.isArray(value)) {
          if (value.length !== count) {
            throw new PlanShapeError(
              [...at, name],
              `must have one ${name} per seat (${count}), has ${value.length}`,
            );
          }
          return (i: number) => value[i]!;
        }
        return (i: number) => value + i * (step ?? 0);
      };
      const xAt = pick(row.x, row.dx, 'x');
      const yAt = pick(row.y, undefined, 'y');
      const before = new Set(row.aisleBefore ?? section.aisleBefore);
      const after = new Set(row.aisleAfter ?? section.aisleAfter);
      for (let i = 0; i < count; i += 1) {
        const number = first + i;
        const key = `${section.code}/${row.row}/${number}`;
        if (seen.has(key))
          throw new PlanShapeError(
            [...at, 'row'],
            `repeats seat ${row.row} ${number} of section ${section.code}`,
          );
        seen.add(key);
        const seat: SeatDef = {
          section: section.code,
          row: row.row,
          number,
          x: xAt(i),
          y: yAt(i),
          band: row.band,
          zone: section.zone,
          restrictedView: false,
          wheelchair: false,
          companion: false,
          accessZone: false,
          amex: false,
          aisleBefore: before.has(number),
          aisleAfter: after.has(number),
        };
        bySeat.set(`${row.row}/${number}`, seat);
        seats.push(seat);
      }
    });
    section.seats.forEach((exception, e) => {
      exception.numbers.forEach((number, n) => {
        const seat = bySeat.get(`${exception.row}/${number}`);
        if (!seat) {
          throw new PlanShapeError(
            ['sections', s, 'seats', e, 'numbers', n],
            `names seat ${exception.row} ${number}, which no row of section ${section.code} has`,
          );
        }
        if (exception.band) seat.band = exception.band;
        for (const attribute of exception.attributes) {
          (seat[ATTRIBUTE_FIELDS[attribute]] as boolean) = true;
        }
      });
    });
  });
  return {
    kind: 'reserved',
    name: file.name,
    stage: file.stage,
    sections: file.sections.map((section, index) => ({
      code: section.code,
      name: section.name,
      level: section.level,
      sortOrder: index,
    })),
    seats,
  };
}

type SectionFile = ReservedPlanFile['sections'][number];

/** The most frequent value (the first met on a tie). */
function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

const sameList = (a: number[], b: number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The compact file form of seats (the CSV import and plan migrations write it): a row per run of
 * consecutive seat numbers, x as first + dx when evenly spaced, y once when level, the row's usual
 * band on the row and every seat that differs listed under `seats`.
 */
export function compactSection(
  meta: { code: string; name: string; level: string; zone: string },
  seats: SeatDef[],
): SectionFile {
  const rows: SeatDef[][] = [];
  for (const seat of seats) {
    const current = rows.at(-1);
    const previous = current?.at(-1);
    if (current && previous && previous.row === seat.row && previous.number + 1 === seat.number)
      current.push(seat);
    else rows.push([seat]);
  }
  const aislesOf = (row: SeatDef[]) => ({
    before: row.filter((s) => s.aisleBefore).map((s) => s.number),
    after: row.filter((s) => s.aisleAfter).map((s) => s.number),
  });
  const aisles = rows.map(aislesOf);
  const usualBefore = mostCommon(aisles.map((a) => JSON.stringify(a.before)));
  const usualAfter = mostCommon(aisles.map((a) => JSON.stringify(a.after)));
  const exceptions: SectionFile['seats'] = [];
  const fileRows = rows.map((row, r) => {
    const band = mostCommon(row.map((s) => s.band));
    const xs = row.map((s) => s.x);
    const ys = row.map((s) => s.y);
    const dx = xs.length > 1 ? xs[1]! - xs[0]! : 0;
    const even = xs.every((x, i) => x === xs[0]! + i * dx);
    const level = ys.every((y) => y === ys[0]);
    const fileRow: SectionFile['rows'][number] = {
      row: row[0]!.row,
      seats: [row[0]!.number, row.at(-1)!.number],
      x: even ? xs[0]! : xs,
      ...(even && xs.length > 1 ? { dx } : {}),
      y: level ? ys[0]! : ys,
      band,
    };
    if (JSON.stringify(aisles[r]!.before) !== usualBefore) fileRow.aisleBefore = aisles[r]!.before;
    if (JSON.stringify(aisles[r]!.after) !== usualAfter) fileRow.aisleAfter = aisles[r]!.after;
    // Seats with the same difference from their row are one exception.
    const groups = new Map<string, number[]>();
    for (const seat of row) {
      const attributes = (
        ['restricted-view', 'wheelchair', 'companion', 'access-zone', 'amex'] as const
      ).filter((attribute) => seat[ATTRIBUTE_FIELDS[attribute]]);
      if (seat.band === band && attributes.length === 0) continue;
      const key = JSON.stringify([seat.band === band ? null : seat.band, attributes]);
      groups.set(key, [...(groups.get(key) ?? []), seat.number]);
    }
    for (const [key, numbers] of groups) {
      const [otherBand, attributes] = JSON.parse(key) as [string | null, SeatAttribute[]];
      exceptions.push({
        row: row[0]!.row,
        numbers,
        ...(otherBand ? { band: otherBand } : {}),
        attributes,
      });
    }
    return fileRow;
  });
  const before = JSON.parse(usualBefore) as number[];
  const after = JSON.parse(usualAfter) as number[];
  return {
    ...meta,
    aisleBefore: before,
    aisleAfter: after,
    rows: fileRows.map((row) => {
      // A row's own aisles are only written where they differ from the section's.
      if (row.aisleBefore && sameList(row.aisleBefore, before)) delete row.aisleBefore;
      if (row.aisleAfter && sameList(row.aisleAfter, after)) delete row.aisleAfter;
      return row;
    }),
    seats: exceptions,
  };
}
