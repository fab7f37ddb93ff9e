import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { QueueSettings } from '@contract/api/content';
import type { QueueTicket } from '@contract/api/queue';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadStatus } from '@/lib/loadState';

/**
 * Why the room cannot show a fresh place: the server is busy or unreachable (the flow keeps
 * trying, backing off), the client address joined too often, or the sale is unknown.
 */
export type QueueError = 'connection' | 'rateLimited' | 'notFound' | 'general';

export interface VenueQueue {
  status: LoadStatus;
  settings: QueueSettings | null;
}

export interface SaleTicket {
  /** `joining` until the first answer; `following` while the flow polls; `stopped` after abort. */
  status: 'joining' | 'following' | 'stopped';
  ticket: QueueTicket | null;
  /** When the browser got the current estimate, to count it down between answers. */
  receivedAt: number | null;
  error: QueueError | null;
}

export interface QueueState {
  /** Each venue's queue settings, read once per page load by the route gate. */
  venues: Record<string, VenueQueue>;
  tickets: Record<string, SaleTicket>;
  /** The booking API refused a hold for want of a pass: the gate sends the buyer back. */
  passRefused: boolean;
}

const initialState: QueueState = { venues: {}, tickets: {}, passRefused: false };

export interface JoinRequest {
  region: Region;
  saleId: string;
}

const slice = createSlice({
  name: 'queue',
  initialState,
  reducers: {
    settingsRequested: (state, action: PayloadAction<{ region: Region; venueSlug: string }>) => {
      state.venues[action.payload.venueSlug] = { status: 'loading', settings: null };
    },
    settingsLoaded: (
      state,
      action: PayloadAction<{ venueSlug: string; settings: QueueSettings }>,
    ) => {
      state.venues[action.payload.venueSlug] = {
        status: 'succeeded',
        settings: action.payload.settings,
      };
    },
    settingsFailed: (state, action: PayloadAction<{ venueSlug: string }>) => {
      state.venues[action.payload.venueSlug] = { status: 'failed', settings: null };
    },
    /** Request: take (or find again) this session's place and follow it until admitted. */
    joinRequested: (state, action: PayloadAction<JoinRequest>) => {
      const current = state.tickets[action.payload.saleId];
      state.tickets[action.payload.saleId] = {
        status: current?.ticket ? 'following' : 'joining',
        ticket: current?.ticket ?? null,
        receivedAt: current?.receivedAt ?? null,
        error: null,
      };
    },
    /** Success: a fresh answer from join or position. */
    ticketReceived: (state, action: PayloadAction<{ ticket: QueueTicket; receivedAt: number }>) => {
      const { ticket, receivedAt } = action.payload;
      const before = state.tickets[ticket.saleId];
      // The estimate counts down from when the queue last moved: an answer that finds the same
      // number ahead (the server's estimate unchanged) must not wind the countdown back up.
      const unmoved =
        before?.ticket?.phase === ticket.phase &&
        before.ticket.ahead === ticket.ahead &&
        before.ticket.estimatedWaitSeconds === ticket.estimatedWaitSeconds;
      state.tickets[ticket.saleId] = {
        status: 'following',
        ticket,
        receivedAt: unmoved ? (before.receivedAt ?? receivedAt) : receivedAt,
        error: null,
      };
    },
    /** Failure: the place is kept as last known while the flow tries again. */
    joinFailed: (state, action: PayloadAction<{ saleId: string; error: QueueError }>) => {
      const current = state.tickets[action.payload.saleId];
      if (current !== undefined) current.error = action.payload.error;
    },
    /** Abort: the buyer left the waiting room; the place stays on the server. */
    followAborted: (state, action: PayloadAction<{ saleId: string }>) => {
      const current = state.tickets[action.payload.saleId];
      if (current !== undefined) current.status = 'stopped';
    },
    passRefused: (state) => {
      state.passRefused = true;
    },
    /** The waiting room has taken the buyer back in; the refusal is dealt with. */
    passRefusalSeen: (state) => {
      state.passRefused = false;
    },
  },
  selectors: {
    selectVenueQueue: (state, venueSlug: string): VenueQueue | undefined => state.venues[venueSlug],
    selectSaleTicket: (state, saleId: string): SaleTicket | undefined => state.tickets[saleId],
    selectPassRefused: (state) => state.passRefused,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the route gate and the waiting room, never on the first route (app/rootReducer.ts). */
export const queueSlice = injectLazySlice(slice);

export const {
  settingsRequested,
  settingsLoaded,
  settingsFailed,
  joinRequested,
  ticketReceived,
  joinFailed,
  followAborted,
  passRefused,
  passRefusalSeen,
} = queueSlice.actions;
export const { selectVenueQueue, selectSaleTicket, selectPassRefused } = queueSlice.selectors;

/** A ticket that lets the buyer on: admitted, with a pass that has not run out. */
export function hasLivePass(ticket: QueueTicket | null | undefined, now: number): boolean {
  if (ticket?.phase !== 'admitted' || ticket.pass === null) return false;
  return ticket.passExpiresAt === null || Date.parse(ticket.passExpiresAt) > now;
}
