import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountSummary, SignInBody, SignInState, SignOutReason } from '@contract/api/auth';

export type { AccountSummary, SignInState, SignOutReason } from '@contract/api/auth';

/** Why a sign-in attempt was refused, in the words the form can say. */
/**
 * A sign-in as an answer gives it, with (when the flow measured it) the idle limit on the
 * page's own clock. Without it, the server's instant is taken as it is.
 */
export type SignInUpdate = SignInState & { idleDeadline?: number | null };

export type SignInError = 'credentials' | 'throttled' | 'unavailable' | 'connection' | 'general';

/**
 * The buyer's sign-in (issue 14). `status` is the first read of `GET /services/auth/session`:
 * until it answers the header shows neither "Sign in" nor the account, so a member never sees
 * a flash of "Sign in". The two limits are the server's; the inactivity warning counts down to
 * `idleExpiresAt` on the page's own clock.
 */
export interface AuthState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  account: AccountSummary | null;
  idleExpiresAt: string | null;
  absoluteExpiresAt: string | null;
  /**
   * When the idle limit ends on the page's clock (ms): the server's limit moved by how far its
   * clock was from the page's when it answered, so a laptop's wrong clock (or a test's fake
   * one) warns at the right moment of the buyer's own time.
   */
  idleDeadline: number | null;
  signIn: { status: 'idle' | 'loading' | 'failed'; error: SignInError | null };
  signOut: { status: 'idle' | 'loading' | 'failed' };
  /** The inactivity warning is open (2 minutes before the idle limit). */
  idleWarning: boolean;
  /**
   * The last sign-in ended by the inactivity limit: first the timeout dialog, then (once it is
   * closed) the alert whose "Refresh page" reloads the shop, until the page is reloaded.
   */
  timeout: 'none' | 'dialog' | 'alert';
  /**
   * Set when the time-out was a guest's with seats held (issue 24): their seats were let go, and
   * "Start again" leads here (the performance's seats). Null for a member's time-out.
   */
  guestRestart: string | null;
}

const initialState: AuthState = {
  status: 'idle',
  account: null,
  idleExpiresAt: null,
  absoluteExpiresAt: null,
  idleDeadline: null,
  signIn: { status: 'idle', error: null },
  signOut: { status: 'idle' },
  idleWarning: false,
  timeout: 'none',
  guestRestart: null,
};

function take(state: AuthState, update: SignInUpdate) {
  state.account = update.account;
  state.idleExpiresAt = update.idleExpiresAt;
  state.absoluteExpiresAt = update.absoluteExpiresAt;
  state.idleDeadline =
    update.idleDeadline ??
    (update.idleExpiresAt === null ? null : Date.parse(update.idleExpiresAt));
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionLoadRequested: (state) => {
      if (state.status !== 'succeeded') state.status = 'loading';
    },
    /** The server's view of this browser's sign-in (at start, or re-read before a warning). */
    sessionLoaded: (state, action: PayloadAction<SignInUpdate>) => {
      state.status = 'succeeded';
      take(state, action.payload);
      if (action.payload.account === null) state.idleWarning = false;
    },
    /** Unreachable: the shop goes on as a guest, and nobody is told they are signed out. */
    sessionLoadFailed: (state) => {
      if (state.status !== 'succeeded') state.status = 'failed';
    },
    signInRequested: (state, _action: PayloadAction<SignInBody>) => {
      state.signIn = { status: 'loading', error: null };
    },
    signedIn: (state, action: PayloadAction<SignInUpdate>) => {
      state.status = 'succeeded';
      take(state, action.payload);
      state.signIn = { status: 'idle', error: null };
      state.idleWarning = false;
      state.timeout = 'none';
      state.guestRestart = null;
    },
    signInFailed: (state, action: PayloadAction<{ error: SignInError }>) => {
      state.signIn = { status: 'failed', error: action.payload.error };
    },
    signInReset: (state) => {
      state.signIn = { status: 'idle', error: null };
    },
    signOutRequested: (state, _action: PayloadAction<{ reason: SignOutReason }>) => {
      state.signOut = { status: 'loading' };
    },
    /** The signed-in session has ended; the browser now has an anonymous one. */
    signedOut: (state, action: PayloadAction<{ reason: SignOutReason }>) => ({
      ...initialState,
      status: 'succeeded',
      timeout: action.payload.reason === 'timeout' ? 'dialog' : state.timeout,
      guestRestart: action.payload.reason === 'timeout' ? null : state.guestRestart,
    }),
    signOutFailed: (state) => {
      state.signOut = { status: 'failed' };
    },
    keepAliveRequested: () => {},
    keptAlive: (state, action: PayloadAction<SignInUpdate>) => {
      take(state, action.payload);
      state.idleWarning = false;
    },
    idleWarningShown: (state) => {
      state.idleWarning = true;
    },
    /** The buyer closed the timeout dialog; the alert with "Refresh page" stays. */
    timeoutDialogClosed: (state) => {
      if (state.timeout === 'dialog') state.timeout = 'alert';
    },
    /**
     * A guest holding seats left the page untouched to the limit (GuestIdleWatch): their seats
     * have been let go, and the time-out dialog says so in the spec's words.
     */
    guestTimedOut: (state, action: PayloadAction<{ restartPath: string }>) => {
      state.timeout = 'dialog';
      state.guestRestart = action.payload.restartPath;
    },
    /** The guest chose "Start again": the time-out has been answered. */
    guestRestarted: (state) => {
      state.timeout = 'none';
      state.guestRestart = null;
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectAccount: (state) => state.account,
    selectSignedIn: (state) => state.account !== null,
    /** Whether the first read has answered (either way), so the header knows what to show. */
    selectAuthKnown: (state) => state.status === 'succeeded' || state.status === 'failed',
    selectIdleDeadline: (state) => state.idleDeadline,
    selectIdleWarning: (state) => state.idleWarning,
    selectTimeout: (state) => state.timeout,
  },
});

export const {
  sessionLoadRequested,
  sessionLoaded,
  sessionLoadFailed,
  signInRequested,
  signedIn,
  signInFailed,
  signInReset,
  signOutRequested,
  signedOut,
  signOutFailed,
  keepAliveRequested,
  keptAlive,
  idleWarningShown,
  timeoutDialogClosed,
  guestTimedOut,
  guestRestarted,
} = authSlice.actions;

export const {
  selectAuth,
  selectAccount,
  selectSignedIn,
  selectAuthKnown,
  selectIdleDeadline,
  selectIdleWarning,
  selectTimeout,
} = authSlice.selectors;
