import { HttpResponse } from 'msw';
import { http } from './contract';
import type { ApiErrorBody } from '@contract/api/common';
import {
  applyVoucherBodySchema,
  type AppliedVoucher,
  type PaymentMethods,
  type PayMethodOption,
} from '@contract/api/paymentMethods';
import type { VoucherKind } from '@contract/api/paymentMethodKinds';
import {
  DOUBLE_VOUCHERS,
  normaliseVoucherNumber as normalise,
  type DoubleVoucher,
} from './voucherFixtures';
import { apiError } from './handlers';
import { basketOf, CSRF, liveHoldOf } from './inventory';

/**
 * The booking API's payment methods and voucher routes (contract/api/paymentMethods.ts) for
 * component tests: a few vouchers and gift cards kept in memory, applied to holds in order, each
 * giving min(balance, still due) on every read, as the server works them out. Numbers and codes
 * are compared as the server does (upper-case, spaces and dashes ignored). Tests may set a
 * refusal for the next apply (`paymentMethodsDouble.refuseNext`), or the methods the basket
 * allows.
 */

interface PaymentMethodsDouble {
  vouchers: DoubleVoucher[];
  /** Applied voucher ids per hold, in order. */
  applied: Map<string, string[]>;
  /** Refusal for the next apply (status and code), as the server would answer it. */
  refuseNext: { status: number; code: ApiErrorBody['code'] } | null;
  methods: PayMethodOption[];
  /** What the basket cannot use (e.g. American Express seats: vouchers, wallets, PayPal). */
  unavailable: PaymentMethods['unavailable'];
  /** The kinds the basket takes while something is due. */
  voucherKinds: VoucherKind[];
  /** Each apply as received (never the code: only kind and number). */
  applies: { kind: VoucherKind; number: string }[];
}

export { DOUBLE_VOUCHERS };

export const paymentMethodsDouble: PaymentMethodsDouble = freshDouble();

function freshDouble(): PaymentMethodsDouble {
  return {
    vouchers: DOUBLE_VOUCHERS.map((voucher) => ({ ...voucher })),
    applied: new Map(),
    refuseNext: null,
    methods: [{ method: 'card', cardBrands: null }],
    unavailable: [],
    voucherKinds: ['gift_voucher', 'gift_card'],
    applies: [],
  };
}

/** Call from beforeEach, with resetInventory. */
export function resetPaymentMethods(): void {
  Object.assign(paymentMethodsDouble, freshDouble());
}

export function paymentMethodsOf(holdId: string): PaymentMethods | Response {
  const hold = liveHoldOf(holdId);
  if (hold instanceof Response) return hold;
  const basket = basketOf(hold);
  let due = basket.total;
  const vouchers: AppliedVoucher[] = (paymentMethodsDouble.applied.get(hold.id) ?? []).map((id) => {
    const voucher = paymentMethodsDouble.vouchers.find((v) => v.id === id)!;
    const amountApplied = Math.min(voucher.balance, due);
    due -= amountApplied;
    return {
      id,
      kind: voucher.kind,
      numberEnding: voucher.number.slice(-4),
      amountApplied,
      remainingBalance: voucher.balance - amountApplied,
      currency: voucher.currency,
      expiresOn: voucher.expiresOn,
    };
  });
  return {
    holdId: hold.id,
    currency: basket.currency,
    total: basket.total,
    amountDue: due,
    // Card and wallets take the brands the basket accepts unless a test says otherwise.
    methods:
      due === 0
        ? []
        : paymentMethodsDouble.methods.map((option) =>
            option.method === 'paypal' || option.cardBrands !== null
              ? option
              : { ...option, cardBrands: basket.acceptedCardBrands },
          ),
    unavailable: paymentMethodsDouble.unavailable,
    walletSandbox: true,
    voucherKinds: due === 0 ? [] : paymentMethodsDouble.voucherKinds,
    vouchers,
  };
}

const answer = (methods: PaymentMethods | Response) =>
  methods instanceof Response ? methods : HttpResponse.json<PaymentMethods>(methods);

export const paymentMethodsHandlers = [
  http.get<{ holdId: string }>('/api/:region/holds/:holdId/payment-methods', ({ params }) =>
    answer(paymentMethodsOf(params.holdId)),
  ),
  http.post<{ holdId: string }>(
    '/api/:region/holds/:holdId/vouchers',
    async ({ params, request }) => {
      if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
      const parsed = applyVoucherBodySchema.safeParse(await request.json());
      if (!parsed.success) return apiError(400, 'validation_failed');
      const { kind, number, code } = parsed.data;
      paymentMethodsDouble.applies.push({ kind, number });
      const refusal = paymentMethodsDouble.refuseNext;
      if (refusal !== null) {
        paymentMethodsDouble.refuseNext = null;
        return apiError(refusal.status, refusal.code);
      }
      const before = paymentMethodsOf(params.holdId);
      if (before instanceof Response) return before;
      const voucher = paymentMethodsDouble.vouchers.find(
        (v) =>
          v.kind === kind &&
          v.number === normalise(number) &&
          normalise(v.code) === normalise(code),
      );
      if (voucher === undefined) return apiError(422, 'voucher_invalid');
      const applied = paymentMethodsDouble.applied.get(before.holdId) ?? [];
      if (applied.includes(voucher.id)) return apiError(409, 'voucher_already_applied');
      if (before.amountDue === 0) return apiError(422, 'voucher_not_needed');
      paymentMethodsDouble.applied.set(before.holdId, [...applied, voucher.id]);
      return answer(paymentMethodsOf(params.holdId));
    },
  ),
  http.delete<{ holdId: string; voucherId: string }>(
    '/api/:region/holds/:holdId/vouchers/:voucherId',
    ({ params, request }) => {
      if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
      const before = paymentMethodsOf(params.holdId);
      if (before instanceof Response) return before;
      const applied = paymentMethodsDouble.applied.get(before.holdId) ?? [];
      const voucherId = params.voucherId.toUpperCase();
      if (!applied.includes(voucherId)) return apiError(404, 'not_found');
      paymentMethodsDouble.applied.set(
        before.holdId,
        applied.filter((id) => id !== voucherId),
      );
      return answer(paymentMethodsOf(params.holdId));
    },
  ),
];
