import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * One source of defaults for the build and the server: `.env` (if a developer made one) wins,
 * then `.env.example`'s non-empty values fill what is still unset. The process environment
 * always wins over both, so CI and production set variables the usual way.
 */
export function applyEnvDefaults(root: string, env: NodeJS.ProcessEnv = process.env): void {
  for (const file of ['.env', '.env.example']) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
      if (value !== '' && (env[key] === undefined || env[key] === '')) env[key] = value;
    }
  }
}
