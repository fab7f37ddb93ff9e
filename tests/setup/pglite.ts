import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplates } from './databaseTemplates';

/**
 * The PGlite project's templates, migrated and seeded once per run in this run's own temp
 * folder; each test file loads one (tests/api/testDatabase.ts), and the folder goes at the end.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'stagedoor-pglite-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    project.provide('databaseTemplates', await buildPgliteTemplates(root));
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}
