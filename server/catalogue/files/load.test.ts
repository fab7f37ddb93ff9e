import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVenues } from '../../../contract/venueFiles';
import { startServer } from '../../start';
import { CatalogueError, loadCatalogue } from './load';
import { expandPlan } from './plans';
import { planFileSchema, showFileSchema, venueCatalogueSchema } from './schema';

const repo = join(import.meta.dirname, '..', '..', '..');
let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the demo's venues/ folder to break, as a venue's own checkout would be. */
function venuesCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'catalogue-'));
  copies.push(root);
  cpSync(join(repo, 'venues'), join(root, 'venues'), { recursive: true });
  return join(root, 'venues');
}

function edit<T>(file: string, change: (data: T) => void): void {
  const data = JSON.parse(readFileSync(file, 'utf8')) as T;
  change(data);
  writeFileSync(file, JSON.stringify(data, null, 2));
}

interface ShowEdit {
  prices: { faceValue: number; band?: string }[];
  plan: string;
  runtime?: number;
}

function problemsOf(venuesDir: string): string[] {
  try {
    loadCatalogue(loadVenues(venuesDir));
  } catch (error) {
    if (error instanceof CatalogueError)
      return error.problems.map((p) => `${p.file}: ${p.path} ${p.message}`);
    throw error;
  }
  return [];
}

/** Six mistakes in five files of two venues. */
function brokenCatalogue(): string {
  const venues = venuesCopy();
  const lumen = join(venues, 'lumen-theatre');
  edit<ShowEdit>(join(lumen, 'shows', 'the-glass-orchard.json'), (show) => {
    show.prices[0]!.faceValue = -100;
    show.runtime = 150;
  });
  edit<ShowEdit>(join(lumen, 'shows', 'echoes-of-avalon.json'), (show) => {
    show.plan = 'main-house';
  });
  edit<{ promoCodes: { show?: string }[] }>(join(lumen, 'catalogue.json'), (settings) => {
    settings.promoCodes[0]!.show = 'the-glass-orchid';
  });
  edit<{ sections: { rows: { x: number | number[] }[] }[] }>(
    join(venues, 'harbor-arena', 'plans', 'arena.json'),
    (plan) => {
      plan.sections[0]!.rows[0]!.x = [1, 2];
    },
  );
  writeFileSync(join(venues, 'bayou-discovery', 'shows', 'swamp-after-dark.json'), '{ "title": ');
  return venues;
}

describe('the catalogue files', () => {
  it('load for the eight demo venues', () => {
    const catalogue = loadCatalogue(loadVenues(join(repo, 'venues')));
    expect(catalogue.venues).toHaveLength(8);
    expect(catalogue.venues.flatMap((v) => v.shows.map((s) => s.titleSlug))).toContain(
      'the-salt-road',
    );
    const arena = catalogue.venues.find((v) => v.bundle.settings.slug === 'harbor-arena')!;
    expect(arena.plans[0]!.plan.kind === 'reserved' && arena.plans[0]!.plan.seats).toHaveLength(
      20_000,
    );
  });

  it('name every problem with its file and JSON path, all at once', () => {
    expect(problemsOf(brokenCatalogue()).sort()).toEqual([
      expect.stringMatching(
        /^venues\/bayou-discovery\/shows\/swamp-after-dark\.json: \(root\) is not valid JSON/,
      ),
      'venues/harbor-arena/plans/arena.json: sections[0].rows[0].x must have one x per seat (25), has 2',
      'venues/lumen-theatre/catalogue.json: promoCodes[0].show names shows/the-glass-orchid.json, which this venue does not have',
      'venues/lumen-theatre/shows/echoes-of-avalon.json: plan names plans/main-house.json, which this venue does not have',
      'venues/lumen-theatre/shows/the-glass-orchard.json: (root) Unrecognized key: "runtime"',
      'venues/lumen-theatre/shows/the-glass-orchard.json: prices[0].faceValue must not be negative',
    ]);
  });

  it('say which band a show forgot to price', () => {
    const venues = venuesCopy();
    edit<ShowEdit>(join(venues, 'lone-star-theater', 'shows', 'texas-two-step.json'), (show) => {
      show.prices = show.prices.filter((price) => price.band !== 'R');
    });
    expect(problemsOf(venues)).toEqual([
      'venues/lone-star-theater/shows/texas-two-step.json: prices has no price for band R of plan "Theatre"',
    ]);
  });

  it('stop catalogue:check with every problem and a non-zero exit', async () => {
    const venues = brokenCatalogue();
    const run = promisify(execFile)(
      join(repo, 'node_modules', '.bin', 'tsx'),
      [join(repo, 'server', 'scripts', 'catalogueCheck.ts'), venues],
      { cwd: repo },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('The catalogue is invalid (6 problems)');
    expect(failure?.stderr).toContain(
      'venues/lumen-theatre/shows/the-glass-orchard.json: prices[0].faceValue must not be negative',
    );
  }, 60_000);

  it('stop the server from starting, with the same message', async () => {
    const venues = brokenCatalogue();
    const expected = problemsOf(venues);
    const started = startServer({ venuesDir: venues, dataDir: 'memory://', port: 0 });
    await expect(started).rejects.toBeInstanceOf(CatalogueError);
    const message = await started.catch((error: Error) => error.message);
    for (const line of expected) expect(message).toContain(line);
  });
});

describe('docs/catalogue.md', () => {
  it('shows files the schemas accept', () => {
    const text = readFileSync(join(repo, 'docs', 'catalogue.md'), 'utf8');
    const blocks = [...text.matchAll(/```json\n([\s\S]*?)```/g)].map(
      (m) => JSON.parse(m[1]!) as unknown,
    );
    expect(blocks).toHaveLength(4);
    const [show, settings, plan, areas] = blocks;
    expect(showFileSchema.parse(show).schedule.weekly).toHaveLength(2);
    expect(venueCatalogueSchema.parse(settings).promoCodes).toHaveLength(2);
    const studio = expandPlan(planFileSchema.parse(plan));
    expect(studio.kind === 'reserved' && studio.seats).toHaveLength(32);
    expect(expandPlan(planFileSchema.parse(areas)).kind).toBe('general-admission');
  });
});
