import type { FastifyPluginCallback } from 'fastify';
import type { Money } from '../../contract/api/common';
import type { BrowserData, DeclineReason, PaymentActionKind } from '../../contract/api/payment';
import type { PayMethod, Wallet } from '../../contract/api/paymentMethodKinds';
import type { CardBrand } from '../../contract/cards';

export type Currency = Money['currency'];

/**
 * What the payment service needs from a payment gateway: cards, wallets (Google Pay, Apple Pay)
 * and PayPal (issue 15). The built-in `sandbox` implements it (server/payments/sandbox); a real
 * gateway gets an adapter with the same shape (docs/payment-providers.md). Amounts are in minor
 * units. Card numbers and security codes exist only inside `tokenise`, wallet payloads only
 * inside `tokeniseWallet`.
 */

/** Card details as the buyer typed them (already checked with contract/cards.ts). */
export interface CardDetails {
  /** Digits only. */
  number: string;
  name: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvv: string;
}

/** Where a token's card came from: typed details, or the device card of a wallet. */
export type TokenSource = 'card' | Wallet;

export interface TokenisedCard {
  token: string;
  source: TokenSource;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  expiresAt: Date;
}

/** Fraud-prevention data: what the browser reported plus what the server saw of the request. */
export interface FraudData {
  browser: BrowserData;
  userAgent: string;
  acceptHeader: string;
  ipAddress: string;
}

/**
 * What pays: a single-use token from `tokenise` / `tokeniseWallet`, good only for the method it
 * came from, or PayPal (the buyer approves on PayPal's page; no token).
 */
export type PaymentSource =
  { kind: 'token'; token: string; method: TokenSource } | { kind: 'paypal' };

export interface AuthoriseRequest {
  source: PaymentSource;
  amount: number;
  currency: Currency;
  /**
   * The gateway deduplicates on it: a second authorisation under one key returns the first
   * payment, never a second charge.
   */
  idempotencyKey: string;
  /** Where the gateway's pages (3-D Secure, PayPal approval) send the browser back to. */
  returnUrl: string;
  fraud: FraudData;
  /** Refuse other brands (American Express seats take only that card, spec §6). */
  acceptedBrands?: readonly CardBrand[];
}

/**
 * Provider-side states; `processing` is an authorisation the gateway has not answered yet,
 * `approval_required` a PayPal order the buyer has not yet approved or cancelled.
 */
export type ProviderState =
  | 'processing'
  | 'device_data_required'
  | 'challenge_required'
  | 'approval_required'
  | 'authorised'
  | 'captured'
  | 'refunded'
  | 'voided'
  | 'declined';

export interface ProviderPayment {
  ref: string;
  state: ProviderState;
  amount: number;
  currency: Currency;
  capturedAmount: number;
  refundedAmount: number;
  method: PayMethod;
  /** The card charged (a wallet's too); null for PayPal, which shows the shop no card. */
  card: { brand: CardBrand; last4: string } | null;
  /** Set while the buyer must visit a page of the gateway. */
  action?: { kind: PaymentActionKind; url: string };
  declineReason?: DeclineReason;
}

/** Why the gateway refused a call (as opposed to declining a payment, which is an answer). */
export type ProviderErrorCode =
  /** The token is unknown, expired, already spent, or from another way to pay. */
  | 'token_invalid'
  /** The card's brand is not among those this payment accepts. */
  | 'brand_not_accepted'
  /** This idempotency key was used for a different authorisation. */
  | 'idempotency_mismatch'
  /** The authorisation under this key is still being processed. */
  | 'in_progress'
  /** The payment cannot do that in its state (capture a decline, refund more than captured). */
  | 'invalid_state'
  | 'not_found';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What Apple's merchant validation is sent (`initiativeContext` is the shop's domain). */
export interface ApplePayMerchantRequest {
  validationURL: string;
  merchantId: string;
  displayName: string;
  initiativeContext: string;
}

/** Per-call options: the payment service aborts a call the gateway does not answer in time. */
export interface CallOptions {
  signal: AbortSignal;
}

export interface PaymentProvider {
  readonly name: string;
  /** The ways to pay this provider takes (issue 15); the payment step offers no others. */
  readonly methods: readonly PayMethod[];
  /**
   * Pages the gateway itself serves to the browser (3-D Secure steps), mounted under the
   * payment service's base address; a hosted gateway has its own and leaves this out.
   */
  readonly hostedPages?: FastifyPluginCallback;
  tokenise(card: CardDetails): Promise<TokenisedCard>;
  /**
   * Exchanges a wallet's payload (Google Pay's `tokenizationData.token`, Apple Pay's
   * `paymentData` as JSON) for a token like a card's, with `source` = the wallet. A payload the
   * gateway cannot read is `token_invalid`.
   */
  tokeniseWallet(wallet: Wallet, walletToken: string): Promise<TokenisedCard>;
  /**
   * Apple Pay merchant validation (docs/payment-providers.md): posts to Apple's `validationURL`
   * with the merchant identity certificate and answers Apple's merchant session. Left out by a
   * provider that cannot (the sandbox): the payment service then refuses with a worded 422.
   */
  validateApplePayMerchant?(
    request: ApplePayMerchantRequest,
    options: CallOptions,
  ): Promise<Record<string, unknown>>;
  /**
   * Starts a payment; the answer may ask for a step of the buyer's (`action`): 3-D Secure for a
   * typed card, PayPal's approval page. A wallet payment needs none (the device authenticated
   * the buyer).
   */
  authorise(request: AuthoriseRequest, options: CallOptions): Promise<ProviderPayment>;
  /**
   * Called when the browser is back from a step (3-D Secure, PayPal approval): moves the payment
   * on (to the next step, authorised or declined) or, if the step is not done yet, leaves it.
   */
  continue(ref: string, options: CallOptions): Promise<ProviderPayment>;
  /** Takes the authorised money (all of it when `amount` is omitted). */
  capture(ref: string, amount?: number): Promise<ProviderPayment>;
  /** Releases an authorisation (or a PayPal order not yet approved) that will not be captured. */
  void(ref: string): Promise<ProviderPayment>;
  /** Gives back captured money, once per idempotency key. */
  refund(ref: string, amount: number, idempotencyKey: string): Promise<ProviderPayment>;
  status(ref: string): Promise<ProviderPayment>;
  /**
   * Cancels whatever an authorisation under this key did, for a call that timed out: the caller
   * never learnt its outcome, so it must not be left to charge the card.
   */
  cancelAttempt(idempotencyKey: string): Promise<void>;
}
