import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import type { MessageId } from '@/i18n/messageIds';
import type { ReservationError } from '@/features/hold/reservationSlice';

const MESSAGES: Record<ReservationError, MessageId> = {
  unavailable: 'reservation.error.unavailable',
  limit: 'reservation.error.general',
  clientLimit: 'reservation.error.clientLimit',
  seatGap: 'seats.gap.refused',
  presale: 'presale.notQualified',
  accessMembership: 'seatMap.access.membersOnly',
  promo: 'promo.error.invalidOrExpired',
  promoNotForEvent: 'validation.promo.notForEvent',
  promoSingleUse: 'promo.error.singleUse',
  expired: 'reservation.expired.body',
  extensionLimit: 'reservation.timer.noMoreExtensions',
  connection: 'reservation.error.connection',
  general: 'reservation.error.general',
};

/** Failures where the same request may well work a moment later. */
const RETRYABLE: ReadonlySet<ReservationError> = new Set(['connection', 'general']);

type Props = {
  error: ReservationError;
  /**
   * Full names of the seats the server named: those someone else got first (`unavailable`), or
   * those the choice would leave alone (`seatGap`).
   */
  takenSeats: string[];
  /** Sends the same request again; offered for a connection or general failure. */
  onRetry?: () => void;
};

/** Why a hold failed, in the spec's words; the buyer's choice stays on the page below it. */
export function ReservationErrorAlert({ error, takenSeats, onRetry }: Props) {
  return (
    <Alert role="alert">
      <p>
        <FormattedMessage id={MESSAGES[error]} />
      </p>
      {error === 'unavailable' && takenSeats.length > 0 ? (
        <p>
          <FormattedMessage
            id="reservation.error.taken"
            values={{ seats: takenSeats.join('; ') }}
          />
        </p>
      ) : null}
      {error === 'seatGap' && takenSeats.length > 0 ? (
        <p>
          <FormattedMessage
            id="seats.gap.stranded"
            values={{ count: takenSeats.length, seats: takenSeats.join('; ') }}
          />
        </p>
      ) : null}
      {onRetry !== undefined && RETRYABLE.has(error) ? (
        <SecondaryButton type="button" onClick={onRetry}>
          <FormattedMessage id="reservation.error.tryAgain" />
        </SecondaryButton>
      ) : null}
    </Alert>
  );
}

const Alert = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
  color: ${({ theme }) => theme.colors.text};

  p {
    margin: 0;
  }

  button {
    margin-top: ${({ theme }) => theme.space[3]}px;
  }
`;
