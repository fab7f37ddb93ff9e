import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOrderParamsSchema,
  accountOrderResponseSchema,
  accountOrdersResponseSchema,
} from '../../contract/api/members';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import { accountOrders, findOrder, orderOfAccount } from './queries';
import { notFound } from '../lib/errors';
import { accountOf } from '../members';
import { LinkSealer } from './keys';
import { orderView } from './view';
import { ServerKeys } from '../lib/serverKeys';
import { sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';
import { regionContext, type RegionContext } from '../regionContext';
import type { Region } from '../../contract/regions';
import { partsOf } from '../lib/performanceParts';

export interface AccountOrderRoutesOptions {
  db: Database;
  venues: VenueBundle[];
}

const noQuery = z.strictObject({});

/**
 * The account's orders (account-management service, issue 14): the "secure access to tickets"
 * the spec promises. Every order bought signed in, or made into the account from its
 * confirmation page, with the order view the confirmation page shows (QR codes, app handover,
 * seats, delivery); another account's order is 404, as an unknown one. Served under members'
 * service, kept with orders: it reads orders and shows the order view, and orders already asks
 * members who the buyer is, so members knows nothing of orders (issue 23).
 */
export const accountOrderRoutes: FastifyPluginCallback<AccountOrderRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, venues } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keys = new ServerKeys(db);
  let sealer: Promise<LinkSealer> | undefined;
  // One view of each region's venues, as the regional APIs have (orderView judges the venue).
  const scopes = new Map<string, RegionContext>();
  const scopeFor = (region: string) => {
    let scope = scopes.get(region);
    if (!scope) {
      scope = regionContext(region as Region, venues);
      scopes.set(region, scope);
    }
    return scope;
  };
  noStoreByDefault(app);

  api.get(
    '/orders',
    {
      onRequest: app.buyer(false),
      schema: {
        querystring: noQuery,
        response: { 200: accountOrdersResponseSchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const rows = await accountOrders(db, accountOf(sessionOf(request)));
      return {
        orders: rows.map(({ performanceId, part, linkedId, linkedStartsAt, ...row }) => ({
          ...row,
          performanceStartsAt: row.performanceStartsAt.toISOString(),
          ...partsOf({
            id: performanceId,
            startsAt: row.performanceStartsAt,
            part,
            linkedId,
            linkedStartsAt,
          }),
        })),
      };
    },
  );

  api.get(
    '/orders/:orderId',
    {
      onRequest: app.buyer(false),
      schema: {
        params: accountOrderParamsSchema,
        querystring: noQuery,
        response: { 200: accountOrderResponseSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(sessionOf(request));
      const { orderId } = request.params;
      const order = (await orderOfAccount(db, accountId, orderId))
        ? await findOrder(db, orderId)
        : undefined;
      if (!order) throw notFound('Order');
      // The owner sees the secret link's key, as on the confirmation page.
      sealer ??= LinkSealer.load(keys);
      const accessKey = order.accessKeySealed
        ? (await sealer).open(order.accessKeySealed, order.id)
        : null;
      return { order: await orderView(db, scopeFor(order.region), order, accessKey) };
    },
  );
  done();
};
