import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { PrimaryButton } from '@/components/Button';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { CHECKOUT_PATHS } from '@/config/paths';
import { selectReservation } from '@/features/hold/reservationSlice';
import type { MessageId } from '@/i18n/messageIds';
import { SupportPhone, useFrameVenue } from './checkoutVenue';
import { failureReasonOf, type FailureReason } from './paymentOutcomePath';
import { RETRY_AFTER_DECLINE } from './retryAfterDecline';

/** `help` is the phone line under the body; the decline's own copy already gives the number. */
type Copy = { title: MessageId; subtitle?: MessageId; body: MessageId; help?: MessageId };

const COPY: Record<FailureReason, Copy> = {
  declined: {
    title: 'payment.failed.title',
    subtitle: 'payment.failed.subtitle',
    body: 'payment.failed.notCharged',
  },
  timeout: {
    title: 'payment.timeout.title',
    body: 'payment.timeout.body',
    help: 'payment.timeout.advice',
  },
  released: {
    title: 'payment.holdLost.title',
    body: 'payment.holdLost.body',
    help: 'payment.help.phone',
  },
};

/**
 * /checkout/failed: the payment-failed page (a decline, spec §8), the payment-timeout page
 * (`?reason=timeout`) and the page for a payment that came too late for its seats
 * (`?reason=released`), each with the venue's support line. Always reachable: it needs no hold.
 * "Try again" goes back to the payment step while the seats are still held, else to the seats.
 */
export default function PaymentFailedPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const paths = usePaths();
  const [params] = useSearchParams();
  const reason = failureReasonOf(params.get('reason'));
  const copy = COPY[reason];
  const venue = useFrameVenue();
  const reservation = useAppSelector(selectReservation);
  useDocumentTitle(intl.formatMessage({ id: copy.title }));

  // A reload of this page is still looking the hold up: it counts as held until told otherwise.
  const holdLives =
    reason !== 'released' && (reservation.status === 'held' || reservation.status === 'restoring');
  const { venueSlug, titleSlug, performanceId } = reservation;
  const seatsPath =
    venueSlug === undefined || titleSlug === undefined
      ? paths.home
      : performanceId === undefined
        ? paths.calendarPath(titleSlug, venueSlug)
        : paths.ticketsPath(titleSlug, venueSlug, performanceId);
  const phone = <SupportPhone venue={venue} />;

  return (
    <section>
      <PageHeading
        subheading={
          copy.subtitle === undefined ? undefined : <FormattedMessage id={copy.subtitle} />
        }
      >
        <FormattedMessage id={copy.title} />
      </PageHeading>
      <p>
        <FormattedMessage id={copy.body} values={{ phone }} />
      </p>
      {copy.help === undefined ? null : (
        <p>
          <FormattedMessage id={copy.help} values={{ phone }} />
        </p>
      )}
      <Actions>
        <PrimaryButton
          type="button"
          onClick={() =>
            void (holdLives
              ? navigate(CHECKOUT_PATHS.payment, { state: RETRY_AFTER_DECLINE })
              : navigate(seatsPath))
          }
        >
          <FormattedMessage
            id={reason === 'released' ? 'payment.holdLost.chooseAgain' : 'common.retry'}
          />
        </PrimaryButton>
      </Actions>
    </section>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
`;
