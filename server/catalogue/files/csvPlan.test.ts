import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CsvPlanError, parseCsv, planFromCsv } from './csvPlan';
import { readPlanFile } from './load';
import { expandPlan, type SeatDef } from './plans';
import { planFileSchema } from './schema';

const repo = join(import.meta.dirname, '..', '..', '..');
const HEADER = 'section,row,seat,x,y,zone,attributes';

const attributesOf = (seat: SeatDef) =>
  [
    seat.restrictedView && 'restricted-view',
    seat.wheelchair && 'wheelchair',
    seat.companion && 'companion',
    seat.accessZone && 'access-zone',
    seat.amex && 'amex',
    seat.aisleBefore && 'aisle-before',
    seat.aisleAfter && 'aisle-after',
  ]
    .filter(Boolean)
    .join(';');

/** A plan's seats as the box office's CSV would list them. */
const csvOf = (seats: SeatDef[]) =>
  [
    HEADER,
    ...seats.map((s) => [s.section, s.row, s.number, s.x, s.y, s.band, attributesOf(s)].join(',')),
  ].join('\r\n');

const problemsOf = (text: string) => {
  try {
    planFromCsv(text, { name: 'Studio' });
  } catch (error) {
    if (error instanceof CsvPlanError) return error.problems;
    throw error;
  }
  return [];
};

describe('the box office CSV', () => {
  it('becomes the same plan file as the demo theatre’s, from its 1,200 seats', () => {
    const dir = join(repo, 'venues', 'lumen-theatre');
    const file = planFileSchema.parse(
      JSON.parse(readFileSync(join(dir, 'plans', 'theatre.json'), 'utf8')),
    );
    const plan = readPlanFile(dir, 'theatre');
    if (plan.kind !== 'reserved') throw new Error('the theatre is reserved seating');
    const imported = planFromCsv(csvOf(plan.seats), { name: 'ignored', previous: file });
    expect(imported).toEqual(file);
  });

  it('keeps the arena’s 20,000 seats where they are, row by row on its curves', () => {
    const plan = readPlanFile(join(repo, 'venues', 'harbor-arena'), 'arena');
    if (plan.kind !== 'reserved') throw new Error('the arena is reserved seating');
    const imported = expandPlan(
      planFileSchema.parse(planFromCsv(csvOf(plan.seats), { name: 'Arena' })),
    );
    expect(
      imported.kind === 'reserved' &&
        imported.seats.map((s) => [
          s.section,
          s.row,
          s.number,
          s.x,
          s.y,
          s.band,
          s.wheelchair,
          s.aisleAfter,
        ]),
    ).toEqual(
      plan.seats.map((s) => [
        s.section,
        s.row,
        s.number,
        s.x,
        s.y,
        s.band,
        s.wheelchair,
        s.aisleAfter,
      ]),
    );
  });

  it('makes a new plan: sections named by their codes, a stage in front of the seats', () => {
    const file = planFromCsv(
      [
        HEADER,
        'Stalls,A,1,10,100,A,aisle-before;wheelchair',
        'Stalls,A,2,30,100,A,companion',
        'Stalls,A,3,50,100,B,"aisle-after"',
        'Circle,A,1,10,300,C,',
      ].join('\n'),
      { name: 'Studio' },
    );
    expect(file).toMatchObject({
      name: 'Studio',
      stage: { kind: 'stage', x: 10, y: -50, width: 40, height: 70 },
      sections: [
        {
          code: 'Stalls',
          name: 'Stalls',
          zone: 'stalls',
          aisleBefore: [1],
          aisleAfter: [3],
          rows: [{ row: 'A', seats: [1, 3], x: 10, dx: 20, y: 100, band: 'A' }],
          seats: [
            { row: 'A', numbers: [1], attributes: ['wheelchair'] },
            { row: 'A', numbers: [2], attributes: ['companion'] },
            { row: 'A', numbers: [3], band: 'B', attributes: [] },
          ],
        },
        { code: 'Circle', rows: [{ row: 'A', seats: [1, 1], x: 10, y: 300, band: 'C' }] },
      ],
    });
  });

  it('names every wrong line by its number', () => {
    expect(
      problemsOf(
        [
          HEADER,
          'Stalls,A,1,10,100,A,',
          'Stalls,A,1,30,100,A,',
          'Stalls,A,x,30,100,A,',
          'Stalls,B,1,30,100,,balcony-view',
          'Stalls,B,2,30',
        ].join('\n'),
      ),
    ).toEqual([
      'line 3: seat A 1 of section Stalls is already on line 2',
      'line 4: seat must be a whole number, not "x"',
      'line 5: zone (the price band) is empty',
      'line 5: attribute "balcony-view" is not one of restricted-view, wheelchair, companion, access-zone, amex, aisle-before, aisle-after',
      'line 6: has 4 fields, not 7',
    ]);
    expect(problemsOf('section,row,seat\nStalls,A,1')).toEqual([
      `line 1: the header must be ${HEADER}`,
    ]);
  });

  it('reads quoted fields with commas, quotes and line breaks, a BOM and CRLF endings', () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi""\r\nthere"\r\n\r\nd,,e\r\n')).toEqual([
      { line: 1, fields: ['a', 'b,c', 'say "hi"\nthere'] },
      { line: 4, fields: ['d', '', 'e'] },
    ]);
    expect(() => parseCsv('a,"b\n')).toThrow('line 1: a quoted field is never closed');
  });
});
