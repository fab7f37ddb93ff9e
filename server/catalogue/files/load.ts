import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import type { VenueBundle } from '../../../contract/venueFiles';
import { expandPlan, PlanShapeError, type SeatingPlan } from './plans';
import {
  planFileSchema,
  showFileSchema,
  venueCatalogueSchema,
  type ShowFile,
  type VenueCatalogueFile,
} from './schema';

/** One problem in one file: the file (from the repository root), the JSON path and what is wrong. */
export interface CatalogueProblem {
  file: string;
  path: string;
  message: string;
}

export const describeProblem = (p: CatalogueProblem) => `${p.file}: ${p.path} ${p.message}`;

/** Every problem of a catalogue at once, so a venue fixes its files in one go. */
export class CatalogueError extends Error {
  constructor(readonly problems: CatalogueProblem[]) {
    super(
      `The catalogue is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  ${describeProblem(p)}`).join('\n'),
    );
    this.name = 'CatalogueError';
  }
}

export interface CataloguePlan {
  /** The file's name without `.json`: what a show's `plan` names. */
  slug: string;
  plan: SeatingPlan;
  /** Hash of the file's content: a plan is rewritten only when it changes. */
  hash: string;
}

export interface CatalogueShow {
  titleSlug: string;
  file: ShowFile;
}

export interface VenueCatalogue {
  bundle: VenueBundle;
  settings: VenueCatalogueFile;
  plans: CataloguePlan[];
  shows: CatalogueShow[];
}

export interface Catalogue {
  venues: VenueCatalogue[];
  /** Hash of every catalogue file: the sync does nothing when it and the day are unchanged. */
  hash: string;
}

const formatPath = (path: readonly PropertyKey[]) =>
  path.length === 0
    ? '(root)'
    : path
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
        .join('')
        .replace(/^\./, '');

const jsonFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];

/**
 * Reads and checks every venue's catalogue files (catalogue.json, plans/, shows/): each against
 * its zod schema, then across files (a show's plan exists and prices its bands or areas, a promo
 * code's show exists). Throws a CatalogueError listing every problem with its file and JSON path.
 */
export function loadCatalogue(bundles: VenueBundle[]): Catalogue {
  const problems: CatalogueProblem[] = [];
  const hash = createHash('sha256');
  const venues: VenueCatalogue[] = [];

  for (const bundle of bundles) {
    const root = join(bundle.dir, '..', '..');
    const name = (file: string) => relative(root, file).split('\\').join('/');
    const read = <S extends z.ZodType>(schema: S, file: string): z.output<S> | undefined => {
      const raw = readFileSync(file, 'utf8');
      hash.update(name(file)).update('\0').update(raw).update('\0');
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch (error) {
        problems.push({
          file: name(file),
          path: '(root)',
          message: `is not valid JSON (${(error as Error).message})`,
        });
        return undefined;
      }
      const result = schema.safeParse(data);
      if (!result.success) {
        for (const issue of result.error.issues) {
          problems.push({ file: name(file), path: formatPath(issue.path), message: issue.message });
        }
        return undefined;
      }
      return result.data;
    };

    const settingsFile = join(bundle.dir, 'catalogue.json');
    const settings = existsSync(settingsFile)
      ? read(venueCatalogueSchema, settingsFile)
      : venueCatalogueSchema.parse({});
    const plans: CataloguePlan[] = [];
    // Files that exist but are invalid: named by another file, they are not a second problem.
    const invalid = new Set<string>();
    for (const fileName of jsonFiles(join(bundle.dir, 'plans'))) {
      const file = join(bundle.dir, 'plans', fileName);
      const data = read(planFileSchema, file);
      if (!data) {
        invalid.add(`plans/${fileName}`);
        continue;
      }
      try {
        plans.push({
          slug: fileName.replace(/\.json$/, ''),
          plan: expandPlan(data),
          hash: createHash('sha256').update(readFileSync(file)).digest('hex'),
        });
      } catch (error) {
        if (!(error instanceof PlanShapeError)) throw error;
        problems.push({ file: name(file), path: formatPath(error.path), message: error.message });
        invalid.add(`plans/${fileName}`);
      }
    }
    const planNames = new Map<string, string>();
    for (const plan of plans) {
      const other = planNames.get(plan.plan.name);
      if (other) {
        problems.push({
          file: name(join(bundle.dir, 'plans', `${plan.slug}.json`)),
          path: 'name',
          message: `"${plan.plan.name}" is already the name of plans/${other}.json`,
        });
      }
      planNames.set(plan.plan.name, plan.slug);
    }

    const shows: CatalogueShow[] = [];
    for (const fileName of jsonFiles(join(bundle.dir, 'shows'))) {
      const file = join(bundle.dir, 'shows', fileName);
      const titleSlug = fileName.replace(/\.json$/, '');
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(titleSlug)) {
        problems.push({
          file: name(file),
          path: '(file name)',
          message: 'must be a lower-case slug such as the-glass-orchard.json',
        });
        continue;
      }
      const show = read(showFileSchema, file);
      if (!show) {
        invalid.add(`shows/${fileName}`);
        continue;
      }
      const plan = plans.find((p) => p.slug === show.plan)?.plan;
      if (!plan && !invalid.has(`plans/${show.plan}.json`)) {
        problems.push({
          file: name(file),
          path: 'plan',
          message: `names plans/${show.plan}.json, which this venue does not have`,
        });
      } else if (plan) {
        problems.push(...priceProblems(show, plan).map((p) => ({ ...p, file: name(file) })));
      }
      shows.push({ titleSlug, file: show });
    }

    settings?.promoCodes.forEach((promo, index) => {
      if (
        promo.show &&
        !shows.some((show) => show.titleSlug === promo.show) &&
        !invalid.has(`shows/${promo.show}.json`)
      ) {
        problems.push({
          file: name(settingsFile),
          path: formatPath(['promoCodes', index, 'show']),
          message: `names shows/${promo.show}.json, which this venue does not have`,
        });
      }
    });
    if (settings) venues.push({ bundle, settings, plans, shows });
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  return { venues, hash: hash.digest('hex') };
}

