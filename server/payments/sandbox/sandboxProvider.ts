import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { checkCardNumber, detectCardBrand, normaliseCardNumber } from '../../../contract/cards';
import type { DeclineReason } from '../../../contract/api/payment';
import { PAY_METHODS, type PayMethod, type Wallet } from '../../../contract/api/paymentMethodKinds';
import { SANDBOX_WALLET_TOKEN_TYPE } from '../../../contract/sandboxWallet';
import type { Database, Queryable } from '../../db/database';
import * as g from './queries';
import type { ApprovalResult, SandboxPaymentRow } from './queries';
import { requestHash } from '../../http/idempotency';
import {
  ProviderError,
  type AuthoriseRequest,
  type CallOptions,
  type CardDetails,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderState,
  type TokenisedCard,
  type TokenSource,
} from '../provider';
import { sandboxPages } from './pages';
import { behaviourOf } from './testCards';

/** A token pays once, within this long of being issued (about a checkout's payment step). */
export const TOKEN_LIFETIME_MINUTES = 15;
/** A device-data collection or challenge not completed within this long fails authentication. */
export const ACTION_LIFETIME_MINUTES = 10;
/**
 * A PayPal order the buyer neither approves nor cancels within this long counts as cancelled
 * (PayPal's own orders wait about as long); the shop's reconciliation voids an abandoned one
 * far sooner (PAYMENT_3DS_ABANDONED_AFTER_S).
 */
export const APPROVAL_LIFETIME_MINUTES = 180;
/** How long the card a sandbox wallet holds stays valid (a device card's expiry is its own). */
const WALLET_CARD_YEARS = 3;
/**
 * How long the `timeout` test card keeps the gateway silent when nobody gives up on it; the
 * payment service gives up far sooner (its own limit) and cancels the attempt.
 */
export const DEFAULT_HANG_MS = 5 * 60_000;

export interface SandboxOptions {
  /** The payment service's base address as the browser sees it (3-D Secure pages live under it). */
  publicBase: string;
  hangMs?: number;
}

