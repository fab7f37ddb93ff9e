import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { currencySchema, normaliseId, type ApiErrorBody } from '../../contract/api/common';
import {
  PAYMENT_RETURN_PARAM,
  browserDataSchema,
  cardBrandSchema,
  paymentSchema,
  type CardToken,
  type Payment,
  type TokeniseBody,
} from '../../contract/api/payment';
import { IDEMPOTENCY_KEY_PATTERN } from '../../contract/api/holds';
import {
  PAY_METHODS,
  PAYMENT_METHOD_KINDS,
  type PayMethod,
  type PaymentMethodKind,
} from '../../contract/api/paymentMethodKinds';
import {
  checkCardNumber,
  detectCardBrand,
  expiryProblem,
  isCvvValid,
  normaliseCardNumber,
  parseExpiry,
  type CardBrand,
} from '../../contract/cards';
import type { Database } from '../db/database';
import {
  deletePendingPayment,
  findPaymentRecord,
  insertPendingPayment,
  markPaymentTimedOut,
  savePaymentAnswer,
  type PaymentRecord,
  type RecordStatus,
} from './queries';
import { idempotentEffect, requestHash, type StoredResponse } from '../http/idempotency';
import { tokenFitsMethod } from './methods';
import { ApiError } from '../lib/errors';
import {
  ProviderError,
  type ApplePayMerchantRequest,
  type CallOptions,
  type Currency,
  type FraudData,
  type PaymentProvider,
  type ProviderPayment,
  type TokenisedCard,
  type TokenSource,
} from './provider';

/** A token as the browser gets it from POST /tokens. */
function cardToken(card: TokenisedCard): CardToken {
  return {
    token: card.token,
    source: card.source,
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    expiresAt: card.expiresAt.toISOString(),
  };
}

/** The largest single payment (minor units): £100,000 / $100,000, far above any basket. */
export const MAX_PAYMENT_MINOR_UNITS = 10_000_000;

export interface AuthoriseInput {
  /** The buyer's session: keys are per session, and only this session may continue the payment. */
  sessionId: string;
  /** One per pay attempt; a retry, reload or double click of the attempt sends the same key. */
  idempotencyKey: string;
  /**
   * How it is paid (issue 15); left out, a card. A card or wallet pays with a token from POST
   * /tokens of the same source; PayPal with none (null).
   */
  method?: PayMethod;
  token: string | null;
  amount: number;
  currency: Currency;
  /** What is being paid for (a hold or order id), kept for reconciliation. */
  reference: string;
  /** The shop's /checkout/verify: a path, or an absolute URL on one of the shop origins. */
  returnUrl: string;
  fraud: FraudData;
  acceptedBrands?: readonly CardBrand[];
}

const authoriseInputSchema = z.strictObject({
  sessionId: z.guid(),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  method: z.enum(PAY_METHODS).optional(),
  token: z.string().min(1).max(200).nullable(),
  amount: z.number().int().min(1).max(MAX_PAYMENT_MINOR_UNITS),
  currency: currencySchema,
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  returnUrl: z.string().min(1).max(2048),
  fraud: z.strictObject({
    browser: browserDataSchema,
    userAgent: z.string().max(2048),
    acceptHeader: z.string().max(2048),
    ipAddress: z.string().max(64),
  }),
  acceptedBrands: z.array(cardBrandSchema).min(1).optional(),
});

/**
 * How far along a payment is. Answers from the provider can arrive out of order (two
 * continuations at once); a record only ever moves forward, so an older answer never overwrites
 * a newer one. Refunds move forward within `captured` by their amount.
 */
const PROGRESS: Record<RecordStatus, number> = {
  pending: 0,
  action_required: 1,
  authorised: 3,
  captured: 4,
  refunded: 5,
  voided: 6,
  declined: 6,
  timed_out: 6,
};

class ProviderTimeout extends Error {
  constructor() {
    super('The payment provider did not answer in time.');
    this.name = 'ProviderTimeout';
  }
}

function validationError(error: z.ZodError): ApiError {
  const fields = [...new Set(error.issues.map((issue) => issue.path.join('.')))];
  return new ApiError(400, 'validation_failed', 'The payment request is not valid.', fields);
}

