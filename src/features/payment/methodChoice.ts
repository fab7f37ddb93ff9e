import type { PaymentMethods, PayMethodOption } from '@contract/api/paymentMethods';
import {
  PAY_METHODS,
  WALLETS,
  type PayMethod,
  type Wallet,
} from '@contract/api/paymentMethodKinds';

/**
 * The one place the SPA asks "which method": the server decides which methods this basket may
 * use (GET /holds/{id}/payment-methods, the rules' one home); the SPA only narrows that answer to
 * what this browser can use now (a wallet whose sheet is ready) and reads a chosen or stored
 * method back. The page, its form and the payment flow all ask here.
 */

/** A method the shop knows: the form's radio value, or the tab's stored attempt (shape only). */
export const isPayMethod = (value: unknown): value is PayMethod =>
  (PAY_METHODS as readonly unknown[]).includes(value);

/** Google Pay or Apple Pay: its sheet gives a token, and a decline has the wallet's wording. */
export const isWallet = (method: unknown): method is Wallet =>
  (WALLETS as readonly unknown[]).includes(method);

export interface UsableMethods {
  /** The methods this browser can use now, in the server's order. */
  options: PayMethodOption[];
  /** Methods the venue offers that this basket cannot use, each explained in one line. */
  unavailable: PaymentMethods['unavailable'];
}

/** The server's answer, without the wallets this browser cannot show (their lines too). */
export function usableMethods(
  methods: PaymentMethods | null,
  readyWallets: ReadonlyMap<Wallet, unknown>,
): UsableMethods {
  const usable = ({ method }: { method: string }) => !isWallet(method) || readyWallets.has(method);
  return {
    options: (methods?.methods ?? []).filter(usable),
    unavailable: (methods?.unavailable ?? []).filter(usable),
  };
}

/** The card brands the card method takes, or null when card is not offered. */
export const cardBrandsOf = (options: readonly PayMethodOption[]) =>
  options.find((option) => option.method === 'card')?.cardBrands ?? null;
