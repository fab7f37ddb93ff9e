import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ForcedVariations } from '@/config/experiments';
import type { ConfigOverrideName } from '@/config/overrides';
import type { Attribution, SessionParams } from './launchParams';

export interface SessionState {
  sessionId: string;
  attribution: Attribution;
  forcedVariations: ForcedVariations;
  cfg: ConfigOverrideName | null;
  /**
   * The booking session's CSRF token, once the session service has issued one (the session
   * itself is an httpOnly cookie the page never sees).
   */
  csrfToken: string | null;
}

const initialState: SessionState = {
  // Replaced at start-up by the stored session id; tests that need buckets preload their own.
  sessionId: 'anonymous',
  attribution: {},
  forcedVariations: {},
  cfg: null,
  csrfToken: null,
};

export function sessionStateFrom(params: SessionParams): SessionState {
  return {
    sessionId: params.sessionId,
    attribution: params.attribution,
    forcedVariations: params.forcedVariations,
    cfg: params.cfg ?? null,
    csrfToken: null,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    paramsCaptured: (state, action: PayloadAction<SessionParams>) => ({
      ...sessionStateFrom(action.payload),
      csrfToken: state.csrfToken,
    }),
    bookingSessionStarted: (state, action: PayloadAction<{ csrfToken: string }>) => {
      state.csrfToken = action.payload.csrfToken;
    },
    /** The server no longer knows the session (expired, or its cookie was cleared). */
    bookingSessionLost: (state) => {
      state.csrfToken = null;
    },
  },
  selectors: {
    selectAttribution: (state) => state.attribution,
    selectForcedVariations: (state) => state.forcedVariations,
    selectSessionId: (state) => state.sessionId,
    selectConfigOverride: (state) => state.cfg,
    selectCsrfToken: (state) => state.csrfToken,
  },
});

export const { paramsCaptured, bookingSessionStarted, bookingSessionLost } = sessionSlice.actions;
export const {
  selectAttribution,
  selectForcedVariations,
  selectSessionId,
  selectConfigOverride,
  selectCsrfToken,
} = sessionSlice.selectors;
