import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sessionSchema } from '../../contract/api/session';
import { openDatabase } from '../../server/db/database';
import { seededPostgresUrl } from './testDatabase';

/**
 * Issue 26: `npm start` runs the server compiled to JavaScript (vite.server.config.ts), not the
 * TypeScript sources under tsx. Built here into a folder of its own and started with plain Node
 * on a copy of the run's seeded database, it must find everything it reads from disk (the
 * migrations, venues, email wording) and PGlite's files, and load the common-password list only
 * when a password is set.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the checkout, as dist-server/ is: the bundle finds its packages in node_modules above it.
mkdirSync(join(root, 'test-results'), { recursive: true });
const work = mkdtempSync(join(root, 'test-results', 'compiled-server-'));
const outDir = join(work, 'server');
const PASSWORD_LIST = '@zxcvbn-ts/language-common';

let chunks: Rolldown.OutputChunk[] = [];
let server: ChildProcess | undefined;
let output = '';
let base = '';
let outbox = '';

/** Where the seeded copy is: a database URL on PostgreSQL, a data directory on PGlite. */
async function seededData(): Promise<Record<string, string>> {
  const databaseUrl = await seededPostgresUrl();
  if (databaseUrl) return { DATABASE_URL: databaseUrl };
  const dataDir = join(work, 'data');
  const templates = inject('databaseTemplates');
  if (templates) {
    // The run's seeded dump, written out as a data directory a restarted server would find.
    const loadDataDir = new Blob([readFileSync(templates.seeded)]);
    await (await openDatabase({ dataDir, loadDataDir })).close();
  }
  return { DATABASE_URL: '', DATA_DIR: dataDir };
}

/** Resolves with the server's address once it prints it (main.ts), with its outbox address. */
function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      base = /running at (http:\S+?)\/? /.exec(output)?.[1] ?? '';
      outbox = /Emails the shop writes: (\S+)/.exec(output)?.[1] ?? '';
      if (base && outbox) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  const result = await build({
    root,
    configFile: join(root, 'vite.server.config.ts'),
    logLevel: 'warn',
    build: { outDir },
  });
  chunks = (Array.isArray(result) ? result : [result]).flatMap((bundle) =>
    'output' in bundle
      ? bundle.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
      : [],
  );
  // Plain Node, as `npm run serve` runs it: no TypeScript loader, none through NODE_OPTIONS.
  const child = spawn(process.execPath, [join(outDir, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...(await seededData()),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '',
      NODE_ENV: 'development',
      OUTBOX_VIEWER: '1',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  await started(child);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

async function newBuyer() {
  const response = await fetch(`${base}/services/session/sessions`, { method: 'POST' });
  const cookie = String(response.headers.get('set-cookie')).split(';')[0]!;
  return { cookie, csrf: sessionSchema.parse(await response.json()).csrfToken };
}

async function register(email: string, password: string) {
  const buyer = await newBuyer();
  return fetch(`${base}/services/customer-accounts/accounts/register`, {
    method: 'POST',
    headers: {
      cookie: buyer.cookie,
      'x-csrf-token': buyer.csrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password,
      firstName: 'Grace',
      lastName: 'Hopper',
      marketingOptIn: false,
      venue: 'lumen-theatre',
    }),
  });
}

describe('the compiled server', () => {
  it('serves the seeded catalogue and its API description', async () => {
    expect((await fetch(`${base}/api/uk/health`)).status).toBe(200);
    const show = await fetch(`${base}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`);
    expect(show.status).toBe(200);
    expect(await show.text()).toContain('The Glass Orchard');
    const openapi = await fetch(`${base}/api/openapi.json`);
    expect(((await openapi.json()) as { info: { title: string } }).info.title).toBe(
      'Stagedoor booking API',
    );
  });

  it("writes emails in the venue's words, read from the checkout's locales", async () => {
    const email = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await register(email, 'violet tram crossing dusk')).status).toBe(202);
    const deadline = Date.now() + 15_000;
    let subjects: string[] = [];
    while (subjects.length === 0 && Date.now() < deadline) {
      const emails = (await (await fetch(`${outbox}?format=json`)).json()) as {
        recipient: string;
        subject: string;
      }[];
      subjects = emails.filter((row) => row.recipient === email).map((row) => row.subject);
      if (subjects.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subjects).toEqual(['Activate your account with The Lumen Theatre']);
  });

  it('refuses a common password, from a list it loads only when a password is set', async () => {
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const atStart = new Set<string>();
    const visit = (name: string) => {
      if (atStart.has(name)) return;
      atStart.add(name);
      for (const next of byName.get(name)?.imports ?? []) visit(next);
    };
    visit(entry.fileName);
    expect([...atStart]).not.toContain(PASSWORD_LIST);
    expect(chunks.some((chunk) => chunk.imports.includes(PASSWORD_LIST))).toBe(true);

    const refused = await register(
      `ada-${crypto.randomUUID().slice(0, 8)}@example.com`,
      'Password1234',
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'validation_failed',
      fields: ['body.password'],
    });
  });
});
