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

/**
 * Applies pending migrations, then the function files, in one transaction; returns the versions
 * it applied.
 */
export async function migrate(
  db: Database,
  migrations = listMigrations(),
  functions = listFunctionFiles(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
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
    return pending.map((migration) => migration.version);
  });
}
