import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import {
  WALLET_TOKEN_MAX_LENGTH,
  applePayMerchantSessionSchema,
  applePaySessionBodySchema,
  cardTokenSchema,
  tokeniseBodySchema,
} from '../../contract/api/payment';
import type { Database } from '../db/database';
import type { PaymentConfig } from './config';
import { enforceRateLimit } from '../http/rateLimit';
import type { PaymentService } from './service';

/**
 * A wallet's token (issue 15) is the largest body: up to WALLET_TOKEN_MAX_LENGTH characters of
 * the wallet's JSON, sent as a JSON string, where each of its quotes costs an escape; twice that
 * plus the envelope is the most a wallet body needs. Card details fit many times over.
 */
export const TOKEN_BODY_LIMIT_BYTES = 2 * WALLET_TOKEN_MAX_LENGTH + 256;

/** Apple's validation address, the merchant id and a name: well under a kilobyte. */
export const APPLE_PAY_SESSION_BODY_LIMIT_BYTES = 4096;

export interface PaymentRoutesOptions {
  db: Database;
  payments: PaymentService;
  config: PaymentConfig;
}

/**
 * What the browser calls on the payment service (`/services/payment`): POST /tokens with the
 * card details or a wallet's token, and the provider's own pages (3-D Secure, PayPal approval). Paying, continuing and refunding are
 * not here: the booking API does them in-process through PaymentService with the token.
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (
  app,
  { db, payments, config },
) => {
  const shopOrigins = new Set(config.shopOrigins);

  /**
   * CORS for a shop on another origin (the payment service hosted apart). No credentials: a
   * token request needs no cookie. On `npm start` everything is one origin and this adds nothing.
   */
  const allowOrigin = (request: FastifyRequest, reply: FastifyReply): boolean => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !shopOrigins.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    return true;
  };

  app.options('/tokens', { schema: { hide: true } }, (request, reply) => {
    if (allowOrigin(request, reply)) {
      reply
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/tokens',
    {
      bodyLimit: TOKEN_BODY_LIMIT_BYTES,
      // Before the body is read: card-testing bots are refused without any card being checked.
      onRequest: async (request, reply) => {
        allowOrigin(request, reply);
        await enforceRateLimit(
          db,
          'payment-tokens',
          request.ip,
          config.tokenRateLimit,
          reply,
          'Too many card attempts. Try again later.',
        );
      },
      schema: {
        querystring: z.strictObject({}),
        body: tokeniseBodySchema,
        response: {
          201: cardTokenSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const token = await payments.tokenise(request.body);
      return reply.status(201).header('cache-control', 'no-store').send(token);
    },
  );

  /**
   * Apple Pay merchant validation for the sheet the buyer just opened (issue 24). Unlike
   * /tokens it asks the provider to act with the shop's merchant certificate, so it is the
   * booking session's like every state-changing call (cookie and CSRF header, same origin), and
   * rate-limited per client address as tokens are.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/apple-pay/session',
    {
      bodyLimit: APPLE_PAY_SESSION_BODY_LIMIT_BYTES,
      onRequest: [
        app.buyer(true),
        async (request, reply) =>
          enforceRateLimit(
            db,
            'apple-pay-session',
            request.ip,
            config.tokenRateLimit,
            reply,
            'Too many payment attempts. Try again later.',
          ),
      ],
      schema: {
        querystring: z.strictObject({}),
        body: applePaySessionBodySchema,
        response: {
          200: applePayMerchantSessionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { validationURL, merchantId, displayName } = request.body;
      const session = await payments.applePaySession({
        validationURL,
        merchantId,
        displayName,
        initiativeContext: shopDomain(request.headers.origin),
      });
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  /** The domain registered with Apple: the calling shop's, if it is one of ours, else the first. */
  const shopDomain = (origin: string | undefined): string => {
    const shop = origin !== undefined && shopOrigins.has(origin) ? origin : config.shopOrigins[0];
    return shop === undefined ? '' : new URL(shop).hostname;
  };

  if (payments.provider.hostedPages) await app.register(payments.provider.hostedPages);
};