function toApiError(error: ProviderError): ApiError {
  switch (error.code) {
    case 'token_invalid':
      return new ApiError(
        422,
        'payment_token_invalid',
        'The token is unknown, used, expired or from another way to pay.',
      );
    case 'brand_not_accepted':
      return new ApiError(422, 'card_type_not_accepted', 'This card type is not accepted here.');
    case 'idempotency_mismatch':
      return new ApiError(
        422,
        'idempotency_mismatch',
        'This idempotency key was used for a different request.',
      );
    case 'invalid_state':
      return new ApiError(409, 'payment_state_invalid', 'The payment cannot do that now.');
    case 'not_found':
      return new ApiError(404, 'not_found', 'Payment was not found.');
    case 'in_progress':
      // Transient: a 5xx frees the idempotency key so the retry can get the provider's answer.
      return new ApiError(503, 'service_unavailable', 'The payment is still being processed.');
  }
}

/** A path on this origin, or an absolute http(s) URL on one of the shop's origins. */
export function checkReturnUrl(url: string, shopOrigins: readonly string[]): string {
  const invalid = new ApiError(400, 'validation_failed', 'The return URL is not allowed.', [
    'returnUrl',
  ]);
  if (/^\/(?![/\\])/.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid;
  }
  const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
  if (!web || parsed.username || parsed.password || !shopOrigins.includes(parsed.origin)) {
    throw invalid;
  }
  return parsed.toString();
}

