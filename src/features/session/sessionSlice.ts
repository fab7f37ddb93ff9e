import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GUEST_IDLE_MINUTES } from '@contract/api/constants';
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
  /**
   * The guest inactivity limit the session service runs with (GUEST_IDLE_SECONDS), once it has
   * said; until then the shop's own default (GUEST_IDLE_MINUTES).
   */
  guestIdleSeconds?: number;
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
      ...(state.guestIdleSeconds === undefined ? {} : { guestIdleSeconds: state.guestIdleSeconds }),
    }),
    bookingSessionStarted: (
      state,
      action: PayloadAction<{ csrfToken: string; guestIdleSeconds?: number }>,
    ) => {
      state.csrfToken = action.payload.csrfToken;
      if (action.payload.guestIdleSeconds !== undefined)
        state.guestIdleSeconds = action.payload.guestIdleSeconds;
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
    selectGuestIdleSeconds: (state) => state.guestIdleSeconds ?? GUEST_IDLE_MINUTES * 60,
  },
});

export const { paramsCaptured, bookingSessionStarted, bookingSessionLost } = sessionSlice.actions;
export const {
  selectAttribution,
  selectForcedVariations,
  selectSessionId,
  selectConfigOverride,
  selectCsrfToken,
  selectGuestIdleSeconds,
} = sessionSlice.selectors;
