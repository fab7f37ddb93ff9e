import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { resetInventory } from './inventory';
import { resetOrders } from './orders';
import { resetPaymentMethods } from './paymentMethods';
import { useMswServer } from './server';
import { browserNavigation } from '@/features/payment/threeDSecure';

/**
 * What the payment pages' tests share: the MSW booking API with a fresh inventory and no orders,
 * and the browser's way out to the bank spied on (never taken).
 */
export function usePaymentTestBed(): { assign: MockInstance<(url: string) => void> } {
  useMswServer();
  const navigation = {} as { assign: MockInstance<(url: string) => void> };
  beforeEach(() => {
    resetInventory();
    resetOrders();
    resetPaymentMethods();
    navigation.assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => navigation.assign.mockRestore());
  return navigation;
}
