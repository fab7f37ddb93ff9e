import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import {
  venueSettingsSchema,
  venueThemeSchema,
  type VenueSettings,
  type VenueTheme,
} from './venue.ts';

/**
 * Node-only loader for `venues/<slug>/`, used by the Vite build (which fails on a bad venue),
 * the server (settings and seed) and the tests. Every error names the file and the field.
 */

export class VenueFileError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}: ${field ? `${field} ` : ''}${detail}`);
    this.name = 'VenueFileError';
  }
}

export interface VenueBundle {
  settings: VenueSettings;
  theme: VenueTheme;
  /** Locale → message overrides (the venue's text group). */
  messages: Record<string, Record<string, string>>;
  dir: string;
}

function readJson(file: string, root: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new VenueFileError(relative(root, file), '', `is not valid JSON (${String(error)})`);
  }
}

function parseWith<S extends z.ZodType>(schema: S, file: string, root: string): z.output<S> {
  const result = schema.safeParse(readJson(file, root));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new VenueFileError(relative(root, file), issue.path.join('.') || '(root)', issue.message);
  }
  return result.data;
}

export function loadVenue(dir: string, root = join(dir, '..', '..')): VenueBundle {
  const folder = dir.split(/[\\/]/).pop()!;
  const settingsFile = join(dir, 'venue.json');
  const settings = parseWith(venueSettingsSchema, settingsFile, root);
  if (settings.slug !== folder) {
    throw new VenueFileError(
      relative(root, settingsFile),
      'slug',
      `must equal the folder name "${folder}"`,
    );
  }
  const theme = parseWith(venueThemeSchema, join(dir, 'theme.json'), root);
  if (!existsSync(join(dir, 'logo.svg'))) {
    throw new VenueFileError(relative(root, join(dir, 'logo.svg')), '', 'is missing');
  }
  const messages: VenueBundle['messages'] = {};
  const messagesDir = join(dir, 'messages');
  if (existsSync(messagesDir)) {
    for (const file of readdirSync(messagesDir).filter((name) => name.endsWith('.json'))) {
      const data = readJson(join(messagesDir, file), root);
      if (
        typeof data !== 'object' ||
        data === null ||
        Array.isArray(data) ||
        Object.values(data).some((value) => typeof value !== 'string')
      ) {
        throw new VenueFileError(
          relative(root, join(messagesDir, file)),
          '',
          'must map message ids to strings',
        );
      }
      messages[file.replace(/\.json$/, '')] = data as Record<string, string>;
    }
  }
  return { settings, theme, messages, dir };
}

/** Loads every venue under `venuesDir`, sorted by slug. */
export function loadVenues(venuesDir: string): VenueBundle[] {
  const root = join(venuesDir, '..');
  return readdirSync(venuesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => loadVenue(join(venuesDir, entry.name), root))
    .sort((a, b) => a.settings.slug.localeCompare(b.settings.slug));
}
