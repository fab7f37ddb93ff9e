import { join } from 'node:path';
import { CALENDAR_QUERY_EXTENSIONS } from '../contract/api/calendarQuery';
import { closedLoop, type LoopWindow } from './closedLoop';
import { startServerProcess } from './serverProcess';
import { percentile, round1 } from './stats';

/**
 * Issue 26: one address floods the calendar while other buyers open a seat map. The server is
 * what `npm start` runs on the embedded database, logging at info as in production, behind a
 * proxy it trusts (TRUST_PROXY=loopback), so each client has an address of its own in
 * X-Forwarded-For and the per-address limits key by it. Figures:
 * - flood.quietSeatmapP95Ms: p95 of a seat map (its plan and its seat status, fetched together
 *   as the tickets page does) for BUYERS buyers with nobody flooding;
 * - flood.seatmapP95Ms: the same while FLOODERS clients from one address send calendar requests
 *   for changing months as fast as they are answered (the calendar limit refuses most);
 * - flood.seatmapP95Ratio: the second over the first;
 * - flood.refusedPerSecond, flood.answered, flood.serverErrors: the flood's 429s a second, the
 *   requests the calendar limit let through (real reads, 120 a minute by default), any 5xx.
 */
const BUYERS = 4;
const FLOODERS = 12;
const FLOOD_ADDRESS = '203.0.113.66';
const WINDOW: LoopWindow = { warmupMs: 1_000, durationMs: 6_000 };
const REGION_API = '/api/uk';

interface SeatMapTarget {
  planUrl: string;
  seatsUrl: string;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The Lumen's The Glass Orchard, its next performance: the page a buyer has open. */
async function seatMapTarget(base: string): Promise<SeatMapTarget> {
  const show = await json<{ performances: { upcoming: { id: string }[] } }>(
    `${base}${REGION_API}/venues/lumen-theatre/shows/the-glass-orchard`,
  );
  const performanceId = show.performances.upcoming[0]?.id;
  if (performanceId === undefined) throw new Error('the show has no upcoming performance');
  const seatsUrl = `${base}${REGION_API}/performances/${performanceId}/seats`;
  const { planId } = await json<{ planId: string }>(seatsUrl);
  return { planUrl: `${base}${REGION_API}/plans/${planId}`, seatsUrl };
}

async function seatMapP95(target: SeatMapTarget): Promise<number> {
  const buyers = Array.from({ length: BUYERS }, (_, k) => `10.26.0.${k + 1}`);
  const { latencies } = await closedLoop(buyers, WINDOW, async (address) => {
    const headers = { 'x-forwarded-for': address, 'accept-encoding': 'gzip, br' };
    const answers = await Promise.all(
      [target.planUrl, target.seatsUrl].map(async (url) => {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    if (answers.some((status) => status !== 200)) {
      throw new Error(`a buyer's seat map answered ${answers.join(', ')}`);
    }
    return 'won';
  });
  return round1(percentile(latencies, 95));
}

/** Calendar requests for one month after another, from one address, until `stop` is set. */
function flood(base: string, stop: { now: boolean }) {
  const counts = { refused: 0, answered: 0, serverErrors: 0 };
  let month = 0;
  const started = performance.now();
  const done = Promise.all(
    Array.from({ length: FLOODERS }, async () => {
      while (!stop.now) {
        month += 1;
        const at = new Date(Date.UTC(2026, month % 24, 1));
        const response = await fetch(`${base}${REGION_API}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': FLOOD_ADDRESS },
          body: JSON.stringify({
            variables: {
              venueSlug: 'lumen-theatre',
              titleSlug: 'the-glass-orchard',
              month: at.toISOString().slice(0, 7),
            },
            extensions: CALENDAR_QUERY_EXTENSIONS,
          }),
        });
        await response.arrayBuffer();
        if (response.status === 429) counts.refused += 1;
        else if (response.status >= 500) counts.serverErrors += 1;
        else counts.answered += 1;
      }
    }),
  );
  return done.then(() => ({ ...counts, seconds: (performance.now() - started) / 1000 }));
}

export async function benchFlood(workDir: string): Promise<Record<string, number>> {
  const server = await startServerProcess({
    DATA_DIR: join(workDir, 'flood-db'),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
  });
  try {
    const target = await seatMapTarget(server.base);
    const quiet = await seatMapP95(target);
    const stop = { now: false };
    const flooding = flood(server.base, stop);
    const loaded = await seatMapP95(target);
    stop.now = true;
    const { refused, answered, serverErrors, seconds } = await flooding;
    return {
      'flood.quietSeatmapP95Ms': quiet,
      'flood.seatmapP95Ms': loaded,
      'flood.seatmapP95Ratio': Math.round((loaded / quiet) * 100) / 100,
      'flood.refusedPerSecond': Math.round(refused / seconds),
      'flood.answered': answered,
      'flood.serverErrors': serverErrors,
    };
  } finally {
    await server.stop();
  }
}
