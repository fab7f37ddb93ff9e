import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { MembershipPurchaseResponse } from '@contract/api/members';
import { makeStore } from '@/app/store';
import { browserNavigation } from '@/features/payment/threeDSecure';
import { http } from '../../../tests/msw/contract';
import { ACTIVE_ATG, resetMembers, signInMember } from '../../../tests/msw/members';
import { server, useMswServer } from '../../../tests/msw/server';
import {
  purchaseRequested,
  purchaseRetried,
  purchaseVerifyRequested,
  selectPurchase,
  selectMemberships,
} from './membershipSlice';
import { watchPurchase } from './purchaseSaga';
import { readPurchaseAttempt } from './purchaseStorage';

useMswServer();
beforeEach(() => {
  window.sessionStorage.clear();
  resetMembers();
  signInMember();
});
afterEach(() => vi.restoreAllMocks());

const PURCHASE_ID = 'A1B2C3D4-0000-4000-8000-000000000001';
const PAYMENT_ID = 'A1B2C3D4-0000-4000-8000-000000000002';
const PURCHASE = '/services/account-management/memberships/atg-plus/purchase';

function answer(outcome: MembershipPurchaseResponse['outcome']): MembershipPurchaseResponse {
  return {
    outcome,
    purchaseId: PURCHASE_ID,
    paymentId: outcome === 'confirmed' ? null : PAYMENT_ID,
    ...(outcome === 'action_required'
      ? { action: { kind: 'device_data' as const, url: '/services/payment/3ds/device' } }
      : {}),
    ...(outcome === 'declined' ? { declineReason: 'declined' as const } : {}),
    amount: { amount: 4500, currency: 'GBP' },
    membership: outcome === 'confirmed' ? ACTIVE_ATG : null,
  };
}

function started() {
  const store = makeStore();
  store.runSagaOnce(watchPurchase);
  store.dispatch(
    purchaseRequested({
      venue: 'lumen-theatre',
      cardToken: 'tok_1',
      returnTo: '/shows/x/y/tickets/1',
    }),
  );
  return store;
}

describe('buying ATG+', () => {
  it('joins on a confirmed payment, with the way back to the presale', async () => {
    server.use(http.post(PURCHASE, () => HttpResponse.json(answer('confirmed'))));
    const store = started();
    await waitFor(() => expect(selectPurchase(store.getState()).status).toBe('succeeded'));
    expect(selectPurchase(store.getState()).returnTo).toBe('/shows/x/y/tickets/1');
    expect(selectMemberships(store.getState()).data).toEqual([ACTIVE_ATG]);
    expect(readPurchaseAttempt()).toBeNull();
  });

  it('hands over to 3-D Secure and finishes the same purchase on the way back', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    server.use(http.post(PURCHASE, () => HttpResponse.json(answer('action_required'))));
    const store = started();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/services/payment/3ds/device'));
    expect(readPurchaseAttempt()).toMatchObject({ purchaseId: PURCHASE_ID, paymentId: PAYMENT_ID });

    // Back from the bank, as a fresh page: only the stored attempt knows the purchase.
    const continued: string[] = [];
    server.use(
      http.post(
        '/services/account-management/memberships/atg-plus/purchases/:purchaseId/payments/:paymentId/continue',
        ({ params }) => {
          continued.push(`${String(params.purchaseId)}/${String(params.paymentId)}`);
          return HttpResponse.json(answer('confirmed'));
        },
      ),
    );
    const back = makeStore();
    back.runSagaOnce(watchPurchase);
    back.dispatch(purchaseVerifyRequested({ paymentId: PAYMENT_ID.toLowerCase() }));
    await waitFor(() => expect(selectPurchase(back.getState()).status).toBe('succeeded'));
    expect(continued).toEqual([`${PURCHASE_ID}/${PAYMENT_ID}`]);
    expect(selectPurchase(back.getState()).returnTo).toBe('/shows/x/y/tickets/1');
    expect(selectPurchase(store.getState()).status).toBe('redirecting');
  });

  it('sends the same attempt again under its key after a lost answer, so nobody pays twice', async () => {
    const keys: (string | null)[] = [];
    let lose = true;
    server.use(
      http.post(PURCHASE, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (lose) return HttpResponse.error();
        return HttpResponse.json(answer('confirmed'));
      }),
    );
    const store = started();
    await waitFor(() =>
      expect(selectPurchase(store.getState())).toMatchObject({
        status: 'aborted',
        retryPending: true,
      }),
    );
    lose = false;
    store.dispatch(purchaseRetried());
    await waitFor(() => expect(selectPurchase(store.getState()).status).toBe('succeeded'));
    expect(new Set(keys).size).toBe(1);
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });

  it('says a decline, and that an account already a member is not charged again', async () => {
    server.use(http.post(PURCHASE, () => HttpResponse.json(answer('declined'))));
    const declined = started();
    await waitFor(() => expect(selectPurchase(declined.getState()).problem).toBe('declined'));

    server.use(
      http.post(PURCHASE, () =>
        HttpResponse.json(
          { code: 'membership_active', message: 'Already a member.' },
          { status: 409 },
        ),
      ),
    );
    const member = started();
    await waitFor(() => expect(selectPurchase(member.getState()).problem).toBe('alreadyMember'));
  });
});