/** The return URL with `?paymentId=` added, so /checkout/verify knows which payment came back. */
export function returnUrlFor(returnUrl: string, paymentId: string): string {
  const relative = returnUrl.startsWith('/');
  const url = new URL(returnUrl, 'http://relative.invalid');
  url.searchParams.set(PAYMENT_RETURN_PARAM, paymentId);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

function fromProvider(payment: ProviderPayment) {
  const status: RecordStatus =
    payment.state === 'processing'
      ? 'pending'
      : payment.state === 'device_data_required' ||
          payment.state === 'challenge_required' ||
          payment.state === 'approval_required'
        ? 'action_required'
        : payment.state;
  // A challenge is further along than device-data collection.
  const progress = PROGRESS[status] + (payment.action?.kind === 'challenge' ? 1 : 0);
  return { status, progress };
}

export interface PaymentServiceOptions {
  db: Database;
  provider: PaymentProvider;
  /** Provider calls not answered within this long count as timed out. */
  timeoutMs: number;
  /** Origins an absolute return URL may point at. */
  shopOrigins: readonly string[];
  /** The operator's switch (PaymentConfig.methods); every kind when left out. */
  methods?: readonly PaymentMethodKind[];
}

/**
 * The payment service's server-side interface, used in-process by the booking API: it pays with
 * a token the browser got from POST /tokens, continues 3-D Secure when the browser is back, and
 * captures, voids or refunds. Card details reach only `tokenise`.
 */
export class PaymentService {
  private readonly db: Database;
  readonly provider: PaymentProvider;
  /** How long a provider call may take; nothing waits on a payment's first answer longer. */
  readonly timeoutMs: number;
  private readonly shopOrigins: readonly string[];
  /** What the operator lets any venue offer (PAYMENT_METHODS), for payments/methods.ts. */
  readonly operatorMethods: readonly PaymentMethodKind[];

  constructor(options: PaymentServiceOptions) {
    this.db = options.db;
    this.provider = options.provider;
    this.timeoutMs = options.timeoutMs;
    this.shopOrigins = options.shopOrigins;
    this.operatorMethods = options.methods ?? PAYMENT_METHOD_KINDS;
  }

  /** What the provider can take, for payments/methods.ts. */
  get providerMethods(): readonly PayMethod[] {
    return this.provider.methods;
  }

  /**
   * The sandbox's wallets are its own sheet, offered only to a browser told to (demos, tests),
   * never a real Apple Pay or Google Pay sheet whose token it could not read.
   */
  get walletSandbox(): boolean {
    return this.provider.name === 'sandbox';
  }

  /**
   * Apple Pay's merchant validation for one sheet (POST /apple-pay/session). Only a provider
   * that takes Apple Pay and can validate is asked; otherwise a worded 422, never a 5xx: the
   * sandbox has no merchant certificate, and its own wallet sheet needs none.
   */
  async applePaySession(request: ApplePayMerchantRequest): Promise<Record<string, unknown>> {
    const validate = this.provider.validateApplePayMerchant?.bind(this.provider);
    if (!this.provider.methods.includes('apple_pay') || validate === undefined) {
      throw new ApiError(
        422,
        'payment_method_unavailable',
        `Apple Pay cannot be used with the ${this.provider.name} payment provider: it cannot validate the shop with Apple. Please choose another way to pay.`,
      );
    }
    return this.call((options) => validate(request, options));
  }

  /**
   * Checks the card (each failure its own `card_*` code, spec §5 messages) and exchanges it for
   * a single-use token. `now` decides whether the expiry has passed.
   */
  async tokenise(body: TokeniseBody, now: Date = new Date()): Promise<CardToken> {
    if ('wallet' in body) {
      if (!this.provider.methods.includes(body.wallet)) {
        throw new ApiError(
          422,
          'payment_method_unavailable',
          'This payment provider takes no such wallet.',
        );
      }
      const wallet = body.wallet;
      return cardToken(
        await this.call(() => this.provider.tokeniseWallet(wallet, body.walletToken)),
      );
    }
    const number = normaliseCardNumber(body.number);
    const numberCheck = checkCardNumber(number);
    if (numberCheck === 'invalid') {
      throw new ApiError(422, 'card_number_invalid', 'Please enter a valid credit card number', [
        'body.number',
      ]);
    }
    if (numberCheck === 'not_accepted') {
      throw new ApiError(422, 'card_type_not_accepted', 'This card type is not accepted here.', [
        'body.number',
      ]);
    }
    const problem = expiryProblem(body.expiry, now);
    if (problem === 'month') {
      throw new ApiError(
        422,
        'card_expiry_month_invalid',
        'Please enter a valid month for your expiration date',
        ['body.expiry'],
      );
    }
    if (problem === 'year') {
      throw new ApiError(422, 'card_expiry_year_invalid', 'Please enter a valid expiration year', [
        'body.expiry',
      ]);
    }
    const brand = detectCardBrand(number);
    if (!isCvvValid(body.cvv, brand)) {
      throw new ApiError(
        422,
        'card_cvv_invalid',
        "Please enter your card's CVV number (3 digits on the back; 4 digits on the front for American Express)",
        ['body.cvv'],
      );
    }
    const expiry = parseExpiry(body.expiry, now)!;
    const card = await this.call(() =>
      this.provider.tokenise({
        number,
        name: body.name,
        expiryMonth: expiry.month,
        expiryYear: expiry.year,
        cvv: body.cvv.trim(),
      }),
    );
    return cardToken(card);
  }

  /**
   * Starts a payment, once per (session, idempotency key): the same key and payload replay the
   * first answer (even a refusal); another payload under the key is 422 `idempotency_mismatch`;
   * while the first is still running, 409 `idempotency_in_flight`. The provider gets our payment
   * id as its own idempotency key, so even a rerun after a crash cannot charge twice. Declines
   * and time-outs are answers (a Payment), not errors.
   */
  async authorise(input: AuthoriseInput): Promise<Payment> {
    const parsed = authoriseInputSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const method = input.method ?? 'card';
    if (!tokenFitsMethod(method, input.token)) {
      throw new ApiError(
        400,
        'validation_failed',
        'A card or wallet pays with a token, PayPal with none.',
        ['token'],
      );
    }
    const returnUrl = checkReturnUrl(input.returnUrl, this.shopOrigins);
    const acceptedBrands = input.acceptedBrands ? [...input.acceptedBrands].sort() : null;
    const response = await idempotentEffect(
      this.db,
      {
        sessionId: input.sessionId,
        // Namespaced, so the booking API may use the buyer's raw key for its own pay request.
        key: `payment:${input.idempotencyKey}`,
        // The fraud data is left out: a retry from a resized window is still the same payment.
        hash: requestHash('payment.authorise', {
          token: input.token,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference,
          returnUrl,
          acceptedBrands,
          // A card's hash is as it was before wallets and PayPal, so its replays still match.
          ...(method === 'card' ? {} : { method }),
        }),
      },
      () => this.start(input, method, returnUrl),
    );
    return this.unwrap(response);
  }

  /**
   * The 3-D Secure continuation, when the browser is back on the return page: moves the
   * payment on and answers where it stands (perhaps another step, such as the challenge).
   * Safe to call any number of times, concurrently too.
   */
  async continue(sessionId: string, paymentId: string): Promise<Payment> {
    return this.advance(await this.find(paymentId, sessionId));
  }

  /**
   * For the reconciliation of a payment nobody is attending to any more: takes it as far as it
   * goes without the buyer. One whose first answer never arrived (the process waiting for it
   * died) is cancelled at the provider and reported timed out, as a call that timed out is; one
   * at a 3-D Secure step is continued, in case the buyer finished the step but never came back.
   */
  async resume(paymentId: string): Promise<Payment> {
    const record = await this.find(paymentId);
    if (record.status === 'pending') return this.timedOut(record.id);
    return this.advance(record);
  }

  private async advance(record: PaymentRecord): Promise<Payment> {
    if (record.status !== 'action_required' || !record.providerRef) return this.toPayment(record);
    const ref = record.providerRef;
    try {
      return await this.save(
        record.id,
        await this.withTimeout((options) => this.provider.continue(ref, options)),
      );
    } catch (error) {
      if (error instanceof ProviderTimeout) return this.timedOut(record.id);
      if (error instanceof ProviderError) throw toApiError(error);
      throw error;
    }
  }

  /**
   * The payment as we last knew it; `refresh` asks the provider first (reconciliation). With a
   * session, only that session's payment is found.
   */
  async status(
    paymentId: string,
    options: { sessionId?: string; refresh?: boolean } = {},
  ): Promise<Payment> {
    const record = await this.find(paymentId, options.sessionId);
    if (!options.refresh || !record.providerRef) return this.toPayment(record);
    const ref = record.providerRef;
    return this.save(record.id, await this.call(() => this.provider.status(ref)));
  }

  /** Takes the authorised money (all of it unless `amount` says less). */
  async capture(paymentId: string, amount?: number): Promise<Payment> {
    const ref = await this.providerRefOf(paymentId);
    return this.save(paymentId, await this.call(() => this.provider.capture(ref, amount)));
  }

  /** Releases an authorisation that will not be captured. */
  async void(paymentId: string): Promise<Payment> {
    const ref = await this.providerRefOf(paymentId);
    return this.save(paymentId, await this.call(() => this.provider.void(ref)));
  }

  /** Gives back captured money; a retry with the same key refunds nothing more. */
  async refund(paymentId: string, amount: number, idempotencyKey: string): Promise<Payment> {
    if (!Number.isInteger(amount) || amount < 1 || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new ApiError(400, 'validation_failed', 'The refund request is not valid.');
    }
    const ref = await this.providerRefOf(paymentId);
    const key = `${paymentId.toLowerCase()}:refund:${idempotencyKey}`;
    return this.save(paymentId, await this.call(() => this.provider.refund(ref, amount, key)));
  }

  // ---- internals ----

  private async start(
    input: AuthoriseInput,
    method: PayMethod,
    returnUrl: string,
  ): Promise<StoredResponse> {
    // Created before the provider is asked, so a rerun of this key finds the same id (the
    // provider's idempotency key and the return URL both carry it).
    const id = await insertPendingPayment(this.db, {
      id: randomUUID(),
      sessionId: input.sessionId,
      idempotencyKey: input.idempotencyKey,
      provider: this.provider.name,
      method,
      reference: input.reference,
      amount: input.amount,
      currency: input.currency,
    });
    try {
      const answer = await this.withTimeout((options) =>
        this.provider.authorise(
          {
            source:
              input.token === null
                ? { kind: 'paypal' }
                : { kind: 'token', token: input.token, method: method as TokenSource },
            amount: input.amount,
            currency: input.currency,
            idempotencyKey: id,
            returnUrl: returnUrlFor(returnUrl, normaliseId(id)),
            fraud: input.fraud,
            ...(input.acceptedBrands ? { acceptedBrands: input.acceptedBrands } : {}),
          },
          options,
        ),
      );
      return { status: 201, body: await this.save(id, answer) };
    } catch (error) {
      if (error instanceof ProviderTimeout) return { status: 201, body: await this.timedOut(id) };
      if (!(error instanceof ProviderError)) throw error;
      const refusal = toApiError(error);
      // A refused attempt charged nothing: no record of a payment is left behind.
      if (refusal.statusCode < 500) {
        await deletePendingPayment(this.db, id);
      }
      throw refusal;
    }
  }

  /** The provider gave no answer in time: cancel whatever it may still do, and say so. */
  private async timedOut(id: string): Promise<Payment> {
    await this.provider.cancelAttempt(id);
    await markPaymentTimedOut(this.db, id, PROGRESS.timed_out);
    return this.toPayment(await this.find(id));
  }

  /** Writes the provider's answer, unless the record has already moved further. */
  private async save(id: string, answer: ProviderPayment): Promise<Payment> {
    const { status, progress } = fromProvider(answer);
    await savePaymentAnswer(this.db, id, {
      providerRef: answer.ref,
      status,
      progress,
      declineReason: answer.declineReason ?? null,
      cardBrand: answer.card?.brand ?? null,
      cardLast4: answer.card?.last4 ?? null,
      capturedAmount: answer.capturedAmount,
      refundedAmount: answer.refundedAmount,
      actionKind: answer.action?.kind ?? null,
      actionUrl: answer.action?.url ?? null,
    });
    return this.toPayment(await this.find(id));
  }

  private async find(paymentId: string, sessionId?: string): Promise<PaymentRecord> {
    const notFound = new ApiError(404, 'not_found', 'Payment was not found.');
    if (!z.guid().safeParse(paymentId).success) throw notFound;
    const record = await findPaymentRecord(this.db, paymentId, sessionId ?? null);
    if (!record) throw notFound;
    return record;
  }

  private async providerRefOf(paymentId: string): Promise<string> {
    const record = await this.find(paymentId);
    if (!record.providerRef || record.status === 'timed_out') {
      throw new ApiError(409, 'payment_state_invalid', 'The payment cannot do that now.');
    }
    return record.providerRef;
  }

  private toPayment(record: PaymentRecord): Payment {
    if (record.status === 'pending') {
      throw new ApiError(409, 'payment_state_invalid', 'The payment is still being processed.');
    }
    return paymentSchema.parse({
      id: normaliseId(record.id),
      status: record.status,
      method: record.method,
      amount: record.amount,
      currency: record.currency,
      capturedAmount: record.capturedAmount,
      refundedAmount: record.refundedAmount,
      card:
        record.cardBrand && record.cardLast4
          ? { brand: record.cardBrand, last4: record.cardLast4 }
          : null,
      ...(record.status === 'action_required' && record.actionKind && record.actionUrl
        ? { action: { kind: record.actionKind, url: record.actionUrl } }
        : {}),
      ...(record.declineReason ? { declineReason: record.declineReason } : {}),
    });
  }

  /** A stored answer back as the caller first got it: a Payment, or the same ApiError again. */
  private unwrap(response: StoredResponse): Payment {
    if (response.status >= 400) {
      const body = response.body as ApiErrorBody;
      throw new ApiError(response.status, body.code, body.message, body.fields);
    }
    return paymentSchema.parse(response.body);
  }

  /** A provider call bounded by the time limit; a refusal becomes its ApiError. */
  private async call<T>(work: (options: CallOptions) => Promise<T>): Promise<T> {
    try {
      return await this.withTimeout((options) => work(options));
    } catch (error) {
      if (error instanceof ProviderTimeout) {
        throw new ApiError(503, 'service_unavailable', 'The payment provider did not answer.');
      }
      if (error instanceof ProviderError) throw toApiError(error);
      throw error;
    }
  }

  private async withTimeout<T>(work: (options: CallOptions) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProviderTimeout());
      }, this.timeoutMs);
    });
    const answer = work({ signal: controller.signal });
    // Once the time is up the call's own failure (it was aborted) is expected and ignored.
    answer.catch(() => undefined);
    try {
      return await Promise.race([answer, expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service, for the booking API's pay, continue and refund calls. */
    payments: PaymentService;
  }
}
