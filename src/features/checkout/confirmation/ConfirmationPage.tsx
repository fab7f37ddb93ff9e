import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useRouteTarget } from '@/config/useRouteTarget';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getVenue } from '@/config/venues';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { NotFoundPage } from '@/components/errors/errorPages';
import { selectReservation } from '@/features/hold/reservationSlice';
import { SignUpPanel } from '@/features/auth/SignUpPanel';
import { selectAuthKnown, selectSignedIn } from '@/features/auth/authSlice';
import { AppHandover } from './AppHandover';
import { OrderLink } from './OrderLink';
import { OrderSummary } from './OrderSummary';
import { SuccessMark } from './SuccessMark';
import { confirmationPath, readOrderLink } from './orderLink';
import { orderRequested, selectOrderState } from './orderSlice';

/**
 * /checkout/confirmation (spec: "Your order is confirmed"). The order just paid for comes with
 * the pay answer; a reload, or a buyer following the secret link from the email
 * (`?order=&key=`), reads it again. The buying session also gets the app handover and the secret
 * link to bookmark; a reader with only the link gets the order and its tickets.
 */
export default function ConfirmationPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = readOrderLink(params);
  const reservation = useAppSelector(selectReservation);
  const orderId = link.orderId ?? reservation.orderId ?? null;
  const key = link.key ?? undefined;
  const target = useRouteTarget();
  const region = target?.region ?? reservation.region;
  const state = useAppSelector(selectOrderState);
  // Someone signed in already has an account (the server would refuse a second, 409): no offer,
  // and none until the sign-in read has answered, so it never flashes up and vanishes.
  const authKnown = useAppSelector(selectAuthKnown);
  const signedIn = useAppSelector(selectSignedIn);
  const guest = authKnown && !signedIn;
  const current = state.order !== null && state.order.id === orderId ? state.order : null;
  useDocumentTitle(intl.formatMessage({ id: 'steps.confirmation.heading' }));

  const retry = () => {
    if (orderId !== null) dispatch(orderRequested({ orderId, key, region }));
  };
  useEffect(() => {
    if (orderId !== null && current === null) dispatch(orderRequested({ orderId, key, region }));
    // Read once per order named; the answer is kept in the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, orderId, key]);

  // A link without `&venue=` (the email's) found the order by asking each region: the address
  // now names its venue, so the page is framed in that venue's colours, language and phone line.
  const orderVenue = current?.show.venueSlug;
  useEffect(() => {
    if (current === null || orderVenue === undefined || target?.venueSlug === orderVenue) return;
    if (getVenue(orderVenue) === undefined) return;
    void navigate(confirmationPath(current.id, key, orderVenue), { replace: true });
  }, [current, orderVenue, target?.venueSlug, key, navigate]);

  if (orderId === null) return <NotFoundPage />;
  if (current === null) {
    if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={retry} />;
    return <LoadingBlock minHeight="32rem" />;
  }

  const venue = getVenue(current.show.venueSlug);
  // Only the buying session is given the key: it alone gets the handover, link and sign-up.
  const { accessKey } = current;
  const secretLink =
    accessKey === null ? null : confirmationPath(current.id, accessKey, current.show.venueSlug);
  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="steps.confirmation.subheading" />}>
        <SuccessMark />
        <FormattedMessage id="steps.confirmation.heading" />
      </PageHeading>
      {/* The link's own key for its reader; the buying session's key, so a saved file's
          address works anywhere. */}
      <OrderSummary order={current} venue={venue} fileKey={key ?? accessKey} />
      {/* The app holds eTickets only: posted or collected tickets have nothing to open there. */}
      {secretLink !== null && venue !== undefined && current.delivery.method === 'eTicket' ? (
        <AppHandover orderId={current.id} region={venue.settings.region} />
      ) : null}
      {secretLink !== null ? <OrderLink path={secretLink} /> : null}
      {secretLink !== null &&
      guest &&
      venue?.settings.flags.shouldShowOrderConfirmationSignup &&
      !venue.settings.flags.loginDisabled ? (
        <SignUpPanel order={current} />
      ) : null}
    </section>
  );
}
