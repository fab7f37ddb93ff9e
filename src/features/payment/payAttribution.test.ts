import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { PayBody } from '@contract/api/orders';
import { http } from '../../../tests/msw/contract';
import { makeStore } from '@/app/store';
import { server, useMswServer } from '../../../tests/msw/server';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { resetInventory } from '../../../tests/msw/inventory';
import { resetOrders } from '../../../tests/msw/orders';
import { captureSessionParams } from '@/features/session/launchParams';
import { sessionStateFrom } from '@/features/session/sessionSlice';
import { watchPayment } from './paymentSaga';
import { payRequested, selectPayment } from './paymentSlice';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetOrders();
  window.sessionStorage.clear();
});

/**
 * The buyer arrived by `launch` (the shop's address with its query), then pays: the pay request's
 * body as the server got it, and the store. The answer is a refusal so nothing else follows.
 */
async function payAfterLaunch(launch: string, refusal = 'details_incomplete') {
  const bodies: PayBody[] = [];
  server.use(
    http.post('/api/:region/holds/:holdId/order', async ({ request }) => {
      bodies.push((await request.json()) as PayBody);
      return HttpResponse.json({ code: refusal, message: 'Refused.' }, { status: 422 });
    }),
  );
  const session = sessionStateFrom(captureSessionParams(launch, window.sessionStorage));
  const store = makeStore({ ...heldState(), session });
  store.runSagaOnce(watchPayment);
  store.dispatch(
    payRequested({
      region: 'uk',
      holdId: checkoutHoldId(),
      basketVersion: 'v-0123456789abcdef',
      cardToken: 'tok',
      method: 'card',
      amountDue: 13000,
    }),
  );
  await waitFor(() => expect(selectPayment(store.getState()).status).toBe('failed'));
  return { body: bodies[0], store };
}

describe('the campaign attribution of the visit (issue 24)', () => {
  it('is sent with the pay request, as read from the launch link', async () => {
    const { body } = await payAfterLaunch(
      '?crmCampaignId=SPRING-26&crmUserId=u_481516&crmEmail=reader%40example.org&src=newsletter',
    );
    expect(body?.attribution).toEqual({
      crmCampaignId: 'SPRING-26',
      crmUserId: 'u_481516',
      crmEmail: 'reader@example.org',
      src: 'newsletter',
    });
  });

  it('leaves out values the link got wrong, and is not sent at all without a campaign', async () => {
    const { body } = await payAfterLaunch('?crmEmail=not-an-email&src=instagram');
    expect(body?.attribution).toEqual({ src: 'instagram' });
    window.sessionStorage.clear();
    const { body: plain } = await payAfterLaunch('');
    expect(plain).toBeDefined();
    expect(plain).not.toHaveProperty('attribution');
  });
});

describe('a single-use promo code another order has used', () => {
  it('is told as its own problem at the payment step, nothing charged', async () => {
    const { store } = await payAfterLaunch('', 'promo_single_use');
    expect(selectPayment(store.getState())).toMatchObject({
      status: 'failed',
      problem: 'promoSingleUse',
    });
    // The seats are still the buyer's.
    expect(store.getState().reservation.status).toBe('held');
  });
});
