import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { packagedChromium } from '../setup/chromium';
import { packagedPostgresBinaries, startPostgresCluster } from '../setup/postgres';
import { launchBrowser } from './browser';

/**
 * `npm install && npm test` is the whole set-up on a bare machine: where no system Chromium or
 * PostgreSQL is installed, the run uses the copies npm packages ship. A machine that has system
 * ones (a developer's, this project's CI image with its PostgreSQL) would never exercise that
 * path, so these start the packaged ones on purpose.
 */
describe('the browser and database that npm ships', () => {
  it('starts the packaged PostgreSQL, which stores and answers', async () => {
    const cluster = await startPostgresCluster(await packagedPostgresBinaries());
    const client = new pg.Client({ connectionString: cluster.url });
    try {
      await client.connect();
      await client.query('CREATE TABLE seats (id text PRIMARY KEY)');
      await client.query("INSERT INTO seats VALUES ('A1')");
      await expect(client.query("INSERT INTO seats VALUES ('A1')")).rejects.toThrow(/duplicate/);
      const { rows } = await client.query<{ version: number }>(
        "SELECT current_setting('server_version_num')::int AS version",
      );
      expect(rows[0]!.version).toBeGreaterThanOrEqual(180_000);
    } finally {
      await client.end();
      cluster.stop();
    }
  });

  it('launches the packaged Chromium, which renders and runs a page', async () => {
    const browser = await launchBrowser(await packagedChromium());
    try {
      const page = await (await browser.newContext()).newPage();
      await page.setContent(
        '<button type="button" onclick="this.textContent = \'Reserved\'">Reserve</button>',
      );
      await page.getByRole('button', { name: 'Reserve' }).click();
      await expect.poll(() => page.getByRole('button').textContent()).toBe('Reserved');
      expect(Number.parseInt(browser.version(), 10)).toBeGreaterThanOrEqual(140);
    } finally {
      await browser.close();
    }
  });
});
