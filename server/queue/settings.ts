import type { RateLimit } from '../http/rateLimit';

/** How this server runs the onsale queues of venues/<slug>/venue.json (issue 16). */
export interface OnsaleQueueSettings {
  /**
   * ONSALE_QUEUES (on by default, as in `.env.example`): the queues stand in front of their sales.
   * off: no sale is queued (a suite or bench of the plain shop that holds a queued show's seats).
   */
  enabled: boolean;
  /**
   * QUEUE_OPENS_IN_SECONDS: every sale opens this long after the first server on the database
   * starts, whatever its venue says (a browser journey that watches a sale open). Unset: as
   * configured.
   */
  openInSeconds: number | null;
  /** New places per client address (QUEUE_JOIN_RATE_LIMIT per 10 minutes). */
  joinRateLimit: RateLimit;
  /** How often each process offers to run the metering step (QUEUE_METER_INTERVAL_MS). */
  meterIntervalMs: number;
}

/**
 * A household or a venue's Wi-Fi has a few browsers, each one place per session; thirty in ten
 * minutes leaves room for them and stops a script taking a thousand places from one address.
 */
export const DEFAULT_QUEUE_JOIN_RATE_LIMIT: RateLimit = { max: 30, windowSeconds: 600 };
/** A second: outflow is metered by elapsed time, so the interval only sets how smooth it is. */
export const DEFAULT_QUEUE_METER_INTERVAL_MS = 1_000;

export const QUEUES_OFF: OnsaleQueueSettings = {
  enabled: false,
  openInSeconds: null,
  joinRateLimit: DEFAULT_QUEUE_JOIN_RATE_LIMIT,
  meterIntervalMs: DEFAULT_QUEUE_METER_INTERVAL_MS,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  }
  return number;
}

export function onsaleQueueSettingsFromEnv(env: NodeJS.ProcessEnv): OnsaleQueueSettings {
  const switchedOn = env.ONSALE_QUEUES ?? '';
  if (!['', 'on', 'off'].includes(switchedOn)) {
    throw new Error(`ONSALE_QUEUES must be on, off or empty, got "${switchedOn}"`);
  }
  const opens = env.QUEUE_OPENS_IN_SECONDS;
  return {
    enabled: switchedOn !== 'off',
    openInSeconds:
      opens === undefined || opens === '' ? null : whole(env, 'QUEUE_OPENS_IN_SECONDS', 0, 0),
    joinRateLimit: {
      ...DEFAULT_QUEUE_JOIN_RATE_LIMIT,
      max: whole(env, 'QUEUE_JOIN_RATE_LIMIT', DEFAULT_QUEUE_JOIN_RATE_LIMIT.max, 1),
    },
    meterIntervalMs: whole(env, 'QUEUE_METER_INTERVAL_MS', DEFAULT_QUEUE_METER_INTERVAL_MS, 50),
  };
}
