import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmsRootSchema } from '../../contract/api/content';
import { sessionSchema } from '../../contract/api/session';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { freshPostgresUrl } from './testDatabase';

const dataDir = mkdtempSync(join(tmpdir(), 'stagedoor-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('serves over HTTP and keeps data across a restart', async () => {
    const databaseUrl = await freshPostgresUrl();
    const options = { port: 0, host: '127.0.0.1', dataDir, databaseUrl, logLevel: 'silent' };

    const first = await startServer(options);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const cms = cmsRootSchema.parse(
      await (await fetch(new URL('api/us-west/cms', first.url))).json(),
    );
    expect(cms.venues.map((venue) => venue.slug)).toEqual(['golden-gate-playhouse']);
    const created = await fetch(new URL('services/session/sessions', first.url), {
      method: 'POST',
    });
    expect(created.status).toBe(201);
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = sessionSchema.parse(await created.json());
    const performances = await first.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM performances',
    );
    await first.close();
    await expect(fetch(new URL('api/uk/health', first.url))).rejects.toThrow();

    const second = await startServer(options);
    try {
      // Same catalogue (the seed did not run again) and the session written before the restart.
      const again = await second.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM performances',
      );
      expect(again.rows[0]!.n).toBe(performances.rows[0]!.n);
      const resumed = await fetch(new URL('services/session/sessions', second.url), {
        method: 'POST',
        headers: { cookie },
      });
      expect(resumed.status).toBe(200);
      expect(sessionSchema.parse(await resumed.json()).csrfToken).toBe(csrfToken);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('serves only its own region when given one', async () => {
    const databaseUrl = await freshPostgresUrl();
    const server = await startServer({
      port: 0,
      dataDir: 'memory://',
      databaseUrl,
      region: 'us-central',
      logLevel: 'silent',
    });
    try {
      expect((await fetch(new URL('api/us-central/health', server.url))).status).toBe(200);
      const other = await fetch(new URL('api/uk/cms', server.url));
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('puts /metrics and /ready on METRICS_PORT, off the shop port, and closes it with the server', async () => {
    const token = 'restart-test-metrics-token-0123456789';
    const server = await startServer({
      port: 0,
      dataDir: 'memory://',
      databaseUrl: await freshPostgresUrl(),
      region: 'us-central',
      logLevel: 'silent',
      config: loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '0' }),
    });
    const operatorUrl = server.operatorUrl!;
    try {
      expect(operatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(operatorUrl).not.toBe(server.url);
      const bearer = { authorization: `Bearer ${token}` };
      const scraped = await fetch(new URL('metrics', operatorUrl), { headers: bearer });
      expect(scraped.status).toBe(200);
      // The process serves one region: its process-wide numbers say so.
      expect(await scraped.text()).toMatch(/stagedoor_db_connections\{region="us-central"/);
      expect((await fetch(new URL('metrics', operatorUrl))).status).toBe(401);
      expect(await (await fetch(new URL('ready', operatorUrl))).json()).toEqual({
        status: 'ready',
      });
      // The shop's port answers /ready but never /metrics, token or not.
      expect((await fetch(new URL('metrics', server.url), { headers: bearer })).status).toBe(404);
      expect((await fetch(new URL('ready', server.url))).status).toBe(200);
    } finally {
      await server.close();
    }
    await expect(fetch(new URL('ready', operatorUrl))).rejects.toThrow();
  }, 120_000);
});
