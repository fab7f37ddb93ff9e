import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResponseSchema,
  createAccountBodySchema,
  verifyAccountBodySchema,
} from '../../contract/api/accounts';
import { registerBodySchema, registerResponseSchema } from '../../contract/api/auth';
import { apiErrorSchema } from '../../contract/api/common';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import { signUpFromOrder, verifyAccount } from './accounts';
import { registerAccount } from './register';
import { accountVenue, type AuthRoutesSettings } from './authRoutes';
import { sessionOf } from '../http/buyerSession';
import { enforceRateLimit, type RateLimit } from '../http/rateLimit';
import { noStoreByDefault } from '../http/noStore';

/** A password of 128 characters and an order id fit many times over. */
export const ACCOUNT_BODY_LIMIT_BYTES = 2048;

/**
 * Sign-ups per client address: a buyer makes one per order; each costs the server a 128 MiB
 * hash, so a script trying many is turned away long before it can crowd the machine.
 */
export const DEFAULT_SIGN_UP_RATE_LIMIT: RateLimit = { max: 10, windowSeconds: 900 };

/**
 * Activation attempts per client address. A token is 256 bits, so no number of guesses finds
 * one; the limit keeps a script from turning the lookups into load. A buyer needs one or two.
 */
export const DEFAULT_VERIFY_RATE_LIMIT: RateLimit = { max: 20, windowSeconds: 900 };

/**
 * The sign-in settings (issue 14) travel with the accounts' so one `accounts` option of the app
 * (tests: throttles and limits) reaches both services.
 */
export interface AccountRoutesSettings extends AuthRoutesSettings {
  signUpRateLimit: RateLimit;
  verifyRateLimit: RateLimit;
}

export interface AccountRoutesOptions extends Partial<
  Pick<AccountRoutesSettings, 'signUpRateLimit' | 'verifyRateLimit'>
> {
  db: Database;
  /** Every venue: the activation email is worded and signed as the order's venue. */
  venues: VenueBundle[];
  /**
   * The shop's origin for the activation link: configured (or the server's own listening
   * address), never the request's Host. Asked per sign-up, as the listening port may be known
   * only once the server listens.
   */
  linkOrigin: () => string;
}

/**
 * The customer-accounts service (`/services/customer-accounts`): sign-up from an order, and the
 * activation link that makes the account the mailbox owner's.
 */
export const accountRoutes: FastifyPluginCallback<AccountRoutesOptions> = (app, options, done) => {
  const {
    db,
    linkOrigin,
    signUpRateLimit = DEFAULT_SIGN_UP_RATE_LIMIT,
    verifyRateLimit = DEFAULT_VERIFY_RATE_LIMIT,
  } = options;
  const { buyer } = app;
  const settings = new Map(options.venues.map((venue) => [venue.settings.slug, venue.settings]));
  const venueFor = (slug: string) => settings.get(slug);

  // Answers about one buyer's account: never kept by a browser or a CDN, refusals included.
  noStoreByDefault(app);

  // Sign-up from an order and from anywhere share one limit per client address.
  const signUpLimit = async (request: FastifyRequest, reply: FastifyReply) =>
    enforceRateLimit(
      db,
      'account-sign-up',
      request.ip,
      signUpRateLimit,
      reply,
      'Too many sign-ups. Try again later.',
    );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/accounts',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      // Both before the body is read: a forged cross-site request is refused without a look at
      // it, and only real sessions count against the client's limit.
      onRequest: [buyer(true), signUpLimit],
      schema: {
        querystring: z.strictObject({}),
        body: createAccountBodySchema,
        response: {
          201: accountResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { orderId, password, marketingOptIn = false } = request.body;
      const account = await signUpFromOrder(
        db,
        { sessionId: sessionOf(request).id, orderId, password, marketingOptIn },
        { venueFor, linkOrigin: linkOrigin() },
      );
      return reply.status(201).send({ account });
    },
  );

  // Sign-up from anywhere (issue 14): the same 202 whether or not the address has an account.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/accounts/register',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      onRequest: [buyer(true), signUpLimit],
      schema: {
        querystring: z.strictObject({}),
        body: registerBodySchema,
        response: {
          202: registerResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { venue: slug, ...input } = request.body;
      const venue = accountVenue(settings, slug);
      await registerAccount(db, input, { venue, linkOrigin: linkOrigin() });
      return reply.status(202).send({ email: input.email });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/accounts/verify',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      // No session: the link may be opened on another device than the one that bought. The
      // token is the proof, and a forged cross-site call could only do what its sender can.
      onRequest: async (request, reply) =>
        enforceRateLimit(
          db,
          'account-verify',
          request.ip,
          verifyRateLimit,
          reply,
          'Too many activation attempts. Try again later.',
        ),
      schema: {
        querystring: z.strictObject({}),
        body: verifyAccountBodySchema,
        response: {
          200: accountResponseSchema,
          400: apiErrorSchema,
          410: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({ account: await verifyAccount(db, request.body.token) }),
  );
  done();
};
