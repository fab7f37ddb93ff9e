import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import type { VenueSettings } from '../../contract/venue';

/**
 * The wording of emails, from the same catalogues as the SPA and layered the same way
 * (src/i18n/loadMessages.ts): en-GB source, the locale's overrides (en-US), the venue's brand
 * group, then the venue's own group, so an email calls things what the venue's pages call them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Messages = Record<string, string>;

function readLayer(path: string): Messages {
  const file = `${ROOT}${path}`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Messages) : {};
}

/** Values a message may interpolate; every one is plain text (emails use no rich tags). */
export type MessageValues = Record<string, string | number>;

export interface EmailText {
  locale: string;
  /** The message `id` formatted with `values`, as plain text. */
  (id: string, values?: MessageValues): string;
}

const catalogues = new Map<string, Messages>();

function catalogueFor(venue: VenueSettings): Messages {
  const key = `${venue.locale}/${venue.brand ?? ''}/${venue.slug}`;
  let catalogue = catalogues.get(key);
  if (!catalogue) {
    catalogue = {
      ...readLayer('locales/en-GB.json'),
      ...(venue.locale === 'en-GB' ? {} : readLayer(`locales/${venue.locale}.json`)),
      ...(venue.brand ? readLayer(`locales/brands/${venue.brand}/${venue.locale}.json`) : {}),
      ...readLayer(`venues/${venue.slug}/messages/${venue.locale}.json`),
    };
    catalogues.set(key, catalogue);
  }
  return catalogue;
}

/** Control characters in a value (a name typed with a line break) could fake a line of text. */
const flatten = (value: string | number) =>
  typeof value === 'string' ? value.replace(/\p{Cc}+/gu, ' ') : value;

/** The venue's wording in its locale; an unknown id is a programming error and throws. */
export function emailText(venue: VenueSettings): EmailText {
  const catalogue = catalogueFor(venue);
  const formats = new Map<string, IntlMessageFormat>();
  const text = (id: string, values: MessageValues = {}) => {
    let format = formats.get(id);
    if (!format) {
      const message = catalogue[id];
      if (message === undefined) throw new Error(`no message ${id}`);
      format = new IntlMessageFormat(message, venue.locale);
      formats.set(id, format);
    }
    const flat = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, flatten(value)]),
    );
    return String(format.format(flat));
  };
  return Object.assign(text, { locale: venue.locale });
}
