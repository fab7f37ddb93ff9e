import type {
  FastifyBaseLogger,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailBodySchema,
  changeEmailResponseSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  confirmEmailBodySchema,
  confirmEmailResponseSchema,
  emptyResponseSchema,
  passwordResetBodySchema,
  passwordResetCompleteBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signInStateSchema,
  signOutBodySchema,
  signOutResponseSchema,
} from '../../contract/api/auth';
import type { VenueSettings } from '../../contract/venue';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import {
  changePassword,
  completePasswordReset,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  type PasswordCheck,
} from './recovery';
import { clientDigest } from '../lib/clientDigest';
import { ApiError } from '../lib/errors';
import { ServerKeys } from '../lib/serverKeys';
import { keepAlive, prepareSignIn, readSignInState, signIn } from './signIn';
import {
  countSignInFailure,
  DEFAULT_SIGN_IN_THROTTLE,
  SignInThrottledError,
  throttleBuckets,
  throttleSignIn,
  type SignInThrottleSettings,
} from './signInThrottle';
import { signOut, type ReleaseSessionHolds } from './signOut';
import { sessionOf, setSessionCookie } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';
import { enforceRateLimit, type RateLimit } from '../http/rateLimit';
import { SESSION_TTL_HOURS } from '../http/sessionRoutes';

/** An email, a password of 128 characters (4 bytes each at most) and a slug fit many times over. */
export const AUTH_BODY_LIMIT_BYTES = 4096;

/**
 * Reset emails asked for per client address: a buyer asks once or twice; each one is an email
 * sent, so a script cannot use the shop to flood someone's mailbox.
 */
export const DEFAULT_PASSWORD_RESET_RATE_LIMIT: RateLimit = { max: 5, windowSeconds: 900 };

/**
 * Emailed links used per client address (reset and new address). A token is 256 bits, so no
 * number of guesses finds one; the limit keeps a script from turning lookups into load.
 */
export const DEFAULT_ACCOUNT_LINK_RATE_LIMIT: RateLimit = { max: 20, windowSeconds: 900 };

export interface AuthRoutesSettings {
  signInThrottle: SignInThrottleSettings;
  passwordResetRateLimit: RateLimit;
  accountLinkRateLimit: RateLimit;
}

export interface AuthRoutesOptions extends Partial<AuthRoutesSettings> {
  db: Database;
  /** Every venue: loginDisabled, and the wording and signature of the emails. */
  venues: VenueBundle[];
  /** The shop's origin for emailed links: configured, never the request's Host. */
  linkOrigin: () => string;
  /**
   * What a sign-out gives back, from the capabilities that own it (wired by server/services.ts):
   * the session's holds in its transaction, then the money of the pay attempts that stopped.
   */
  release: SignOutRelease;
}

export interface SignOutRelease {
  holds: ReleaseSessionHolds;
  /** After the commit: voids those attempts' payments (orders' releaseAttempts). */
  attempts(orderIds: readonly string[], log: FastifyBaseLogger): Promise<void>;
}

/**
 * The venue a sign-in or account call is made at: 400 for one the shop does not have, 403
 * forbidden for a venue with loginDisabled (it offers no accounts, so nothing may sign in there).
 */
export function accountVenue(
  venues: ReadonlyMap<string, VenueSettings>,
  slug: string,
): VenueSettings {
  const venue = venues.get(slug);
  if (!venue) throw new ApiError(400, 'validation_failed', 'Unknown venue.', ['body.venue']);
  if (venue.flags.loginDisabled) {
    throw new ApiError(403, 'forbidden', 'This venue does not offer accounts.');
  }
  return venue;
}

/** A 429 with Retry-After once `request.ip` has used up `limit` for `name`. */
const enforceLimit = (
  db: Database,
  name: string,
  request: FastifyRequest,
  limit: RateLimit,
  reply: FastifyReply,
) => enforceRateLimit(db, name, request.ip, limit, reply, 'Too many attempts. Try again later.');

