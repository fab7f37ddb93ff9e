import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { ServerKeys } from '../lib/serverKeys';
import type { PaymentService } from '../payments';
import type { RegionContext } from '../regionContext';
import { LinkSealer } from './keys';
import type { MoneyContext, PayContext } from './orders';
import { signerFromPem, ticketSigner, type TicketSigner } from './ticketCodes';
import type { WalletCertificates } from './ticketFiles/walletSettings';

export interface OrderContextOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
  payments: PaymentService;
  /**
   * The shop's origins (SHOP_ORIGIN): the first is where the confirmation email's link and the
   * app handover's web link point; without one, the address the server listens on. Never the
   * request's Host header, which anyone can forge to put their own site into our emails.
   */
  shopOrigins: readonly string[];
  /** Where the server listens (read when a link is written: the port is known once listening). */
  listenAddress: () => AddressInfo | string | null;
  /** TICKET_SIGNING_KEY: an Ed25519 private key (PKCS#8 PEM); unset, the server makes one. */
  ticketSigningKey?: string;
  /** Who signs wallet passes (issue 25): the operator's WALLET_* or the demo's throwaway. */
  wallet: () => Promise<WalletCertificates>;
}

/** One region's order keys and pay context: the order routes and the payment sweep share it. */
export interface OrderContext {
  serverKeys: () => Promise<{ signer: TicketSigner; sealer: LinkSealer }>;
  shopOrigin: () => string;
  contextFor: (log: FastifyBaseLogger) => Promise<PayContext>;
  /** What voiding an attempt's money needs, without the order keys (a hold's release). */
  moneyContextFor: (log: FastifyBaseLogger) => MoneyContext;
  wallet: () => Promise<WalletCertificates>;
}

/**
 * The origin of the address the server listens on (`npm start`: http://127.0.0.1:8080); a
 * wildcard address is reached as localhost. An app that only answers inject() (tests) has no
 * address: localhost too.
 */
export function listenOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export function orderContext(options: OrderContextOptions): OrderContext {
  const { db, context: scope, payments } = options;
  const keys = new ServerKeys(db);
  // A configured key that is not an Ed25519 private key stops the server at start, not at a sale.
  const configuredSigner = options.ticketSigningKey
    ? signerFromPem(options.ticketSigningKey)
    : undefined;

  let loading: Promise<{ signer: TicketSigner; sealer: LinkSealer }> | undefined;
  const serverKeys = () => {
    loading ??= Promise.all([
      configuredSigner ?? ticketSigner(keys, undefined),
      LinkSealer.load(keys),
    ]).then(([signer, sealer]) => ({ signer, sealer }));
    loading.catch(() => (loading = undefined));
    return loading;
  };

  const shopOrigin = () => options.shopOrigins[0] ?? listenOrigin(options.listenAddress());

  const moneyContextFor = (log: FastifyBaseLogger): MoneyContext => ({
    db,
    payments,
    warn: (message, error) => log.warn({ err: error }, message),
  });

  const contextFor = async (log: FastifyBaseLogger): Promise<PayContext> => {
    const { signer, sealer } = await serverKeys();
    const origin = shopOrigin();
    return {
      ...moneyContextFor(log),
      scope,
      signer,
      sealer,
      // The SPA's confirmation page (src/features/confirmation/orderLink.ts) reads these three.
      orderUrl: (order, accessKey) =>
        `${origin}/checkout/confirmation?${new URLSearchParams({
          order: order.id,
          venue: order.venueSlug,
          key: accessKey,
        })}`,
    };
  };
  return { serverKeys, shopOrigin, contextFor, moneyContextFor, wallet: options.wallet };
}
