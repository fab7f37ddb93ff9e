import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));

/**
 * Key of the advisory lock that serialises schema changes and the seed, so two processes
 * starting together on one PostgreSQL do not both apply a migration.
 */
export const SCHEMA_LOCK_KEY = 73_210_001;

export interface Migration {
  version: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(`${dir}/${name}`, 'utf8'),
    }));
}

/**
 * Database functions with one home each (functions/pricing.sql: the price rule; holds.sql: the
 * live hold functions), written as CREATE OR REPLACE so they are applied again after the
 * numbered migrations on every run.
 */
export function listFunctionFiles(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(`${dir}/${name}`, 'utf8'));
}

/** One hash of every migration and function file, as this build has them. */
export function schemaFingerprint(migrations: Migration[], functions: string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ migrations, functions }));
  return hash.digest('hex');
}

/** The fingerprint of the schema the database was last migrated to; undefined before any. */
async function appliedFingerprint(db: Database): Promise<string | undefined> {
  const { rows } = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_fingerprint') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return undefined;
  const applied = await db.query<{ fingerprint: string }>(
    'SELECT fingerprint FROM schema_fingerprint',
  );
  return applied.rows[0]?.fingerprint;
}

/**
 * Applies pending migrations, then the function files, in one transaction; returns the versions
 * it applied. A database already migrated to exactly these files is left alone after one
 * look at its fingerprint (issue 26: a restart re-applied every function and loaded PL/pgSQL
 * to do it). The fingerprint is written in the transaction that applies the files, so a
 * matching one means all of them are in; no lock is needed to read it.
 */
export async function migrate(
  db: Database,
  migrations = listMigrations(),
  functions = listFunctionFiles(),
): Promise<string[]> {
  const fingerprint = schemaFingerprint(migrations, functions);
  if ((await appliedFingerprint(db)) === fingerprint) return [];
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS schema_fingerprint (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      fingerprint text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    }
    for (const sql of functions) await tx.exec(sql);
    await tx.query(
      `INSERT INTO schema_fingerprint (fingerprint) VALUES ($1)
       ON CONFLICT (only_row) DO UPDATE SET fingerprint = excluded.fingerprint, applied_at = now()`,
      [fingerprint],
    );
    return pending.map((migration) => migration.version);
  });
}
