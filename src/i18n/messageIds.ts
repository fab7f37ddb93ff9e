import type enGB from '../../locales/en-GB.json';

/** Every message id of the source catalogue; overrides may only use these. */
export type MessageId = keyof typeof enGB;

/** One override layer: a partial set of ids (checked by the catalogue test, not the type). */
export type Messages = Record<string, string>;

/** A merged catalogue: the source guarantees every id is present. */
export type Catalogue = Record<MessageId, string>;

export const LOCALES = ['en-GB', 'en-US'] as const;
export type AppLocale = (typeof LOCALES)[number];

/** The catalogue's own language: what every override layers on top of. */
export const SOURCE_LOCALE: AppLocale = 'en-GB';
