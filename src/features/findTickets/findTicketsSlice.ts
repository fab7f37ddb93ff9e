import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazySlice } from '@/app/rootReducer';

/** Why the request did not go: too many for this address, order or connection, or no answer. */
export type FindTicketsError = 'rate_limited' | 'retry';

export interface FindTicketsState {
  status: 'idle' | 'sending' | 'sent' | 'failed';
  /** The address as the guest typed it, for "we've sent it to …". */
  email: string | null;
  error: FindTicketsError | null;
}

const initialState: FindTicketsState = { status: 'idle', email: null, error: null };

/**
 * Find my tickets (issue 25): idle → sending → sent | failed. "Sent" is all the service ever
 * says, whether or not the pair matched an order; the page words it that way.
 */
export const findTicketsSlice = createSlice({
  name: 'findTickets',
  initialState,
  reducers: {
    ticketsRequested: (state, action: PayloadAction<{ email: string; orderNumber: string }>) => {
      state.status = 'sending';
      state.email = action.payload.email;
      state.error = null;
    },
    ticketsRequestSent: (state) => {
      state.status = 'sent';
    },
    ticketsRequestFailed: (state, action: PayloadAction<{ error: FindTicketsError }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    findTicketsLeft: () => initialState,
  },
  selectors: {
    selectFindTickets: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof findTicketsSlice> {}
}

const injected = injectLazySlice(findTicketsSlice);

export const { ticketsRequested, ticketsRequestSent, ticketsRequestFailed, findTicketsLeft } =
  findTicketsSlice.actions;

export const { selectFindTickets } = injected.selectors;