type PaymentRow = SandboxPaymentRow;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The test card number a sandbox wallet token names (contract/sandboxWallet.ts), if it is one. */
function walletCardNumber(wallet: Wallet, walletToken: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(walletToken);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const token = parsed as Record<string, unknown>;
  if (token.type !== SANDBOX_WALLET_TOKEN_TYPE || token.wallet !== wallet) return undefined;
  if (typeof token.cardNumber !== 'string') return undefined;
  const number = normaliseCardNumber(token.cardNumber);
  return checkCardNumber(number) === 'valid' ? number : undefined;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resolves after `ms`, or rejects as soon as the caller aborts (the gateway stops waiting too). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The built-in sandbox gateway: tokenises cards and sandbox wallet tokens into a vault that keeps
 * no card data, runs 3-D Secure 2 (device-data collection for every typed card, a challenge for
 * the challenge cards) and PayPal's approval on its own pages, and declines or stays silent as
 * the test cards say (testCards.ts). All its state is in the database, so every instance of the
 * server is the same gateway.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly methods: readonly PayMethod[] = PAY_METHODS;
  readonly hostedPages: FastifyPluginCallback;
  /** Base address of the hosted pages as the browser sees it (the payment service's). */
  readonly pagesBase: string;
  private readonly hangMs: number;

  constructor(
    private readonly db: Database,
    options: SandboxOptions,
  ) {
    this.pagesBase = options.publicBase.replace(/\/$/, '');
    this.hangMs = options.hangMs ?? DEFAULT_HANG_MS;
    this.hostedPages = sandboxPages(this);
  }

  async tokenise(card: CardDetails): Promise<TokenisedCard> {
    return this.vault(card, 'card');
  }

  /**
   * The sandbox wallet's token names one of its test cards (contract/sandboxWallet.ts); the
   * vault keeps that card as a real gateway keeps a wallet's device card, marked with the wallet.
   */
  async tokeniseWallet(wallet: Wallet, walletToken: string): Promise<TokenisedCard> {
    const number = walletCardNumber(wallet, walletToken);
    if (!number) {
      throw new ProviderError('token_invalid', 'The sandbox cannot read this wallet token.');
    }
    const now = new Date();
    return this.vault(
      {
        number,
        name: '',
        expiryMonth: now.getUTCMonth() + 1,
        expiryYear: now.getUTCFullYear() + WALLET_CARD_YEARS,
        cvv: '',
      },
      wallet,
    );
  }

  private async vault(card: CardDetails, source: TokenSource): Promise<TokenisedCard> {
    const brand = detectCardBrand(card.number);
    if (!brand) throw new ProviderError('brand_not_accepted', 'The sandbox takes no such card.');
    const token = `tok_${randomBytes(24).toString('base64url')}`;
    const last4 = card.number.slice(-4);
    const expiresAt = await g.insertCardToken(this.db, {
      tokenHash: hashToken(token),
      source,
      brand,
      last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      behaviour: behaviourOf(card.number),
      lifetimeMinutes: TOKEN_LIFETIME_MINUTES,
    });
    // Bounded clean-up of long-dead tokens, so the vault does not grow without a sweeper.
    await g.purgeDeadCardTokens(this.db);
    return {
      token,
      source,
      brand,
      last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      expiresAt,
    };
  }

  async authorise(request: AuthoriseRequest, { signal }: CallOptions): Promise<ProviderPayment> {
    const { source } = request;
    const method: PayMethod = source.kind === 'paypal' ? 'paypal' : source.method;
    const hash = requestHash('sandbox.authorise', {
      token: source.kind === 'token' ? hashToken(source.token) : null,
      amount: request.amount,
      currency: request.currency,
      acceptedBrands: request.acceptedBrands ?? null,
      // A card's hash is as it was before wallets and PayPal, so its replays still match.
      ...(method === 'card' ? {} : { method }),
    });
    const first = await this.findByKey(request.idempotencyKey);
    if (first) return this.replay(first, hash);

    let created: PaymentRow | undefined;
    try {
      created = await this.db.transaction(async (tx) => {
        const token = source.kind === 'token' ? await this.spendToken(tx, source, request) : null;
        const row = await g.insertSandboxPayment(tx, {
          ref: randomUUID(),
          idempotencyKey: request.idempotencyKey,
          requestHash: hash,
          method,
          token,
          amount: request.amount,
          currency: request.currency,
          returnUrl: request.returnUrl,
          browser: request.fraud,
        });
        // A concurrent call under the same key won: roll back so the token stays as it was.
        if (!row) throw new ProviderError('in_progress', 'Another call created this payment.');
        return row;
      });
    } catch (error) {
      // Whatever went wrong, a payment that now exists under the key is the answer.
      const existing = await this.findByKey(request.idempotencyKey);
      if (existing) return this.replay(existing, hash);
      throw error;
    }

    if (created.behaviour === 'timeout') {
      try {
        await wait(this.hangMs, signal);
      } catch (error) {
        // The merchant gave up; the authorisation never happens.
        await this.cancelAttempt(request.idempotencyKey);
        throw error;
      }
      return this.move(created.ref, 'processing', 'declined', { declineReason: 'declined' });
    }
    const next = await this.firstAnswer(created);
    if (signal.aborted) {
      await this.cancelAttempt(request.idempotencyKey);
      throw new Error('aborted');
    }
    return next;
  }

  /**
   * A typed card goes to device-data collection (3-D Secure); PayPal to its approval page; a
   * wallet's device card is answered at once, as its test card says (the device authenticated
   * the buyer, so a challenge card is simply authorised).
   */
  private async firstAnswer(created: PaymentRow): Promise<ProviderPayment> {
    const ref = created.ref;
    if (created.method === 'paypal') {
      return this.move(ref, 'processing', 'approval_required', {
        startAction: true,
        actionMinutes: APPROVAL_LIFETIME_MINUTES,
      });
    }
    if (created.method === 'card') {
      return this.move(ref, 'processing', 'device_data_required', { startAction: true });
    }
    switch (created.behaviour) {
      case 'decline':
        return this.move(ref, 'processing', 'declined', { declineReason: 'declined' });
      case 'insufficient_funds':
        return this.move(ref, 'processing', 'declined', { declineReason: 'insufficient_funds' });
      default:
        return this.move(ref, 'processing', 'authorised');
    }
  }

  async continue(ref: string): Promise<ProviderPayment> {
    const row = await this.find(ref);
    if (row.state === 'approval_required') {
      switch (row.approvalResult) {
        case 'approved':
          return this.move(ref, row.state, 'authorised');
        case 'cancelled':
          return this.move(ref, row.state, 'declined', { declineReason: 'cancelled' });
        case 'declining_account':
          return this.move(ref, row.state, 'declined', { declineReason: 'declined' });
        case null:
          // Never answered in PayPal's time: the order lapses as a cancelled one.
          if (row.actionExpired) {
            return this.move(ref, row.state, 'declined', { declineReason: 'cancelled' });
          }
      }
    }
    if (row.state === 'device_data_required') {
      if (row.deviceDataAt) {
        switch (row.behaviour) {
          case 'challenge':
            return this.move(ref, row.state, 'challenge_required', { startAction: true });
          case 'decline':
            return this.move(ref, row.state, 'declined', { declineReason: 'declined' });
          case 'insufficient_funds':
            return this.move(ref, row.state, 'declined', { declineReason: 'insufficient_funds' });
          default:
            return this.move(ref, row.state, 'authorised');
        }
      }
      if (row.actionExpired) {
        return this.move(ref, row.state, 'declined', { declineReason: 'authentication_failed' });
      }
    }
    if (row.state === 'challenge_required') {
      if (row.challengeResult === 'authenticated') return this.move(ref, row.state, 'authorised');
      if (row.challengeResult === 'failed' || row.actionExpired) {
        return this.move(ref, row.state, 'declined', { declineReason: 'authentication_failed' });
      }
    }
    return this.toPayment(row);
  }

  async capture(ref: string, amount?: number): Promise<ProviderPayment> {
    const row = await this.find(ref);
    const take = amount ?? row.amount;
    if (row.state === 'captured' && row.capturedAmount === take) return this.toPayment(row);
    const captured = await g.captureSandboxPayment(this.db, ref, take);
    if (!captured) throw this.invalidState(ref, 'captured');
    return this.toPayment(captured);
  }

  async void(ref: string): Promise<ProviderPayment> {
    const row = await this.find(ref);
    if (row.state === 'voided') return this.toPayment(row);
    const voided = await g.voidSandboxPayment(this.db, ref);
    if (!voided) throw this.invalidState(ref, 'voided');
    return this.toPayment(voided);
  }

  async refund(ref: string, amount: number, idempotencyKey: string): Promise<ProviderPayment> {
    await this.find(ref);
    try {
      await this.db.transaction(async (tx) => {
        if (!(await g.claimRefundKey(tx, idempotencyKey, ref, amount))) {
          throw new ProviderError('in_progress', 'Refund exists.');
        }
        if (!(await g.refundSandboxPayment(tx, ref, amount))) {
          throw this.invalidState(ref, 'refunded');
        }
      });
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === 'in_progress')) throw error;
      // The key was used before: the same refund is answered with the payment as it is now.
      const earlier = await g.findRefund(this.db, idempotencyKey);
      if (earlier?.ref !== ref.toLowerCase() || earlier.amount !== amount) {
        throw new ProviderError('idempotency_mismatch', 'This key was used for another refund.');
      }
    }
    return this.status(ref);
  }

  async status(ref: string): Promise<ProviderPayment> {
    return this.toPayment(await this.find(ref));
  }

  async cancelAttempt(idempotencyKey: string): Promise<void> {
    await g.cancelSandboxAttempt(this.db, idempotencyKey);
  }

  // ---- the hosted pages' side (pages.ts) ----

  /** A payment by its ref for the hosted pages; undefined for a malformed or unknown ref. */
  async pageState(ref: string): Promise<PaymentRow | undefined> {
    if (!UUID.test(ref)) return undefined;
    return g.findSandboxPayment(this.db, ref);
  }

  /** Device data arrives once, while the step is open; later posts change nothing. */
  async recordDeviceData(ref: string, deviceData: Record<string, unknown>): Promise<void> {
    await g.recordDeviceData(this.db, ref, deviceData);
  }

  /** The buyer's answer to the challenge; the first one counts. */
  async recordChallenge(ref: string, result: 'authenticated' | 'failed'): Promise<void> {
    await g.recordChallenge(this.db, ref, result);
  }

  /** The buyer's answer on PayPal's approval page; the first one counts. */
  async recordApproval(ref: string, result: ApprovalResult): Promise<void> {
    await g.recordApproval(this.db, ref, result);
  }

  // ---- internals ----

  private async spendToken(
    tx: Queryable,
    source: { token: string; method: TokenSource },
    request: AuthoriseRequest,
  ): Promise<g.SpentToken> {
    const token = await g.spendCardToken(tx, hashToken(source.token));
    if (!token)
      throw new ProviderError('token_invalid', 'The card token is unknown, used or expired.');
    // A typed card's token paying as a wallet (or the other way round) rolls the spend back.
    if (token.source !== source.method) {
      throw new ProviderError('token_invalid', `This token is not a ${source.method} token.`);
    }
    // Checked after spending so that a refused brand rolls the spend back with it.
    if (request.acceptedBrands && !request.acceptedBrands.includes(token.brand)) {
      throw new ProviderError('brand_not_accepted', 'This payment does not take this card.');
    }
    return token;
  }

  private async findByKey(idempotencyKey: string): Promise<PaymentRow | undefined> {
    return g.findSandboxPaymentByKey(this.db, idempotencyKey);
  }

  private async find(ref: string): Promise<PaymentRow> {
    const row = await this.pageState(ref);
    if (!row) throw new ProviderError('not_found', 'No such payment.');
    return row;
  }

  private replay(row: PaymentRow, hash: string): ProviderPayment {
    if (row.requestHash !== hash) {
      throw new ProviderError('idempotency_mismatch', 'This key was used for another payment.');
    }
    if (row.state === 'processing') {
      throw new ProviderError('in_progress', 'This payment is still being processed.');
    }
    return this.toPayment(row);
  }

  /**
   * Moves a payment from one state to the next, only if it is still in the first: of two
   * concurrent continuations one moves it, and both answer with where it ended up.
   */
  private async move(
    ref: string,
    from: ProviderState,
    to: ProviderState,
    options: { declineReason?: DeclineReason; startAction?: boolean; actionMinutes?: number } = {},
  ): Promise<ProviderPayment> {
    const moved = await g.moveSandboxPayment(this.db, ref, {
      from,
      to,
      declineReason: options.declineReason ?? null,
      startAction: options.startAction ?? false,
      actionMinutes: options.actionMinutes ?? ACTION_LIFETIME_MINUTES,
    });
    return this.toPayment(moved ?? (await this.find(ref)));
  }

  private invalidState(ref: string, wanted: string): ProviderError {
    return new ProviderError('invalid_state', `Payment ${ref} cannot be ${wanted} in its state.`);
  }

  private toPayment(row: PaymentRow): ProviderPayment {
    const base = `${this.pagesBase}/3ds/${row.ref}`;
    return {
      ref: row.ref,
      state: row.state,
      amount: row.amount,
      currency: row.currency,
      capturedAmount: row.capturedAmount,
      refundedAmount: row.refundedAmount,
      method: row.method,
      card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
      ...(row.state === 'device_data_required'
        ? { action: { kind: 'device_data' as const, url: `${base}/device-data` } }
        : {}),
      ...(row.state === 'challenge_required'
        ? { action: { kind: 'challenge' as const, url: `${base}/challenge` } }
        : {}),
      ...(row.state === 'approval_required'
        ? { action: { kind: 'approval' as const, url: `${this.pagesBase}/paypal/${row.ref}` } }
        : {}),
      ...(row.declineReason ? { declineReason: row.declineReason } : {}),
    };
  }
}
