import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/catalogue/seed/seed';
import { localDate } from '../../server/lib/zonedTime';
import { databaseUrlOf } from '../setup/databaseTemplates';
import { venues } from '../setup/venues';

export { venues };

/**
 * A fresh PostgreSQL database in the run's cluster (server-postgres project), so test files
 * never see each other's rows: empty, or a copy of one of the run's templates. Returns its URL,
 * or undefined in the PGlite project.
 */
export async function freshPostgresUrl(template?: string): Promise<string | undefined> {
  const adminUrl = inject('databaseUrl');
  if (!adminUrl) return undefined;
  const name = `stagedoor_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return databaseUrlOf(adminUrl, name);
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

interface Copy {
  db: Database;
  /** Where it is on PostgreSQL, for more pools on it; unset on PGlite. */
  databaseUrl?: string;
}

/**
 * A copy of one of the run's templates: a database of its own on PostgreSQL; on PGlite an
 * in-memory database loaded from the template's dump.
 */
async function copyOf(template: string): Promise<Copy> {
  const databaseUrl = await freshPostgresUrl(template);
  if (databaseUrl) return { db: await openDatabase({ databaseUrl }), databaseUrl };
  const loadDataDir = new Blob([readFileSync(template)]);
  return { db: await openDatabase({ dataDir: 'memory://', loadDataDir }) };
}

/** How long a run's seed serves as "now" (a run takes minutes; a debugger may stop it longer). */
const SEED_SERVES_MS = 60 * 60_000;

/**
 * Whether the run's seed still says what a seed made now would: the seed places performances,
 * presales, promos and vouchers by local date, and memberships a number of days from its `now`,
 * so a seed made minutes ago on the same date in every venue's time zone (and UTC, the vouchers')
 * differs from a fresh one by those minutes of the memberships' dates only. Across a midnight
 * (or after a long pause) the file seeds its own, as every file did before issue 23.
 */
export function seedIsCurrent(seededAt: Date, now = new Date()): boolean {
  if (now.getTime() - seededAt.getTime() > SEED_SERVES_MS) return false;
  const zones = new Set(['UTC', ...venues.map((venue) => venue.settings.timezone)]);
  return [...zones].every((zone) => localDate(seededAt, zone) === localDate(now, zone));
}

async function migratedCopy(): Promise<Copy> {
  const templates = inject('databaseTemplates');
  if (templates) return copyOf(templates.migrated);
  const databaseUrl = await freshPostgresUrl();
  const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await migrate(db);
  return { db, databaseUrl };
}

/** Seeded at `now`: a copy of the run's seed when that is the same, else seeded here. */
async function seededCopy(now?: Date): Promise<Copy> {
  const templates = inject('databaseTemplates');
  if (templates && now === undefined && seedIsCurrent(new Date(templates.seededAt))) {
    return copyOf(templates.seeded);
  }
  const copy = await migratedCopy();
  await seed(copy.db, venues, now);
  return copy;
}

export async function openMigratedDatabase(): Promise<Database> {
  return (await migratedCopy()).db;
}

export async function openSeededDatabase(now?: Date): Promise<Database> {
  return (await seededCopy(now)).db;
}

/** A fresh seeded PostgreSQL database for pools of a test's own; undefined on PGlite. */
export async function seededPostgresUrl(): Promise<string | undefined> {
  if (!inject('databaseUrl')) return undefined;
  const { db, databaseUrl } = await seededCopy();
  await db.close();
  return databaseUrl;
}
