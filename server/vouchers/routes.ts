import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../contract/api/common';
import { holdParamsSchema } from '../../contract/api/holds';
import { applyVoucherBodySchema, paymentMethodsSchema } from '../../contract/api/paymentMethods';
import type { Database } from '../db/database';
import { ServerKeys } from '../lib/serverKeys';
import { applyVoucher, paymentMethodsOf, removeVoucher, type VoucherContext } from './apply';
import {
  DEFAULT_VOUCHER_THROTTLE,
  VoucherThrottledError,
  type VoucherThrottleSettings,
} from './throttle';
import { sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';
import type { PaymentService } from '../payments';
import type { RegionContext } from '../regionContext';

export interface PaymentMethodRoutesOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
  payments: PaymentService;
  /** The guessing throttle's limits (./throttle.ts). */
  throttle?: VoucherThrottleSettings;
}

const noQuery = z.strictObject({});
const errors = errorReplies(400, 401, 403, 404, 409, 410, 422, 429);
const voucherParams = z.strictObject({ holdId: idParamSchema, voucherId: idParamSchema });

/**
 * The payment step's options and the gift vouchers and gift cards applied to a hold (issue 15,
 * contract/api/paymentMethods.ts), for the caller's own live hold: another session's hold does
 * not exist for them (404), as with holds. They live with vouchers, not payments: the answer is
 * payments' method rules applied to the vouchers on the hold, and vouchers already asks payments
 * for those rules (methodsFor), so payments knows nothing of vouchers (issue 23).
 */
export const paymentMethodRoutes: FastifyPluginCallback<PaymentMethodRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, context: scope, payments } = options;
  const { buyer } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context: VoucherContext = {
    db,
    scope,
    payments,
    keys: new ServerKeys(db),
    throttle: options.throttle ?? DEFAULT_VOUCHER_THROTTLE,
  };

  // What one buyer's vouchers give their basket: never cached by a browser or CDN.
  noStoreByDefault(app);

  api.get(
    '/holds/:holdId/payment-methods',
    {
      onRequest: buyer(false),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 200: paymentMethodsSchema, ...errors },
      },
    },
    async (request) => paymentMethodsOf(db, context, sessionOf(request).id, request.params.holdId),
  );

  api.post(
    '/holds/:holdId/vouchers',
    {
      onRequest: buyer(true),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        body: applyVoucherBodySchema,
        response: { 200: paymentMethodsSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await applyVoucher(context, {
          sessionId: sessionOf(request).id,
          holdId: request.params.holdId,
          body: request.body,
          address: request.ip,
        });
      } catch (error) {
        if (error instanceof VoucherThrottledError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },
  );

  api.delete(
    '/holds/:holdId/vouchers/:voucherId',
    {
      onRequest: buyer(true),
      schema: {
        params: voucherParams,
        querystring: noQuery,
        response: { 200: paymentMethodsSchema, ...errors },
      },
    },
    async (request) =>
      removeVoucher(
        context,
        sessionOf(request).id,
        request.params.holdId,
        request.params.voucherId,
      ),
  );
  done();
};
