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
}

async function lookup(db: Queryable, request: FastifyRequest): Promise<LiveSession | undefined> {
  const token = sessionTokenOf(request);
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined;
  return findLiveSession(db, hashSessionToken(token));
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
  if (!session) throw new ApiError(401, 'unauthorised', 'A session is required.');
  if (changesState) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
      throw new ApiError(403, 'csrf_failed', 'The request could not be verified.');
    }
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
}

/** The session the route's `app.buyer` hook found. */
export function sessionOf(request: FastifyRequest): BuyerSession {
  if (!request.buyerSession) throw new Error('session hook did not run');
  return request.buyerSession;
}
