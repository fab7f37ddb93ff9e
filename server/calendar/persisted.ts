import { createHash } from 'node:crypto';
import type { GraphqlRequest } from '../../contract/api/calendar';
import { CALENDAR_QUERY } from '../../contract/api/calendarQuery';

/**
 * Which GraphQL documents run. Only those the shop itself sends (an allow-list built from
 * contract/api/calendarQuery.ts at start), asked for by sha256 as in Apollo's persisted queries
 * or sent as their exact text (a page loaded before a deploy). Varying the query text or its
 * operation cannot then get past a cache or make the database do other work; ad-hoc documents run
 * only where a developer turned them on.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const TRUSTED: ReadonlyMap<string, string> = new Map(
  [CALENDAR_QUERY].map((query) => [sha256(query), query]),
);

export type DocumentChoice =
  | { ok: true; query: string; trusted: boolean }
  | { ok: false; refusal: 'not_found' | 'hash_mismatch' | 'missing' };

export function chooseDocument(request: GraphqlRequest, adhocQueries: boolean): DocumentChoice {
  const hash = request.extensions?.persistedQuery?.sha256Hash;
  const text = request.query ?? undefined;
  if (hash !== undefined) {
    const known = TRUSTED.get(hash);
    if (known === undefined) return { ok: false, refusal: 'not_found' };
    // Apollo's clients may send both; the text must then be the one the hash names.
    if (text !== undefined && text !== known) return { ok: false, refusal: 'hash_mismatch' };
    return { ok: true, query: known, trusted: true };
  }
  if (text === undefined) return { ok: false, refusal: 'missing' };
  if (TRUSTED.has(sha256(text))) return { ok: true, query: text, trusted: true };
  return adhocQueries
    ? { ok: true, query: text, trusted: false }
    : { ok: false, refusal: 'not_found' };
}
