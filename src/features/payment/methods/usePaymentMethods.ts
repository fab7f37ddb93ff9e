import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { useBasketTarget } from '@/features/checkout/useBasket';
import { watchPaymentMethods } from './paymentMethodsSaga';
import {
  paymentMethodsRequested,
  selectPaymentMethodsState,
  type PaymentMethodsState,
} from './paymentMethodsSlice';

const FLOWS = [watchPaymentMethods];

/**
 * The payment methods of the live hold, read afresh each time the payment step opens (and, by the
 * flow, after every basket read). The flow is started here rather than with the checkout's, so
 * its code loads with the payment step only.
 */
export function usePaymentMethods(): PaymentMethodsState & { retry: () => void } {
  useSagas(FLOWS);
  const dispatch = useAppDispatch();
  const target = useBasketTarget();
  const state = useAppSelector(selectPaymentMethodsState);

  useEffect(() => {
    if (target !== null) dispatch(paymentMethodsRequested(target));
  }, [dispatch, target]);

  return {
    ...state,
    retry: () => {
      if (target !== null) dispatch(paymentMethodsRequested(target));
    },
  };
}
