import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ForcedVariations } from '@/features/experiments/experiments';
import type { ConfigOverrideName } from '@/config/overrides';
import type { Attribution, SessionParams } from './launchParams';

export interface SessionState {
  sessionId: string;
  attribution: Attribution;
  forcedVariations: ForcedVariations;
  cfg: ConfigOverrideName | null;
}

const initialState: SessionState = {
  // Replaced at start-up by the stored session id; tests that need buckets preload their own.
  sessionId: 'anonymous',
  attribution: {},
  forcedVariations: {},
  cfg: null,
};

export function sessionStateFrom(params: SessionParams): SessionState {
  return {
    sessionId: params.sessionId,
    attribution: params.attribution,
    forcedVariations: params.forcedVariations,
    cfg: params.cfg ?? null,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    paramsCaptured: (_state, action: PayloadAction<SessionParams>) =>
      sessionStateFrom(action.payload),
  },
  selectors: {
    selectAttribution: (state) => state.attribution,
    selectForcedVariations: (state) => state.forcedVariations,
    selectSessionId: (state) => state.sessionId,
    selectConfigOverride: (state) => state.cfg,
  },
});

export const { paramsCaptured } = sessionSlice.actions;
export const { selectAttribution, selectForcedVariations, selectSessionId, selectConfigOverride } =
  sessionSlice.selectors;
