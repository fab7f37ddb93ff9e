import type { RateLimit } from '../http/rateLimit';

export interface GraphqlSettings {
  /** Calendar requests that reach the database, per client address. */
  rateLimit: RateLimit;
  /** Documents other than the shop's own run too (a developer exploring the schema). */
  adhocQueries: boolean;
}

/**
 * A buyer paging months back and forth, with and without a code, makes a few requests a minute;
 * 120 leaves room for a household behind one address while a flood of distinct months or codes
 * from one client stops within a minute.
 */
export const DEFAULT_CALENDAR_RATE_LIMIT: RateLimit = { max: 120, windowSeconds: 60 };

export function graphqlSettingsFromEnv(env: NodeJS.ProcessEnv): GraphqlSettings {
  const limit = env.CALENDAR_RATE_LIMIT;
  let max = DEFAULT_CALENDAR_RATE_LIMIT.max;
  if (limit !== undefined && limit !== '') {
    max = Number(limit);
    if (!Number.isInteger(max) || max < 1) {
      throw new Error(`CALENDAR_RATE_LIMIT must be a positive whole number, got "${limit}"`);
    }
  }
  const adhoc = env.GRAPHQL_ADHOC_QUERIES ?? '';
  if (adhoc !== '' && adhoc !== '0' && adhoc !== '1') {
    throw new Error(`GRAPHQL_ADHOC_QUERIES must be 1, 0 or empty, got "${adhoc}"`);
  }
  if (adhoc === '1' && env.NODE_ENV === 'production') {
    throw new Error(
      'GRAPHQL_ADHOC_QUERIES=1 is for development; production runs only the shop’s own queries',
    );
  }
  return {
    rateLimit: { ...DEFAULT_CALENDAR_RATE_LIMIT, max },
    adhocQueries: adhoc === '1',
  };
}
