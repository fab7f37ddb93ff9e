import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ROUTE_ENTRIES, splitSource } from '../../scripts/firstRouteMessages';
import { idsIn, readCatalogue, SOURCE_FILE } from '../../scripts/messageCatalogue';
import { staticGraph } from '../../scripts/staticGraph';

const root = join(import.meta.dirname, '..', '..');
const source = readCatalogue(join(root, SOURCE_FILE));
const { firstRoute, rest } = splitSource(root, source);
const graph = [...staticGraph(root, FIRST_ROUTE_ENTRIES).files]
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => relative(root, file).split('\\').join('/'));

describe('the first route and its messages', () => {
  it('follows static imports from the entry to the frame and What’s on, not into lazy pages', () => {
    expect(graph).toEqual(
      expect.arrayContaining([
        'src/app/router.tsx',
        'src/components/layout/Footer.tsx',
        'src/components/errors/errorPages.tsx',
        'src/features/catalogue/DirectoryPage.tsx',
        'src/i18n/VenueIntlProvider.tsx',
      ]),
    );
    expect(graph).not.toContain('src/features/catalogue/ShowPage.tsx');
    expect(graph).not.toContain('src/features/seatSelection/TicketsPage.tsx');
    expect(graph).not.toContain('src/features/hold/HoldBar.tsx');
  });

  it('ships every message a first-route module names in the first part', () => {
    const missing = graph.flatMap((file) =>
      idsIn(readFileSync(join(root, file), 'utf8'))
        .filter((id) => !(id in firstRoute))
        .map((id) => `${id} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it('ships the ids those modules build at run time too (footer links, regions, filters)', () => {
    const built = Object.keys(source).filter((id) =>
      /^(footer\.legal|directory\.region|directory\.country|directory\.filters\.when)\./.test(id),
    );
    expect(built.length).toBeGreaterThan(6);
    for (const id of built) expect(firstRoute, id).toHaveProperty([id]);
  });

  it('leaves other pages’ text to the lazy rest, each message in exactly one part', () => {
    expect(Object.keys(firstRoute).length).toBeLessThan(Object.keys(source).length / 4);
    expect(rest).toHaveProperty(['steps.payment.heading']);
    expect(rest).toHaveProperty(['seatMap.legend.wheelchair']);
    expect({ ...firstRoute, ...rest }).toEqual(source);
    expect(Object.keys(firstRoute).filter((id) => id in rest)).toEqual([]);
  });
});
