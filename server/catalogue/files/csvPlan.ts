import type { Info } from 'csv-parse';
import { CsvError, parse } from 'csv-parse/sync';
import { ATTRIBUTE_FIELDS, compactSection, type SeatDef } from './plans';
import {
  SEAT_ATTRIBUTES,
  type PlanFile,
  type ReservedPlanFile,
  type SeatAttribute,
} from './schema';

/**
 * The box office's seat list (`section,row,seat,x,y,zone,attributes`, one seat a line) as a plan
 * file (issue 25). `zone` is the seat's price band; `attributes` are the plan file's seat words
 * (restricted-view, wheelchair, companion, access-zone, amex, aisle-before, aisle-after),
 * separated by `;`. Section names, levels, upsell zones and the stage come from the plan file
 * being replaced, so importing a new CSV over a plan keeps what the CSV cannot say.
 */

export const CSV_COLUMNS = ['section', 'row', 'seat', 'x', 'y', 'zone', 'attributes'] as const;

/** A problem in the CSV, by its line number (1 is the header). */
export class CsvPlanError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'CsvPlanError';
  }
}

/**
 * RFC 4180 records, by the line each starts on (csv-parse): a field in double quotes may hold
 * commas, line breaks (read as \n) and doubled quotes; a BOM, CRLF endings and blank lines are
 * allowed, and an unterminated quote is an error rather than a guess.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  // One kind of line break, so a line is counted once however the export ended its lines.
  const lines = text.replace(/\r\n?/g, '\n');
  try {
    const records = parse(lines, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: Info }[]; // `info: true`: the types leave it out
    return records.map(({ record, info }) => {
      // `lines` is where the record ends; a quoted field may run over several.
      const breaksInside = record.join('').split('\n').length - 1;
      return { line: info.lines - breaksInside, fields: record };
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const where = `line ${Number(error.lines)}`;
    throw new CsvPlanError([
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `${where}: a quoted field is never closed`
        : `${where}: ${error.message}`,
    ]);
  }
}

const toSlug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'section';

/**
 * A reserved plan file from the CSV's text. `previous` is the plan file it replaces, if any: its
 * name, stage and each section's name, level and zone are kept.
 */
export function planFromCsv(
  text: string,
  options: { name: string; previous?: PlanFile },
): ReservedPlanFile {
  const records = parseCsv(text);
  const problems: string[] = [];
  const header = records.shift();
  if (
    !header ||
    header.fields.map((f) => f.trim().toLowerCase()).join(',') !== CSV_COLUMNS.join(',')
  ) {
    throw new CsvPlanError([`line 1: the header must be ${CSV_COLUMNS.join(',')}`]);
  }
  const seats: SeatDef[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== CSV_COLUMNS.length) {
      problems.push(`line ${line}: has ${fields.length} fields, not ${CSV_COLUMNS.length}`);
      continue;
    }
    const [section, row, seat, x, y, zone, attributes] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const integer = (value: string, column: string) => {
      if (!/^-?\d+$/.test(value)) {
        problems.push(`line ${line}: ${column} must be a whole number, not "${value}"`);
        return 0;
      }
      return Number(value);
    };
    if (!section) problems.push(`line ${line}: section is empty`);
    if (!row) problems.push(`line ${line}: row is empty`);
    if (!zone) problems.push(`line ${line}: zone (the price band) is empty`);
    const number = integer(seat, 'seat');
    const key = `${section}/${row}/${number}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(
        `line ${line}: seat ${row} ${number} of section ${section} is already on line ${earlier}`,
      );
    }
    seen.set(key, line);
    const def: SeatDef = {
      section,
      row,
      number,
      x: integer(x, 'x'),
      y: integer(y, 'y'),
      band: zone,
      zone: '',
      restrictedView: false,
      wheelchair: false,
      companion: false,
      accessZone: false,
      amex: false,
      aisleBefore: false,
      aisleAfter: false,
    };
    for (const word of attributes
      .split(';')
      .map((a) => a.trim())
      .filter(Boolean)) {
      if (!(SEAT_ATTRIBUTES as readonly string[]).includes(word)) {
        problems.push(
          `line ${line}: attribute "${word}" is not one of ${SEAT_ATTRIBUTES.join(', ')}`,
        );
        continue;
      }
      (def[ATTRIBUTE_FIELDS[word as SeatAttribute]] as boolean) = true;
    }
    seats.push(def);
  }
  if (records.length === 0) problems.push('the file has no seats');
  if (problems.length > 0) throw new CsvPlanError(problems);

  const previous = options.previous?.kind === 'reserved' ? options.previous : undefined;
  const sectionOrder = [...new Set(seats.map((seat) => seat.section))];
  const rowOrder = new Map<string, number>();
  for (const seat of seats) {
    const key = `${seat.section}/${seat.row}`;
    if (!rowOrder.has(key)) rowOrder.set(key, rowOrder.size);
  }
  const sections = sectionOrder.map((code) => {
    const known = previous?.sections.find((s) => s.code === code);
    const meta = {
      code,
      name: known?.name ?? code,
      level: known?.level ?? code,
      zone: known?.zone ?? toSlug(code),
    };
    const own = seats
      .filter((seat) => seat.section === code)
      .map((seat) => ({ ...seat, zone: meta.zone }))
      .sort(
        (a, b) =>
          rowOrder.get(`${code}/${a.row}`)! - rowOrder.get(`${code}/${b.row}`)! ||
          a.number - b.number,
      );
    return compactSection(meta, own);
  });
  const xs = seats.map((s) => s.x);
  const ys = seats.map((s) => s.y);
  const minX = Math.min(...xs);
  return {
    name: previous?.name ?? options.name,
    kind: 'reserved',
    // A new plan's stage sits across the seats' width, in front of the first row.
    stage: previous?.stage ?? {
      kind: 'stage',
      x: minX,
      y: Math.min(...ys) - 150,
      width: Math.max(1, Math.max(...xs) - minX),
      height: 70,
    },
    sections,
  };
}
