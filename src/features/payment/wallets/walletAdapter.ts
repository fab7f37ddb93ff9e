import type { Money } from '@contract/api/common';
import type { Wallet } from '@contract/api/paymentMethodKinds';
import type { CardBrand } from '@contract/cards';

/** What the wallet's sheet is asked to pay: the amount left after vouchers, with these cards. */
export interface WalletRequest {
  amount: Money;
  /** The brands this basket accepts (the method's `cardBrands`). */
  cardBrands: readonly CardBrand[];
  /** The venue's name, shown on the sheet as the merchant. */
  merchantName: string;
  /** The booking session's CSRF token, for a wallet whose sheet asks the server (Apple Pay). */
  csrfToken?: string | null;
}

/**
 * One wallet behind one interface (Apple Pay, Google Pay, or the sandbox's sheet standing in for
 * either): whether this browser can pay with it now, and the wallet's token for one payment,
 * which the payment service's POST /tokens exchanges like typed card details.
 */
export interface WalletAdapter {
  wallet: Wallet;
  /** Asked before the method is shown: a wallet that is not ready is never rendered. */
  isReady(request: WalletRequest): Promise<boolean>;
  /** Opens the wallet's sheet; the wallet's token, or null when the buyer closed the sheet. */
  requestToken(request: WalletRequest): Promise<string | null>;
}
