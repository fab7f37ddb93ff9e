import type { Wallet } from '@contract/api/paymentMethodKinds';
import { sandboxWalletToken } from '@contract/sandboxWallet';
import type { CardBrand } from '@contract/cards';
import type { WalletAdapter, WalletRequest } from './walletAdapter';

/**
 * The sandbox's wallet: its sheet (SandboxWalletSheet) holds two of the sandbox's test cards
 * (server/payments/sandbox/testCards.ts, README "Test cards"), one the sandbox approves and one
 * it declines, and gives the token the sandbox provider reads (contract/sandboxWallet.ts).
 */
export interface SandboxWalletCard {
  number: string;
  brand: CardBrand;
  approves: boolean;
}

export const SANDBOX_WALLET_CARDS: readonly SandboxWalletCard[] = [
  { number: '4111111111111111', brand: 'visa', approves: true },
  { number: '4000000000000002', brand: 'visa', approves: false },
];

/** A sheet waiting for the buyer: at most one at a time, the page shows it. */
export interface PendingSheet {
  wallet: Wallet;
  request: WalletRequest;
  cards: readonly SandboxWalletCard[];
  finish(cardNumber: string | null): void;
}

let pending: PendingSheet | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** For useSyncExternalStore: the page renders the sheet while one is pending. */
export const sandboxSheet = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  current: (): PendingSheet | null => pending,
};

export function sandboxWalletAdapter(wallet: Wallet): WalletAdapter {
  return {
    wallet,
    // Told to offer it (walletSwitch), it can pay wherever the basket takes a Visa.
    isReady: (request) => Promise.resolve(request.cardBrands.includes('visa')),
    requestToken: (request) =>
      new Promise((resolve) => {
        // A sheet left open by an earlier press is closed as cancelled.
        pending?.finish(null);
        pending = {
          wallet,
          request,
          cards: SANDBOX_WALLET_CARDS.filter((card) => request.cardBrands.includes(card.brand)),
          finish(cardNumber) {
            if (pending === this) pending = null;
            changed();
            resolve(cardNumber === null ? null : sandboxWalletToken(wallet, cardNumber));
          },
        };
        changed();
      }),
  };
}