/** Runs `work`, adding Retry-After to a sign-in throttle's 429. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** The authentication service (`/services/auth`), contract/api/auth.ts. */
export const authRoutes: FastifyPluginCallback<AuthRoutesOptions> = (app, options, done) => {
  const {
    db,
    linkOrigin,
    release,
    signInThrottle = DEFAULT_SIGN_IN_THROTTLE,
    passwordResetRateLimit = DEFAULT_PASSWORD_RESET_RATE_LIMIT,
    accountLinkRateLimit = DEFAULT_ACCOUNT_LINK_RATE_LIMIT,
  } = options;
  const { buyer } = app;
  const keys = new ServerKeys(db);
  const venues = new Map(options.venues.map((venue) => [venue.settings.slug, venue.settings]));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The stand-in hash unknown emails are checked against, made now rather than on the first.
  prepareSignIn().catch((error: unknown) => app.log.error({ err: error }, 'stand-in hash failed'));

  // Answers about one buyer's sign-in and account: never kept by a browser or CDN.
  noStoreByDefault(app);

  /** The sign-in throttle also guards the password typed again to change an account. */
  const passwordCheck = (request: FastifyRequest): PasswordCheck => ({
    before: async (email) =>
      throttleSignIn(db, await throttleBuckets(keys, email, request.ip), signInThrottle),
    failed: async (email) =>
      countSignInFailure(db, await throttleBuckets(keys, email, request.ip), signInThrottle),
  });

  typed.get(
    '/session',
    {
      onRequest: buyer(false),
      schema: {
        querystring: z.strictObject({}),
        response: { 200: signInStateSchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => readSignInState(db, sessionOf(request).id),
  );

  typed.post(
    '/sign-in',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: buyer(true),
      schema: {
        querystring: z.strictObject({}),
        body: signInBodySchema,
        response: {
          200: signInResponseSchema,
          ...errorReplies(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      accountVenue(venues, request.body.venue);
      const signedIn = await withRetryAfter(reply, () =>
        signIn(
          { db, keys, throttle: signInThrottle },
          {
            sessionId: sessionOf(request).id,
            email: request.body.email,
            password: request.body.password,
            clientAddress: request.ip,
          },
        ),
      );
      return setSessionCookie(
        reply,
        signedIn.tokens.token,
        secure(request),
        signedIn.expiresAt,
      ).send({ ...signedIn.state, csrfToken: signedIn.tokens.csrfToken });
    },
  );

  typed.post(
    '/sign-out',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: buyer(true),
      schema: {
        querystring: z.strictObject({}),
        body: signOutBodySchema,
        response: { 200: signOutResponseSchema, ...errorReplies(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const signedOut = await signOut(
        db,
        {
          sessionId: sessionOf(request).id,
          reason: request.body.reason,
          ttlHours: SESSION_TTL_HOURS,
          clientDigest: await clientDigest(keys, request.ip),
        },
        release.holds,
      );
      // The seats are given back; now the money of a pay attempt the release stopped.
      await release.attempts(signedOut.stoppedAttempts, request.log);
      return setSessionCookie(
        reply,
        signedOut.tokens.token,
        secure(request),
        signedOut.expiresAt,
      ).send({
        csrfToken: signedOut.tokens.csrfToken,
        expiresAt: signedOut.expiresAt.toISOString(),
      });
    },
  );

  typed.post(
    '/keep-alive',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: buyer(true),
      schema: {
        querystring: z.strictObject({}),
        // A bare POST, or an empty JSON object.
        body: z.strictObject({}).nullish(),
        response: { 200: signInStateSchema, ...errorReplies(400, 401, 403, 413, 415) },
      },
    },
    async (request) => keepAlive(db, sessionOf(request).id),
  );

  typed.post(
    '/password-reset',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: [
        buyer(true),
        async (request, reply) =>
          enforceLimit(db, 'password-reset', request, passwordResetRateLimit, reply),
      ],
      schema: {
        querystring: z.strictObject({}),
        body: passwordResetBodySchema,
        response: { 202: emptyResponseSchema, ...errorReplies(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const venue = accountVenue(venues, request.body.venue);
      // Answered first, the email written after: a known address costs a link and an email
      // (10–20 ms measured), which the answer's timing would otherwise tell a stranger.
      await reply.status(202).send({});
      await requestPasswordReset(db, request.body.email, { venue, linkOrigin: linkOrigin() }).catch(
        (error: unknown) => request.log.error({ err: error }, 'password reset email not queued'),
      );
      return reply;
    },
  );

  typed.post(
    '/password-reset/complete',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: [
        buyer(true),
        async (request, reply) =>
          enforceLimit(db, 'account-link', request, accountLinkRateLimit, reply),
      ],
      schema: {
        querystring: z.strictObject({}),
        body: passwordResetCompleteBodySchema,
        response: {
          200: emptyResponseSchema,
          ...errorReplies(400, 401, 403, 410, 413, 415, 429),
        },
      },
    },
    async (request) => {
      await completePasswordReset(db, request.body.token, request.body.password);
      return {};
    },
  );

  typed.post(
    '/password',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: buyer(true),
      schema: {
        querystring: z.strictObject({}),
        body: changePasswordBodySchema,
        response: {
          200: changePasswordResponseSchema,
          ...errorReplies(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const changed = await withRetryAfter(reply, () =>
        changePassword(
          db,
          { sessionId: session.id, accountId: session.accountId },
          request.body,
          passwordCheck(request),
        ),
      );
      return setSessionCookie(reply, changed.tokens.token, secure(request), changed.expiresAt).send(
        { csrfToken: changed.tokens.csrfToken },
      );
    },
  );

  typed.post(
    '/email',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      // Each request sends two emails: limited per address like reset emails.
      onRequest: [
        buyer(true),
        async (request, reply) =>
          enforceLimit(db, 'email-change', request, passwordResetRateLimit, reply),
      ],
      schema: {
        querystring: z.strictObject({}),
        body: changeEmailBodySchema,
        response: {
          202: changeEmailResponseSchema,
          ...errorReplies(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const venue = accountVenue(venues, request.body.venue);
      await withRetryAfter(reply, () =>
        requestEmailChange(
          db,
          { sessionId: session.id, accountId: session.accountId },
          request.body,
          passwordCheck(request),
          { venue, linkOrigin: linkOrigin() },
        ),
      );
      return reply.status(202).send({ email: request.body.newEmail });
    },
  );

  typed.post(
    '/email/confirm',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      // No session: the link may be opened on another device. The token is the proof.
      onRequest: async (request, reply) =>
        enforceLimit(db, 'account-link', request, accountLinkRateLimit, reply),
      schema: {
        querystring: z.strictObject({}),
        body: confirmEmailBodySchema,
        response: {
          200: confirmEmailResponseSchema,
          ...errorReplies(400, 410, 413, 415, 429),
        },
      },
    },
    async (request) => ({ account: await confirmEmailChange(db, request.body.token) }),
  );
  done();
};
