import {
  ATTRIBUTION_EMAIL_MAX,
  ATTRIBUTION_EMAIL_PATTERN,
  ATTRIBUTION_VALUE_PATTERN,
} from '@contract/patterns';
import { parseForcedVariations, type ForcedVariations } from '@/config/experiments';
import { isConfigOverride, type ConfigOverrideName } from '@/config/overrides';

/**
 * Marketing attribution that travels with the order (spec §2 query parameters): sent with the
 * pay request (payment/paymentSaga.ts) and kept on the order (issue 24).
 */
export interface Attribution {
  crmCampaignId?: string;
  crmUserId?: string;
  crmEmail?: string;
  src?: string;
}

export interface SessionParams {
  /** Stable for the browser tab's session; seeds experiment buckets. */
  sessionId: string;
  attribution: Attribution;
  forcedVariations: ForcedVariations;
  cfg?: ConfigOverrideName;
}

export const SESSION_STORAGE_KEY = 'stagedoor.session';

const ATTRIBUTION_KEYS = ['crmCampaignId', 'crmUserId', 'crmEmail', 'src'] as const;

/** The booking API's own rules (contract/patterns.ts), so a value kept here is never refused there. */
function validAttribution(key: (typeof ATTRIBUTION_KEYS)[number], value: string): boolean {
  if (key === 'crmEmail')
    return value.length <= ATTRIBUTION_EMAIL_MAX && ATTRIBUTION_EMAIL_PATTERN.test(value);
  return ATTRIBUTION_VALUE_PATTERN.test(value);
}

export function parseAttribution(params: URLSearchParams): Attribution {
  const attribution: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = params.get(key);
    if (value !== null && validAttribution(key, value)) attribution[key] = value;
  }
  return attribution;
}

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Re-validates what was stored, since sessionStorage can be edited by anything on the page. */
function readStored(storage: Storage | undefined): Partial<SessionParams> {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return {};
    const stored = JSON.parse(raw) as Partial<Record<keyof SessionParams, unknown>>;
    const params = new URLSearchParams();
    if (typeof stored.attribution === 'object' && stored.attribution !== null) {
      for (const [key, value] of Object.entries(stored.attribution)) {
        if (typeof value === 'string') params.set(key, value);
      }
    }
    const forced =
      typeof stored.forcedVariations === 'object' && stored.forcedVariations !== null
        ? Object.entries(stored.forcedVariations)
            .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
            .map(([name, variation]) => `${name}:${variation}`)
        : [];
    return {
      sessionId:
        typeof stored.sessionId === 'string' && /^[\w-]{8,64}$/.test(stored.sessionId)
          ? stored.sessionId
          : undefined,
      attribution: parseAttribution(params),
      forcedVariations: parseForcedVariations(forced),
      cfg: typeof stored.cfg === 'string' && isConfigOverride(stored.cfg) ? stored.cfg : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * Reads the launch query parameters, merges them over what this session already stored (a new
 * link wins) and stores the result, so they survive navigation and reload.
 */
export function captureSessionParams(search: string, storage: Storage | undefined): SessionParams {
  const params = new URLSearchParams(search);
  const stored = readStored(storage);
  const cfgParam = params.get('cfg');
  const session: SessionParams = {
    sessionId: stored.sessionId ?? newSessionId(),
    attribution: { ...stored.attribution, ...parseAttribution(params) },
    forcedVariations: {
      ...stored.forcedVariations,
      ...parseForcedVariations(params.getAll('force-opty')),
    },
  };
  const cfg = cfgParam !== null && isConfigOverride(cfgParam) ? cfgParam : stored.cfg;
  if (cfg !== undefined) session.cfg = cfg;
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Private browsing can refuse storage; the values still apply to this page view.
  }
  return session;
}