/** A reserved show prices every band of its plan and only those; an admission show its areas. */
function priceProblems(show: ShowFile, plan: SeatingPlan): Omit<CatalogueProblem, 'file'>[] {
  const problems: Omit<CatalogueProblem, 'file'>[] = [];
  const codes = new Set<string>();
  show.prices.forEach((price, index) => {
    if (codes.has(price.code)) {
      problems.push({
        path: formatPath(['prices', index, 'code']),
        message: `repeats the code ${price.code}`,
      });
    }
    codes.add(price.code);
  });
  if (plan.kind === 'reserved') {
    const bands = new Set(plan.seats.map((seat) => seat.band));
    show.prices.forEach((price, index) => {
      if (!price.band || !bands.has(price.band)) {
        problems.push({
          path: formatPath(['prices', index, price.band ? 'band' : 'area']),
          message: `must be a seat band of plan "${plan.name}" (${[...bands].sort().join(', ')})`,
        });
      }
    });
    for (const band of bands) {
      if (!show.prices.some((price) => price.band === band)) {
        problems.push({
          path: 'prices',
          message: `has no price for band ${band} of plan "${plan.name}"`,
        });
      }
    }
  } else {
    const areas = new Set(plan.areas.map((area) => area.code));
    show.prices.forEach((price, index) => {
      if (!price.area || !areas.has(price.area)) {
        problems.push({
          path: formatPath(['prices', index, price.area ? 'area' : 'band']),
          message: `must be an admission area of plan "${plan.name}" (${[...areas].sort().join(', ')})`,
        });
      }
    });
  }
  if (show.schedule.weekly.length + show.schedule.dates.length + show.schedule.parts.length === 0) {
    problems.push({
      path: 'schedule',
      message: 'must have a weekly rule, a date or a two-part pair',
    });
  }
  return problems;
}

/** One venue's plan file, read and spelt out (the tests and the seat-map bench use the demo's). */
export function readPlanFile(venueDir: string, planSlug: string): SeatingPlan {
  const file = join(venueDir, 'plans', `${planSlug}.json`);
  return expandPlan(planFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
}

/** A reserved plan's price bands, dearest-first as the demo names them (A…, R last). */
export const bandsOf = (plan: SeatingPlan): string[] =>
  plan.kind === 'reserved'
    ? [...new Set(plan.seats.map((seat) => seat.band))].sort((a, b) =>
        a === 'R' ? 1 : b === 'R' ? -1 : a.localeCompare(b),
      )
    : [];
