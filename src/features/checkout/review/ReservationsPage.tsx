import { useEffect, useMemo } from 'react';
import { StickyActions } from '@/components/form/StickyActions';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Hold, SeatingPlan } from '@contract/api/holds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { CHECKOUT_PATHS } from '@/config/paths';
import { CheckoutStepFrame, StepTotal } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import { nextStep, stepPath } from '@/features/checkout/checkoutSteps';
import {
  priceChangeAcknowledged,
  releaseRequested,
  selectHoldTotal,
  selectReservation,
} from '@/features/hold/reservationSlice';
import { loadRequested, selectSeats } from '@/features/seatSelection/seatsSlice';
import { buildSeatMapModel } from '@/features/seatSelection/seatMap/model';
import { seatName } from '@/features/seatSelection/seatMap/seatName';
import { formatMoney } from '@/i18n/format';
import { priceOptionName } from '@/i18n/priceOptionName';
import { reviewWording } from './reviewWording';

/**
 * The first checkout step: exactly what is held — the seats best available picked, or the ones
 * chosen on the map, or the places by price option — before the buyer goes on, titled by which
 * of the three it was. A total that
 * differs from what the buyer saw raises the price-change alert first.
 */
export default function ReservationsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const paths = usePaths();
  const reservation = useAppSelector(selectReservation);
  const seats = useAppSelector(selectSeats);
  const { hold, chosenBy, region, venueSlug, titleSlug, performanceId, quotedTotal } = reservation;
  const { basket } = useBasket();
  const total = useAppSelector(selectHoldTotal);

  // Seat names need the plan; after a reload the page fetches it (the browser caches it).
  useEffect(() => {
    if (
      region !== undefined &&
      performanceId !== undefined &&
      seats.performanceId !== performanceId
    )
      dispatch(loadRequested({ region, performanceId }));
  }, [dispatch, region, performanceId, seats.performanceId]);

  if (hold === undefined || venueSlug === undefined || titleSlug === undefined) return null;
  const wording = reviewWording(hold, chosenBy);
  const priceChanged = quotedTotal !== undefined && quotedTotal !== total;
  // Without the basket yet, Extras decides for itself whether it applies.
  const next = basket === null ? CHECKOUT_PATHS.extras : stepPath(nextStep('reservations', basket));

  return (
    <CheckoutStepFrame
      step="reservations"
      headingId={wording.headingId}
      subheadingId={wording.subheadingId}
      showsTotal
    >
      {priceChanged ? (
        <Alert role="alert">
          <p>
            <FormattedMessage id="payment.priceChange.body" />
          </p>
          <SecondaryButton type="button" onClick={() => dispatch(priceChangeAcknowledged())}>
            <FormattedMessage id="reservations.priceChange.acknowledge" />
          </SecondaryButton>
        </Alert>
      ) : null}
      <HeldItems
        hold={hold}
        plan={seats.performanceId === performanceId ? seats.plan : null}
        seatStatus={seats.performanceId === performanceId ? seats.seatStatus : null}
      />
      {basket === null ? null : <StepTotal basket={basket} />}
      <StickyActions>
        <PrimaryButton
          type="button"
          aria-disabled={priceChanged}
          onClick={() => !priceChanged && void navigate(next)}
        >
          <FormattedMessage id="reservations.continue" />
        </PrimaryButton>
        <SecondaryButton
          type="button"
          onClick={() => {
            dispatch(releaseRequested({ reason: 'reselect' }));
            void navigate(
              performanceId === undefined
                ? paths.calendarPath(titleSlug, venueSlug)
                : paths.ticketsPath(titleSlug, venueSlug, performanceId),
            );
          }}
        >
          <FormattedMessage id={wording.changeId} />
        </SecondaryButton>
      </StickyActions>
    </CheckoutStepFrame>
  );
}

type HeldItemsProps = {
  hold: Hold;
  plan: SeatingPlan | null;
  seatStatus: Parameters<typeof buildSeatMapModel>[1] | null;
};

function HeldItems({ hold, plan, seatStatus }: HeldItemsProps) {
  const intl = useIntl();
  const model = useMemo(
    () => (plan !== null && seatStatus !== null ? buildSeatMapModel(plan, seatStatus) : null),
    [plan, seatStatus],
  );
  const index = useMemo(() => new Map(model?.ids.map((id, i) => [id, i]) ?? []), [model]);
  const areaName = (code: string) => plan?.areas.find((a) => a.code === code)?.name ?? code;
  const optionName = (code: string) => {
    const option = seatStatus?.priceOptions.find((o) => o.code === code);
    return option === undefined ? code : priceOptionName(intl, option.name);
  };

  return (
    <>
      {hold.seats.length > 0 ? (
        <>
          <h2>
            <FormattedMessage id="reservations.seats.heading" />
          </h2>
          <Items>
            {hold.seats.map((seat) => {
              const i = index.get(seat.id);
              return (
                <li key={seat.id}>
                  {model !== null && i !== undefined
                    ? seatName(model, i, intl)
                    : intl.formatList(
                        [
                          seat.section,
                          intl.formatMessage({ id: 'seatMap.seat.row' }, { row: seat.row }),
                          intl.formatMessage(
                            { id: 'seatMap.seat.number' },
                            { number: seat.number },
                          ),
                          formatMoney(intl, seat.price),
                        ],
                        { type: 'unit', style: 'long' },
                      )}
                </li>
              );
            })}
          </Items>
        </>
      ) : null}
      {hold.admissions.length > 0 ? (
        <>
          <h2>
            <FormattedMessage id="reservations.tickets.heading" />
          </h2>
          <Items>
            {hold.admissions.map((a) => (
              <li key={`${a.area}/${a.priceOption}`}>
                <FormattedMessage
                  id="reservations.admission"
                  values={{
                    quantity: a.quantity,
                    option: optionName(a.priceOption),
                    area: areaName(a.area),
                    price: formatMoney(intl, a.price),
                  }}
                />
              </li>
            ))}
          </Items>
        </>
      ) : null}
    </>
  );
}

const Alert = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSurface};
`;

const Items = styled.ul`
  padding-left: ${({ theme }) => theme.space[5]}px;

  li {
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
`;
