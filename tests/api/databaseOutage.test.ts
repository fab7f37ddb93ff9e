import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { newBuyer } from './buyers';
import { Relay } from './dbRelay';
import { openMigratedDatabase, seededPostgresUrl, venues } from './testDatabase';

const logLines: string[] = [];
const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string });

let db: Database | undefined;
let app: FastifyInstance | undefined;
let relay: Relay | undefined;

beforeAll(async () => {
  const url = await seededPostgresUrl();
  if (!url) return;
  const target = new URL(url);
  relay = new Relay(target.hostname, Number(target.port));
  await relay.open();
  target.port = String(relay.port);
  db = await openDatabase({ databaseUrl: target.toString() });
  app = await buildApp({
    db,
    venues,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await relay?.cut();
  await db?.close();
});

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a database outage', () => {
  it('runs against a real PostgreSQL in the server-postgres project', async ({ task }) => {
    if (task.file.projectName === 'server-postgres') {
      expect(app).toBeDefined();
      return;
    }
    expect(task.file.projectName).toBe('server-pglite');
    // Embedded PGlite lives in the process: it cannot go away under the server.
    const embedded = await openMigratedDatabase();
    expect(embedded.availability).toBeUndefined();
    await embedded.close();
  });

  // Only a server's database can go away: on PGlite the test above is the whole story.
  const onPostgres = Boolean(inject('databaseUrl'));
  // Registered, not skipped, where it can run: no skipped tests in the PGlite project's report.
  if (onPostgres)
    it('answers 503 with Retry-After, logs one line for it, and recovers when the database returns', async () => {
      const server = app!;
      const link = relay!;
      const buyer = await newBuyer(server);
      const urls = [
        '/api/uk/venues/lumen-theatre',
        '/api/uk/cms',
        '/api/uk/holds/00000000-0000-4000-8000-000000000000',
      ];
      const get = (url: string) =>
        server.inject({ method: 'GET', url, headers: { cookie: buyer.cookie } });
      expect((await get(urls[0]!)).statusCode).toBe(200);
      const before = logLines.length;

      await link.cut();
      const answers = [];
      for (let round = 0; round < 20; round += 1) {
        answers.push(...(await Promise.all(urls.flatMap((url) => [get(url), get(url), get(url)]))));
      }
      expect(answers).toHaveLength(180);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(apiErrorSchema.parse(answer.json()).code).toBe('service_unavailable');
      }
      const health = await server.inject({ method: 'GET', url: '/api/uk/health' });
      expect(health.statusCode).toBe(503);

      const duringOutage = logged().slice(before);
      const problems = duringOutage.filter((line) => line.level >= 40);
      expect(problems.map((line) => line.msg)).toEqual([
        'database unreachable: answering 503 until it answers again',
      ]);

      await link.open();
      await until(async () => (await get(urls[0]!)).statusCode === 200, 'the database to answer');
      for (const url of urls) expect((await get(url)).statusCode).not.toBe(503);
      const after = logged().slice(before);
      expect(after.filter((line) => line.msg === 'database answers again')).toHaveLength(1);
      expect(after.filter((line) => line.level >= 40)).toHaveLength(1);
    });
});
