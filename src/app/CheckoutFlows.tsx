import { Outlet } from 'react-router';
import { useSagas } from './hooks';
import { watchBasket } from '@/features/checkout/basketSaga';
import { watchOrder } from '@/features/checkout/confirmation/orderSaga';
import { watchAddressLookup } from '@/features/checkout/details/addressLookupSaga';
import { watchDetails } from '@/features/checkout/details/detailsSaga';
import { watchPayment } from '@/features/payment/paymentSaga';
import { watchSeats } from '@/features/seatSelection/seatsSaga';

// Seats too: a step reloaded in the middle of checkout reads the plan again for place names.
const CHECKOUT_SAGAS = [
  watchSeats,
  watchBasket,
  watchDetails,
  watchAddressLookup,
  watchPayment,
  watchOrder,
];

/**
 * Layout route of every checkout page, from the reservation summary to the confirmation: its
 * chunk brings their flows (and, through them, their slices), started before a page below
 * dispatches. The first page never loads them.
 */
export default function CheckoutFlows() {
  useSagas(CHECKOUT_SAGAS);
  return <Outlet />;
}
