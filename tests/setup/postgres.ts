import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL cluster; unset in the PGlite project. */
    databaseUrl?: string;
  }
}

const INSTALL_HINT =
  'PostgreSQL is not installed: run `apt-get install -y postgresql` and try again.';

function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config either: fall through to the install hint.
  }
  throw new Error(INSTALL_HINT);
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

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** initdb refuses to run as root, so as root every cluster command runs as the postgres user. */
function run(bin: string, args: string[]): void {
  if (process.getuid?.() === 0) {
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map(quote).join(' ')], {
      stdio: 'pipe',
    });
  } else {
    execFileSync(bin, args, { stdio: 'pipe' });
  }
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
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findBinDir();
  const work = mkdtempSync(join(tmpdir(), 'stagedoor-pg-'));
  const dataDir = join(work, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(work, uid, gid);
  }
  const port = await freePort();
  run(join(binDir, 'initdb'), [
    '--no-sync',
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '-D',
    dataDir,
  ]);
  const options = [
    `-p ${port}`,
    `-k ${work}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run(join(binDir, 'pg_ctl'), [
    '-w',
    '-D',
    dataDir,
    '-l',
    join(work, 'postgres.log'),
    '-o',
    options,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(binDir, 'pg_ctl'), ['-w', '-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/** Starts the run's cluster and provides its admin URL; each test file creates its own database. */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('databaseUrl', cluster.url);
  return () => cluster.stop();
}
