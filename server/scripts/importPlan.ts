import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { CsvPlanError, expandPlan, planFileSchema, planFromCsv } from '../catalogue';

/**
 * `npm run catalogue:import-plan -- <seats.csv> <venue-slug> <plan-slug> [--name "Main house"]`:
 * writes venues/<venue>/plans/<plan>.json from the box office's CSV (docs/catalogue.md).
 */
const [csvPath, venue, plan, ...rest] = process.argv.slice(2);
const usage =
  'usage: npm run catalogue:import-plan -- <seats.csv> <venue-slug> <plan-slug> [--name "Plan name"]';
if (!csvPath || !venue || !plan || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(plan)) {
  console.error(usage);
  process.exit(2);
}
const nameAt = rest.indexOf('--name');
const root = fileURLToPath(new URL('../../', import.meta.url));
const venueDir = join(root, 'venues', venue);
if (!existsSync(join(venueDir, 'venue.json'))) {
  console.error(
    `venues/${venue}/venue.json does not exist: add the venue first (docs/venue-settings.md)`,
  );
  process.exit(2);
}
const target = join(venueDir, 'plans', `${plan}.json`);
const previous = existsSync(target)
  ? planFileSchema.parse(JSON.parse(readFileSync(target, 'utf8')))
  : undefined;
const defaultName = plan.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
try {
  const file = planFromCsv(readFileSync(csvPath, 'utf8'), {
    name: nameAt >= 0 && rest[nameAt + 1] ? rest[nameAt + 1]! : defaultName,
    previous,
  });
  const seats = expandPlan(planFileSchema.parse(file));
  mkdirSync(join(venueDir, 'plans'), { recursive: true });
  writeFileSync(
    target,
    await format(JSON.stringify(file, null, 2), { parser: 'json', printWidth: 100 }),
  );
  const count = seats.kind === 'reserved' ? seats.seats.length : 0;
  console.log(
    `venues/${venue}/plans/${plan}.json: ${count} seats in ${file.sections.length} sections`,
  );
} catch (error) {
  if (!(error instanceof CsvPlanError)) throw error;
  console.error(`${csvPath}:\n${error.message}`);
  process.exit(1);
}
