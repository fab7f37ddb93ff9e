import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { selectPaymentInFlight } from '@/features/paymentStatus/paymentInFlight';
import { releaseRequested, selectReservation } from './reservationSlice';

/**
 * Spec §4: on expiry a dialog offers "Cancel order" or "Reselect seats". It cannot be dismissed:
 * the seats are gone, so the buyer has to choose where to go next.
 */
export function ExpiryDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const paths = usePaths();
  const { status, venueSlug, titleSlug, performanceId } = useAppSelector(selectReservation);
  // A payment in flight may still be honoured after the deadline (late-payment rule): its answer
  // decides whether the seats are gone, so the dialog waits for it.
  const paying = useAppSelector(selectPaymentInFlight);
  if (status !== 'expired' || paying || venueSlug === undefined || titleSlug === undefined)
    return null;

  const leave = (reason: 'cancel' | 'reselect', to: string) => {
    dispatch(releaseRequested({ reason }));
    void navigate(to);
  };
  return (
    <Dialog
      open
      role="alertdialog"
      title={<FormattedMessage id="reservation.expired.title" />}
      actions={
        <>
          <PrimaryButton
            type="button"
            onClick={() =>
              leave(
                'reselect',
                performanceId === undefined
                  ? paths.calendarPath(titleSlug, venueSlug)
                  : paths.ticketsPath(titleSlug, venueSlug, performanceId),
              )
            }
          >
            <FormattedMessage id="reservation.expired.reselectSeats" />
          </PrimaryButton>
          <SecondaryButton
            type="button"
            onClick={() => leave('cancel', paths.showPath(titleSlug, venueSlug))}
          >
            <FormattedMessage id="reservation.expired.cancelOrder" />
          </SecondaryButton>
        </>
      }
    >
      <p>
        <FormattedMessage id="reservation.expired.body" />
      </p>
    </Dialog>
  );
}
