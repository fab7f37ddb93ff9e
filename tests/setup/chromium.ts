import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a system Chromium lives on the distributions we meet (Debian's package first). */
const SYSTEM_CHROMIUM = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export interface ChromiumBinary {
  executablePath: string;
  /** How it was found, printed by the test run so a failure names the browser it used. */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
  /** Environment the browser needs beyond the process's own (fonts for the packaged one). */
  env: Record<string, string>;
}

/**
 * The browser the end-to-end tests and the seat-map bench drive: CHROMIUM_PATH when set, a
 * system Chromium when there is one, else the headless Chromium that `@sparticuz/chromium` ships
 * inside its npm package (unpacked once into the temp dir), so `npm install && npm test` needs no
 * apt step. Memoised: one look-up (and at most one unpack) per process.
 */
export function findChromium(): Promise<ChromiumBinary> {
  found ??= locate();
  return found;
}

let found: Promise<ChromiumBinary> | undefined;

async function locate(): Promise<ChromiumBinary> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist.`);
    return { executablePath: configured, source: 'CHROMIUM_PATH', env: {} };
  }
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: 'system', env: {} };
  return packagedChromium();
}

export async function packagedChromium(): Promise<ChromiumBinary> {
  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  // The package unpacks its own fonts beside the browser; a machine without fontconfig would
  // otherwise lay text out with no font at all.
  const env: Record<string, string> = existsSync('/etc/fonts/fonts.conf')
    ? {}
    : { FONTCONFIG_PATH: join(tmpdir(), 'fonts') };
  return { executablePath, source: '@sparticuz/chromium', env };
}
