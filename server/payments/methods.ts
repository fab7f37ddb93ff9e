import type { Basket } from '../../contract/api/basket';
import type { DeliveryMethod } from '../../contract/api/checkout';
import type { PayBody } from '../../contract/api/orders';
import {
  PAY_METHODS,
  VOUCHER_KINDS,
  type PayMethod,
  type PaymentMethodKind,
  type VoucherKind,
} from '../../contract/api/paymentMethodKinds';
import type { PaymentMethods, PayMethodOption } from '../../contract/api/paymentMethods';
import type { VenueSettings } from '../../contract/venue';
import { ApiError } from '../lib/errors';
import type { PaymentService } from './service';

/**
 * Which ways to pay a basket may use (issue 15), and which way a pay request means: the one home
 * of the method rules (issue 23), pure, so the payment-methods route, the voucher allocation,
 * the pay request and the payment service decide alike:
 * - the venue's `paymentMethods`, in its order, ∩ the operator's PAYMENT_METHODS ∩ what the
 *   payment provider can take (vouchers are the box office's own and need no provider);
 * - American Express seats (spec §6): a card, and only an American Express one;
 * - posted tickets: no PayPal (docs/decisions.md, "PayPal as a delivery case");
 * - nothing left to pay: nothing to choose.
 * A method the venue offers but this basket cannot use is named with its reason, never hidden.
 */

export type Unavailable = PaymentMethods['unavailable'][number];

export interface MethodRulesInput {
  venue: Pick<VenueSettings, 'paymentMethods'>;
  basket: Pick<Basket, 'acceptedCardBrands'>;
  /** The delivery method saved on the hold (null before the delivery step). */
  deliveryMethod: DeliveryMethod | null;
  /** What is left to pay after the applied vouchers (minor units). */
  amountDue: number;
  /** The operator's switch (PAYMENT_METHODS); every kind when unset. */
  operatorMethods: readonly PaymentMethodKind[];
  /** What the payment provider takes (PaymentProvider.methods). */
  providerMethods: readonly PayMethod[];
}

export interface MethodChoice {
  methods: PayMethodOption[];
  unavailable: Unavailable[];
  voucherKinds: VoucherKind[];
}

const isPayMethod = (kind: PaymentMethodKind): kind is PayMethod =>
  (PAY_METHODS as readonly string[]).includes(kind);
const isVoucherKind = (kind: PaymentMethodKind): kind is VoucherKind =>
  (VOUCHER_KINDS as readonly string[]).includes(kind);

/** Seats set aside for American Express cardholders leave no other brand (basket.ts). */
export function isAmexOnly(basket: Pick<Basket, 'acceptedCardBrands'>): boolean {
  return (
    basket.acceptedCardBrands.length > 0 && basket.acceptedCardBrands.every((b) => b === 'amex')
  );
}

function reasonAgainst(
  kind: PaymentMethodKind,
  input: MethodRulesInput,
): Unavailable['reason'] | null {
  // The operator's switch comes first: a method switched off is off for every basket.
  if (!input.operatorMethods.includes(kind)) return 'switched_off';
  if (kind !== 'card' && isAmexOnly(input.basket)) return 'amex_seats';
  if (kind === 'paypal' && input.deliveryMethod === 'post') return 'posted_delivery';
  return null;
}

/** The ways to pay `amountDue`, the voucher kinds still open, and what is unavailable and why. */
export function availableMethods(input: MethodRulesInput): MethodChoice {
  if (input.amountDue <= 0) return { methods: [], unavailable: [], voucherKinds: [] };
  const choice: MethodChoice = { methods: [], unavailable: [], voucherKinds: [] };
  for (const kind of new Set(input.venue.paymentMethods)) {
    // A method the provider cannot take does not exist for this shop; nothing to explain.
    if (isPayMethod(kind) && !input.providerMethods.includes(kind)) continue;
    const reason = reasonAgainst(kind, input);
    if (reason) {
      choice.unavailable.push({ method: kind, reason });
    } else if (isPayMethod(kind)) {
      choice.methods.push({
        method: kind,
        cardBrands: kind === 'paypal' ? null : [...input.basket.acceptedCardBrands],
      });
    } else if (isVoucherKind(kind)) {
      choice.voucherKinds.push(kind);
    }
  }
  return choice;
}

/** What the payment service says about the ways to pay (operator switch, provider). */
export type MethodSource = Pick<
  PaymentService,
  'operatorMethods' | 'providerMethods' | 'walletSandbox'
>;

/**
 * The method rules for this basket when `amountDue` is left to pay: its delivery, the
 * operator's switch and what the provider takes, asked the same way wherever the shop decides
 * how a basket may be paid (the payment step's options, the vouchers' allocation, the pay
 * request).
 */
export function methodsFor(
  payments: MethodSource,
  venue: Pick<VenueSettings, 'paymentMethods'>,
  basket: Pick<Basket, 'acceptedCardBrands' | 'delivery'>,
  amountDue: number,
): MethodChoice {
  return availableMethods({
    venue,
    basket,
    deliveryMethod: basket.delivery?.method ?? null,
    amountDue,
    operatorMethods: payments.operatorMethods,
    providerMethods: payments.providerMethods,
  });
}

/**
 * The method a pay body means: the one it names, else a card when it carries a token (the pay
 * body of before issue 15), else none.
 */
export function payMethodOf(body: Pick<PayBody, 'method' | 'cardToken'>): PayMethod | null {
  return body.method ?? (body.cardToken === null ? null : 'card');
}

/** A card or wallet pays with a token, PayPal with none. */
export function tokenFitsMethod(method: PayMethod, token: string | null): boolean {
  return (method === 'paypal') === (token === null);
}

export interface PayChoiceOptions {
  /** What is left to pay after vouchers (minor units). */
  amountDue: number;
  /** availableMethods' answer for the same basket. */
  methods: readonly PayMethodOption[];
}

const needs = (message: string) =>
  new ApiError(400, 'validation_failed', message, ['body.cardToken']);

/**
 * The method a pay request uses, or null when nothing is left to pay. `method` left out means
 * a card with a token (the pay body of before issue 15) and nothing without one. 400
 * validation_failed when the body does not fit (a token for PayPal, none for a card, one when
 * nothing is due); 422 payment_method_unavailable for a method this basket cannot use. Whether
 * the token came from the method's source is the payment service's check (it knows the token).
 */
export function checkPayChoice(
  options: PayChoiceOptions,
  body: Pick<PayBody, 'method' | 'cardToken'>,
): PayMethod | null {
  if (options.amountDue <= 0) {
    if (body.cardToken !== null || body.method !== undefined) {
      throw needs('Nothing is left to pay: send no card and no method.');
    }
    return null;
  }
  const method = payMethodOf(body);
  if (!method) throw needs('This basket must be paid for: choose a way to pay.');
  if (method === 'paypal' && body.cardToken !== null) {
    throw needs('PayPal takes no card token.');
  }
  if (method !== 'paypal' && body.cardToken === null) {
    throw needs(`Paying by ${method} needs a token from the payment service.`);
  }
  if (!options.methods.some((option) => option.method === method)) {
    throw new ApiError(
      422,
      'payment_method_unavailable',
      'This way to pay cannot be used for this basket.',
      ['body.method'],
    );
  }
  return method;
}
