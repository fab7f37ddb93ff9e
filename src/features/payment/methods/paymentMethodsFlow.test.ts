import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '@/app/store';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { resetInventory } from '../../../../tests/msw/inventory';
import {
  DOUBLE_VOUCHERS,
  paymentMethodsDouble,
  resetPaymentMethods,
} from '../../../../tests/msw/paymentMethods';
import { useMswServer } from '../../../../tests/msw/server';
import { loaded } from '@/features/checkout/basketSlice';
import { basketOf, inventory } from '../../../../tests/msw/inventory';
import { watchPaymentMethods } from './paymentMethodsSaga';
import {
  paymentMethodsRequested,
  selectAmountDue,
  selectPaymentMethods,
  selectPaymentMethodsState,
  voucherApplyRequested,
  voucherRemoveRequested,
} from './paymentMethodsSlice';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetPaymentMethods();
});

const [giftVoucher] = DOUBLE_VOUCHERS;

function start() {
  const store = makeStore(heldState());
  const holdId = checkoutHoldId();
  store.runSagaOnce(watchPaymentMethods);
  return { store, holdId, target: { region: 'uk' as const, holdId } };
}

describe('the payment methods of the live hold', () => {
  it('are read on request, with what is left to pay', async () => {
    const { store, target } = start();
    store.dispatch(paymentMethodsRequested(target));
    expect(selectPaymentMethodsState(store.getState()).status).toBe('loading');
    await waitFor(() => expect(selectPaymentMethods(store.getState())).not.toBeNull());
    const total = selectPaymentMethods(store.getState())!.total;
    expect(selectAmountDue(store.getState())).toBe(total);
    expect(selectPaymentMethods(store.getState())!.methods[0]!.method).toBe('card');
  });

  it('are read again after the basket is read again, once the step has asked for them', async () => {
    const { store, target, holdId } = start();
    // Not asked yet: a basket read on another step does not read them.
    store.dispatch(loaded({ basket: basketOf(inventory.holds.get(holdId)!) }));
    expect(selectPaymentMethodsState(store.getState()).status).toBe('idle');
    store.dispatch(paymentMethodsRequested(target));
    await waitFor(() =>
      expect(selectPaymentMethodsState(store.getState()).status).toBe('succeeded'),
    );
    paymentMethodsDouble.applied.set(holdId, [giftVoucher!.id]);
    store.dispatch(loaded({ basket: basketOf(inventory.holds.get(holdId)!) }));
    await waitFor(() => expect(selectPaymentMethods(store.getState())!.vouchers).toHaveLength(1));
  });

  it('take a voucher off what is due when one is applied, and put it back when removed', async () => {
    const { store, target } = start();
    store.dispatch(paymentMethodsRequested(target));
    await waitFor(() => expect(selectAmountDue(store.getState())).not.toBeNull());
    const total = selectPaymentMethods(store.getState())!.total;
    store.dispatch(
      voucherApplyRequested({
        ...target,
        body: { kind: 'gift_voucher', number: 'gv20 001 234', code: 'red7731' },
      }),
    );
    await waitFor(() => expect(selectAmountDue(store.getState())).toBe(total - 2_000));
    const state = selectPaymentMethodsState(store.getState());
    expect(state.announcement).toMatchObject({
      kind: 'applied',
      voucher: { numberEnding: '1234' },
    });
    expect(state.apply.status).toBe('idle');

    store.dispatch(voucherRemoveRequested({ ...target, voucherId: giftVoucher!.id }));
    await waitFor(() => expect(selectAmountDue(store.getState())).toBe(total));
    expect(selectPaymentMethodsState(store.getState()).announcement?.kind).toBe('removed');
  });

  it.each([
    [422, 'voucher_invalid', 'invalid', 'code'],
    [422, 'voucher_expired', 'expired', 'number'],
    [422, 'voucher_empty', 'empty', 'number'],
    [422, 'voucher_currency', 'currency', 'number'],
    [422, 'voucher_not_accepted', 'notAccepted', 'number'],
    [422, 'voucher_number_too_short', 'tooShort', 'number'],
    [409, 'voucher_already_applied', 'alreadyApplied', 'number'],
    [429, 'rate_limited', 'tooManyTries', 'form'],
  ] as const)('say why a voucher was refused (%i %s)', async (status, code, problem, field) => {
    const { store, target } = start();
    paymentMethodsDouble.refuseNext = { status, code };
    store.dispatch(
      voucherApplyRequested({
        ...target,
        body: { kind: 'gift_voucher', number: 'GV20001234', code: 'RED-7731' },
      }),
    );
    await waitFor(() =>
      expect(selectPaymentMethodsState(store.getState()).apply).toEqual({
        status: 'failed',
        problem,
        field,
      }),
    );
  });
});
