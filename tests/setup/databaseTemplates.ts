import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/catalogue/seed/seed';
import { venues } from './venues';

/**
 * The run's seed-once databases (issue 23). Migrating and seeding took most of every API file's
 * set-up, on both drivers, so a run does it once and every file starts from its own copy:
 * database names on PostgreSQL (CREATE DATABASE … TEMPLATE), data directory dumps on PGlite.
 */
export interface DatabaseTemplates {
  /** Migrated, nothing seeded: copied by openMigratedDatabase(). */
  migrated: string;
  /** Migrated and seeded with the real venues at `seededAt`: copied by openSeededDatabase(). */
  seeded: string;
  /** The `now` the seed scheduled performances, promos and memberships from (ISO). */
  seededAt: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unset where no global set-up made them: each file then migrates and seeds its own. */
    databaseTemplates?: DatabaseTemplates;
  }
}

/** The URL of database `name` in the cluster whose admin URL is `adminUrl`. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrated(db: Database): Promise<void> {
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

async function seeded(db: Database, seededAt: Date): Promise<void> {
  try {
    await seed(db, venues, seededAt);
  } finally {
    await db.close();
  }
}

/** Two template databases in the cluster at `adminUrl`; nobody stays connected to either. */
export async function buildPostgresTemplates(adminUrl: string): Promise<DatabaseTemplates> {
  const names = { migrated: 'stagedoor_migrated', seeded: 'stagedoor_seeded' };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${names.migrated}`);
    await migrated(await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, names.migrated) }));
    await admin.query(`CREATE DATABASE ${names.seeded} TEMPLATE ${names.migrated}`);
    const seededAt = new Date();
    await seeded(
      await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, names.seeded) }),
      seededAt,
    );
    return { ...names, seededAt: seededAt.toISOString() };
  } finally {
    await admin.end();
  }
}

/**
 * Two PGlite data directories, built under `root` and dumped there as tarballs: each test file
 * loads one into an in-memory PGlite, which runs the suite's queries far faster than one on
 * disk (whose close also writes back every page a file touched).
 */
export async function buildPgliteTemplates(root: string): Promise<DatabaseTemplates> {
  const dirs = { migrated: join(root, 'migrated'), seeded: join(root, 'seeded') };
  await migrated(await openDatabase({ dataDir: dirs.migrated }));
  cpSync(dirs.migrated, dirs.seeded, { recursive: true });
  const seededAt = new Date();
  await seeded(await openDatabase({ dataDir: dirs.seeded }), seededAt);
  return {
    migrated: await dumpPglite(dirs.migrated),
    seeded: await dumpPglite(dirs.seeded),
    seededAt: seededAt.toISOString(),
  };
}

/** PGlite's own dump of a closed data directory, uncompressed (it loads faster), beside it. */
async function dumpPglite(dataDir: string): Promise<string> {
  const pglite = await PGlite.create({ dataDir });
  try {
    const dump = await pglite.dumpDataDir('none');
    const file = `${dataDir}.tar`;
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}
