import { timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/api/session';
import type { Queryable } from '../db/database';
import { SIGN_IN_IDLE_MINUTES } from '../../contract/api/auth';
import { extendSignIn, findLiveSession, type LiveSession } from './queries/sessions';
import { ApiError } from '../lib/errors';
import { hashToken } from '../lib/tokenHash';

/** Session tokens are kept only as this digest (issued by server/http/sessionRoutes.ts). */
export const hashSessionToken = hashToken;

/** The session cookie's token as the browser sent it (parsed by @fastify/cookie). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Sets the session cookie for `token`. It lasts as long as its session row (`expiresAt`): a
 * signed-in session may outlive the anonymous term (issue 14), and an ended one is never kept.
 */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  secure: boolean,
  expiresAt: Date,
): FastifyReply {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    maxAge,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}

export interface BuyerSession {
  id: string;
  /** The signed-in account, null for a guest (or a sign-in past its idle or absolute limit). */
  accountId: string | null;
  /**
   * Set when the session came from the guest-session cache (`app.cachedGuest`), not from the
   * database: its cookie's token digest, which the route's statement must check against the
   * session row (hold_seats_once) before it writes anything, or `confirmSession` first.
   */
  unconfirmed?: { tokenHash: string };
}

/** How long a guest session read is reused, and for how many sessions at most. */
export const GUEST_SESSION_CACHE_MS = 30_000;
export const GUEST_SESSION_CACHE_SIZE = 10_000;

/**
 * Guest sessions (no account) as the database last gave them, by token digest (issue 26). A
 * buyer holding seats in an onsale sends one hold after another; reading their session each time
 * was a round trip of its own before the hold's statement. The cache only spares that read for
 * routes whose statement checks the session again in the same round trip, so an entry that has
 * gone stale (the session ended, signed in, its token replaced) is never acted on: it lets the
 * hook answer 401/403 before validation as before, and the statement is the judge.
 */
export class GuestSessionCache {
  private readonly entries = new Map<string, { id: string; csrfToken: string; readAt: number }>();

  constructor(
    private readonly ttlMs = GUEST_SESSION_CACHE_MS,
    private readonly maxEntries = GUEST_SESSION_CACHE_SIZE,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(tokenHash: string): { id: string; csrfToken: string } | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt < this.ttlMs) return entry;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Keeps what the database just said of this token: a live guest session, or nothing to keep. */
  remember(tokenHash: string, session: LiveSession | undefined): void {
    this.entries.delete(tokenHash);
    if (!session || session.accountId !== null) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest read.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, {
      id: session.id,
      csrfToken: session.csrfToken,
      readAt: this.clock(),
    });
  }
}

/** The digest of the request's session token, if it carries one of the right shape. */
function tokenHashOf(request: FastifyRequest): string | undefined {
  const token = sessionTokenOf(request);
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined;
  return hashSessionToken(token);
}

async function lookup(db: Queryable, request: FastifyRequest): Promise<LiveSession | undefined> {
  const tokenHash = tokenHashOf(request);
  return tokenHash === undefined ? undefined : findLiveSession(db, tokenHash);
}

/** 403 unless the request's CSRF header matches the session's token. */
function requireCsrf(request: FastifyRequest, csrfToken: string): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameToken(sent, csrfToken)) {
    throw new ApiError(403, 'csrf_failed', 'The request could not be verified.');
  }
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The buyer's session, required: 401 without a live session cookie; for state-changing calls
 * 403 unless the CSRF header matches the session's token (a cross-site form cannot read it).
 */
export async function requireSession(
  db: Queryable,
  request: FastifyRequest,
  changesState: boolean,
): Promise<BuyerSession> {
  const session = await lookup(db, request);
  return checkedSession(db, request, session, changesState);
}

async function checkedSession(
  db: Queryable,
  request: FastifyRequest,
  session: LiveSession | undefined,
  changesState: boolean,
): Promise<BuyerSession> {
  if (!session) throw new ApiError(401, 'unauthorised', 'A session is required.');
  if (changesState) {
    requireCsrf(request, session.csrfToken);
    // The buyer acted, so a signed-in session's idle limit moves on (issue 14); reads never
    // move it, or a page left open and polling would stay signed in for ever.
    if (session.accountId) await extendSignIn(db, session.id, SIGN_IN_IDLE_MINUTES);
  }
  return { id: session.id, accountId: session.accountId };
}

/** The session if the request carries a live one (reads that only personalise, e.g. the seat map). */
export async function optionalSession(
  db: Queryable,
  request: FastifyRequest,
): Promise<BuyerSession | undefined> {
  const session = await lookup(db, request);
  return session ? { id: session.id, accountId: session.accountId } : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The hook that requires a buyer session on a route: it looks the session up before
     * validation (so a forged cross-site request learns nothing about its body) and keeps it on
     * the request for `sessionOf`.
     */
    buyer: (changesState: boolean) => (request: FastifyRequest) => Promise<void>;
    /**
     * `buyer(true)` for a route whose one statement checks the session itself (issue 26: POST
     * /holds, hold_seats_once): a guest session seen lately is taken from the guest-session
     * cache, the CSRF header checked against it, and marked `unconfirmed`; anything else is read
     * as `buyer(true)` reads it.
     */
    cachedGuest: (request: FastifyRequest) => Promise<void>;
    /** The session of an `unconfirmed` request read afresh (401/403 as the hook would answer). */
    confirmSession: (request: FastifyRequest) => Promise<BuyerSession>;
    /** Keeps a session this process has just written (a new guest's) in the guest cache. */
    rememberGuest: (tokenHash: string, session: LiveSession) => void;
  }
  interface FastifyRequest {
    buyerSession: BuyerSession | null;
  }
}

/** Session authentication for every route of the app (registered once, in app.ts). */
export async function registerBuyerSessions(app: FastifyInstance, db: Queryable): Promise<void> {
  // Cookies are read and written by @fastify/cookie, for every route (it is fastify-plugin'd).
  await app.register(fastifyCookie);
  app.decorateRequest('buyerSession', null);
  app.decorate('buyer', (changesState: boolean) => async (request: FastifyRequest) => {
    request.buyerSession = await requireSession(db, request, changesState);
  });
  const guests = new GuestSessionCache();
  const readAndRemember = async (request: FastifyRequest) => {
    const tokenHash = tokenHashOf(request);
    const session = tokenHash === undefined ? undefined : await findLiveSession(db, tokenHash);
    if (tokenHash !== undefined) guests.remember(tokenHash, session);
    return checkedSession(db, request, session, true);
  };
  app.decorate('cachedGuest', async (request: FastifyRequest) => {
    const tokenHash = tokenHashOf(request);
    const cached = tokenHash === undefined ? undefined : guests.get(tokenHash);
    if (tokenHash === undefined || !cached) {
      request.buyerSession = await readAndRemember(request);
      return;
    }
    requireCsrf(request, cached.csrfToken);
    request.buyerSession = { id: cached.id, accountId: null, unconfirmed: { tokenHash } };
  });
  app.decorate('rememberGuest', (tokenHash: string, session: LiveSession) =>
    guests.remember(tokenHash, session),
  );
  app.decorate('confirmSession', async (request: FastifyRequest) => {
    if (!request.buyerSession?.unconfirmed) return sessionOf(request);
    request.buyerSession = null;
    request.buyerSession = await readAndRemember(request);
    return request.buyerSession;
  });
}

/** The session the route's `app.buyer` hook found. */
export function sessionOf(request: FastifyRequest): BuyerSession {
  if (!request.buyerSession) throw new Error('session hook did not run');
  return request.buyerSession;
}
