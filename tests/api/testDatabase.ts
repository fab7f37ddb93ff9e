import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { loadVenues, type VenueBundle } from '../../contract/venueFiles';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/catalogue/seed/seed';
import { VENUES_DIR } from '../../server/start';

/** The real venue folders, as the server loads them. */
export const venues: VenueBundle[] = loadVenues(VENUES_DIR);

/**
 * A fresh PostgreSQL database in the run's cluster (server-postgres project), so test files
 * never see each other's rows. Returns its URL, or undefined in the PGlite project.
 */
export async function freshPostgresUrl(): Promise<string | undefined> {
  const adminUrl = inject('databaseUrl');
  if (!adminUrl) return undefined;
  const name = `stagedoor_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty database of the project's driver: PGlite in memory or a fresh PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  const databaseUrl = await freshPostgresUrl();
  return openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
}

/**
 * Two handles on one fresh database, as two processes starting together would have: two pools
 * on PostgreSQL; on PGlite (one embedded database per process) the same instance twice.
 */
export async function openTestDatabasePair(): Promise<[Database, Database]> {
  const databaseUrl = await freshPostgresUrl();
  if (!databaseUrl) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return [db, db];
  }
  return [await openDatabase({ databaseUrl }), await openDatabase({ databaseUrl })];
}

export async function openMigratedDatabase(): Promise<Database> {
  const db = await openTestDatabase();
  await migrate(db);
  return db;
}

export async function openSeededDatabase(now?: Date): Promise<Database> {
  const db = await openMigratedDatabase();
  await seed(db, venues, now);
  return db;
}
