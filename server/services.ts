import type { FastifyPluginAsync } from 'fastify';
import { SERVICES, servicePath } from '../contract/regions';
import type { VenueBundle } from '../contract/venueFiles';
import type { Database } from './db/database';
import { accountRoutes, type AccountRoutesSettings } from './members/accountRoutes';
import { authRoutes, type SignOutRelease } from './members/authRoutes';
import { releaseSessionHolds } from './holds';
import { releaseAttempts } from './orders';
import { accountOrderRoutes } from './orders/accountRoutes';
import type { FindTicketsLimits } from './orders/findTickets';
import { findTicketsRoutes } from './orders/findTicketsRoutes';
import { membershipRoutes } from './members/membershipRoutes';
import { profileRoutes } from './members/profileRoutes';
import { addressLookupRoutes, type AddressLookupRoutesOptions } from './addressLookup/routes';
import { healthRoute } from './health/routes';
import { OUTBOX_VIEWER_PATH, outboxRoutes } from './email/routes';
import { paymentRoutes, type PaymentRoutesOptions } from './payments/routes';
import { sessionRoutes, type SessionRoutesOptions } from './http/sessionRoutes';

/**
 * The non-regional services of spec §7, each under /services/<name>. Issue 3 gives each a real
 * health check and the session service its first endpoint; later issues add the rest.
 */
export const serviceRoutes: FastifyPluginAsync<{
  db: Database;
  payment: Omit<PaymentRoutesOptions, 'db'>;
  /** Every venue (the customer-accounts service words its emails as the order's venue). */
  venues: VenueBundle[];
  /** The shop's configured origin, for links the services write into emails. */
  linkOrigin: () => string;
  accounts?: Partial<AccountRoutesSettings>;
  /** Address lookup provider and rate limit (server/config.ts, tests' overrides applied). */
  addressLookup: Omit<AddressLookupRoutesOptions, 'db'>;
  /** New sessions per client address. */
  session: Omit<SessionRoutesOptions, 'db'>;
  /** The outbox viewer's secret when it is mounted; undefined, it is not. */
  outboxSecret?: string;
  /** Find my tickets' limits over the defaults (tests lower them). */
  findTickets?: Partial<FindTicketsLimits>;
}> = async (
  app,
  { db, payment, venues, linkOrigin, accounts, addressLookup, session, outboxSecret, findTickets },
) => {
  // A sign-out gives back the session's holds and voids the attempts that stopped: members owns
  // neither, so the app hands it holds' and orders' own steps (issue 23).
  const signOutRelease: SignOutRelease = {
    holds: releaseSessionHolds,
    attempts: (orderIds, log) =>
      releaseAttempts(
        {
          db,
          payments: payment.payments,
          warn: (message, error) => log.warn({ err: error }, message),
        },
        orderIds,
      ),
  };
  for (const service of SERVICES) {
    await app.register(
      async (scope) => {
        await scope.register(healthRoute, { db, service });
        if (service === 'session') await scope.register(sessionRoutes, { db, ...session });
        if (service === 'auth') {
          await scope.register(authRoutes, {
            db,
            venues,
            linkOrigin,
            release: signOutRelease,
            ...accounts,
          });
        }
        if (service === 'payment') await scope.register(paymentRoutes, { db, ...payment });
        if (service === 'customer-accounts') {
          await scope.register(accountRoutes, { db, venues, linkOrigin, ...accounts });
          // Issue 25: a guest's lost confirmation email, sent again.
          await scope.register(findTicketsRoutes, { db, limits: findTickets });
        }
        // Members (issue 14): the profile, and the account's orders and memberships.
        if (service === 'customer-profile') await scope.register(profileRoutes, { db, venues });
        if (service === 'account-management') {
          await scope.register(accountOrderRoutes, { db, venues });
          await scope.register(membershipRoutes, { db, venues, payments: payment.payments });
        }
        if (service === 'address-lookup') {
          await scope.register(addressLookupRoutes, { db, ...addressLookup });
        }
      },
      { prefix: servicePath(service) },
    );
  }
  // A developer's window on the emails the shop writes (README "Emails"); never in production.
  if (outboxSecret) {
    await app.register(outboxRoutes, { db, secret: outboxSecret, prefix: OUTBOX_VIEWER_PATH });
  }
};
