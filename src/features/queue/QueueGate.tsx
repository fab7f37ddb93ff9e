import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { setPassForHolds } from '@/api/queue';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { useRouteTarget } from '@/config/useRouteTarget';
import { getVenue } from '@/config/venues';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useNow } from '@/features/hold/useNow';
import { selectReservation } from '@/features/hold/reservationSlice';
import { watchQueue } from './queueSaga';
import {
  hasLivePass,
  joinRequested,
  selectPassRefused,
  selectSaleTicket,
  selectVenueQueue,
  settingsRequested,
} from './queueSlice';
import { coveringSale, saleForRoute } from './saleForRoute';
import { waitingRoomPath } from './queuePaths';

const QUEUE_SAGAS = [watchQueue];
const PASS_CHECK_MS = 15_000;

/**
 * Layout route in front of the show, calendar and tickets pages. On a queued sale's page it lets
 * through only a buyer whose session was admitted and whose pass is live, and sends everyone
 * else to the waiting room with the address they were heading for. It asks for the session's
 * place itself first, so an admitted buyer who reloads goes straight back to their page.
 */
export default function QueueGate() {
  useSagas(QUEUE_SAGAS);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const target = useRouteTarget();
  const venueSlug = target?.venueSlug;
  const region = target?.region;
  // Only a route some configured sale covers (venues/<slug>/venue.json, in the bundle) waits for
  // the booking API's word on it; every other page opens as it always did, with no extra call.
  const configured =
    target === undefined ? [] : (getVenue(target.venueSlug)?.settings.queue.sales ?? []);
  const mayBeQueued = target !== undefined && coveringSale(configured, target) !== undefined;
  const venueQueue = useAppSelector((state) =>
    venueSlug === undefined ? undefined : selectVenueQueue(state, venueSlug),
  );
  const sale = target === undefined ? undefined : saleForRoute(venueQueue?.settings, target);
  const saleId = sale?.saleId;
  const saleTicket = useAppSelector((state) =>
    saleId === undefined ? undefined : selectSaleTicket(state, saleId),
  );
  const refused = useAppSelector(selectPassRefused);
  // The refused hold is still settling until the hold flow has taken the answer in; leaving
  // before that would ask the buyer to release tickets they never got.
  const holding = useAppSelector((state) => selectReservation(state).status === 'holding');
  // A pass runs out while its page is open: the next look after that sends the buyer back.
  const now = useNow(PASS_CHECK_MS, saleId !== undefined);

  useEffect(() => {
    if (mayBeQueued && venueSlug !== undefined && region !== undefined && venueQueue === undefined)
      dispatch(settingsRequested({ region, venueSlug }));
  }, [dispatch, mayBeQueued, region, venueQueue, venueSlug]);

  const admitted = hasLivePass(saleTicket?.ticket, now);
  const needsTicket = saleId !== undefined && saleTicket === undefined;
  useEffect(() => {
    if (needsTicket && region !== undefined) dispatch(joinRequested({ region, saleId }));
  }, [dispatch, needsTicket, region, saleId]);

  // Without a target the leaf shows its own not-found page; the gate has nothing to guard.
  if (target === undefined) return <Outlet />;
  if (mayBeQueued && (venueQueue === undefined || venueQueue.status === 'loading'))
    return <LoadingBlock minHeight="24rem" />;
  if (sale === undefined) {
    // Set while rendering, before any page below could send a hold: no pass leaves this page.
    setPassForHolds(null);
    return <Outlet />;
  }
  const next = `${location.pathname}${location.search}`;
  if (refused && !holding)
    return <Navigate to={waitingRoomPath(sale.saleId, target.venueSlug, next, true)} replace />;
  if (admitted) {
    setPassForHolds(saleTicket?.ticket?.pass ?? null);
    return <Outlet />;
  }
  // Still asking for the place (a reload): wait for the answer rather than flash the room; a
  // failed ask goes to the room, which says so and keeps trying.
  if (saleTicket === undefined || (saleTicket.status === 'joining' && saleTicket.error === null))
    return <LoadingBlock minHeight="24rem" />;
  return <Navigate to={waitingRoomPath(sale.saleId, target.venueSlug, next)} replace />;
}
