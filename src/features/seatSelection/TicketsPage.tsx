import { useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { CHECKOUT_PATHS } from '@/config/paths';
import { getVenue, type VenueConfig } from '@/config/venues';
import { LoadFailure } from '@/components/errors/LoadFailure';
import {
  errorCleared,
  holdRequested,
  selectReservation,
  type HoldRequest,
} from '@/features/hold/reservationSlice';
import { PresaleAlert } from '@/features/promo/PresaleAlert';
import { membershipPath, signInPath } from '@/features/membership/signInLink';
import { usePresaleGate } from '@/features/membership/usePresaleGate';
import { ReleaseQuestion } from '@/features/hold/ReleaseQuestion';
import { left, loadRequested, selectSeats } from '@/features/seatSelection/seatsSlice';
import { seatName } from '@/features/seatSelection/seatMap/seatName';
import { usePreparedSeatMap } from '@/features/seatSelection/seatMap/prepareSeatMap';
import { useShowContent } from '@/features/catalogue/useShowContent';
import { formatPerformanceDate, formatPerformanceTime, formatMoney } from '@/i18n/format';
import { type BestAvailableChoice } from './BestAvailableForm';
import { ChoiceSkeleton } from './ChoiceSkeleton';
import {
  selectAdmissionsCount,
  selectAdmissionsTotal,
  selectChosenAdmissions,
  selectSeatMapModel,
  selectSelectedIndexes,
} from './choiceSelectors';
import { LinkedParts } from './LinkedParts';
import { OffersPanel } from './OffersPanel';
import { PerformanceNotices, unacknowledgedNotices } from './PerformanceNotices';
import { ReservationErrorAlert } from './ReservationErrorAlert';
import { SeatLimitMessage } from './SeatLimitMessage';
import { SeatChoice } from './SeatChoice';
import { type ChoiceMode } from './ChooseMode';
import { SelectionBar } from './SelectionBar';
import { strandedBySelection } from './strandedSeats';
import { TicketQuantities } from './TicketQuantities';
import { useAppliedPromoCode } from './useAppliedPromoCode';
import { useEligibleBenefits } from './useEligibleBenefits';

/**
 * Seat selection for one performance (the route has validated its id): the seat map and list
 * for reserved seating, with best available beside it; quantities per price option for general
 * admission and timed entry. Reserving holds the choice on the server and moves on to review it.
 */
export default function TicketsPage() {
  const target = useRequiredRouteTarget();
  const { region, venueSlug, performanceId } = target;
  const titleSlug = target.titleSlug ?? '';
  const venue = getVenue(venueSlug);
  const dispatch = useAppDispatch();
  const { show } = useShowContent(target);
  const promoCode = useAppliedPromoCode(venueSlug, titleSlug);
  const seats = useAppSelector(selectSeats);
  const reservation = useAppSelector(selectReservation);
  const navigate = useNavigate();
  const [replacing, setReplacing] = useState<PendingHold | null>(null);

  const load = useCallback(() => {
    if (performanceId !== undefined) dispatch(loadRequested({ region, performanceId, promoCode }));
  }, [dispatch, region, performanceId, promoCode]);
  useEffect(() => {
    load();
    return () => void dispatch(left());
  }, [load, dispatch]);
  // While the plan and status are on their way: the map's first frame then skips that work.
  usePreparedSeatMap(venue?.settings.currency);
  // A refusal belongs to the performance it happened on: none follows the buyer to another.
  useEffect(() => () => void dispatch(errorCleared()), [dispatch, performanceId]);
  useContinueWhenHeld(performanceId);

  const benefits = useEligibleBenefits(venue);
  const current = seats.performanceId === performanceId;
  // shouldCallEligibleExp: no prices until the membership service has said what applies.
  const { plan, seatStatus } = seats;
  const ready =
    current && plan !== null && seatStatus !== null && venue !== undefined && benefits.ready;
  // The choice is drawn at a transition's priority once everything is there: the answer that
  // completes it arrives as a store update, which React renders in one task, and on a phone's CPU
  // the whole page (heading, map, seat list, filters, legend and bar) was the load's longest task
  // (issue 26: total blocking time). Deferred, it renders in slices while the skeleton stays.
  const drawn = useDeferredValue(ready);
  if (current && seats.status === 'failed' && seats.error !== null)
    return <LoadFailure error={seats.error} onRetry={load} />;
  if (!ready || !drawn) return <ChoiceSkeleton />;
  const send = ({ request, quotedTotal }: PendingHold) =>
    dispatch(
      holdRequested({
        region,
        venueSlug,
        titleSlug,
        performanceId: seatStatus.performanceId,
        request,
        promoCode,
        quotedTotal,
      }),
    );
  return (
    <>
      <Choice
        venue={venue}
        titleSlug={titleSlug}
        plan={plan}
        seatStatus={seatStatus}
        showTitle={show.data?.title ?? ''}
        memberScheme={benefits.scheme}
        hold={(request, quotedTotal) => {
          // The basket holds another date (this page was opened by its address, so no leave
          // guard asked): one basket, so reserving here empties it, but only once agreed to.
          const otherDate =
            reservation.status === 'held' &&
            reservation.performanceId?.toUpperCase() !== seatStatus.performanceId.toUpperCase();
          if (otherDate) setReplacing({ request, quotedTotal });
          else send({ request, quotedTotal });
        }}
      />
      {replacing !== null ? (
        <ReleaseQuestion
          kind="emptyCart"
          onRelease={() => {
            setReplacing(null);
            send(replacing);
          }}
          onKeep={() => {
            setReplacing(null);
            void navigate(CHECKOUT_PATHS.reservations);
          }}
        />
      ) : null}
    </>
  );
}

/** A reserve waiting for the buyer to agree to empty the basket of another date. */
type PendingHold = { request: HoldRequest; quotedTotal?: number };

/** Once the hold this page asked for is in place, the buyer reviews it (the first checkout step). */
function useContinueWhenHeld(performanceId: string | undefined) {
  const navigate = useNavigate();
  const { status, performanceId: heldFor } = useAppSelector(selectReservation);
  const previous = useRef(status);
  useEffect(() => {
    const asked = previous.current === 'holding';
    previous.current = status;
    if (asked && status === 'held' && heldFor === performanceId)
      void navigate(CHECKOUT_PATHS.reservations);
  }, [status, heldFor, performanceId, navigate]);
}

type ChoiceProps = {
  venue: VenueConfig;
  titleSlug: string;
  plan: SeatingPlan;
  seatStatus: SeatStatus;
  showTitle: string;
  /** shouldCallEligibleExp: the membership whose benefits apply to this buyer, if any. */
  memberScheme: 'atg-plus' | 'access' | null;
  hold: (request: HoldRequest, quotedTotal?: number) => void;
};

function Choice({
  venue,
  titleSlug,
  plan,
  seatStatus,
  showTitle,
  memberScheme,
  hold,
}: ChoiceProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const paths = usePaths();
  const reservation = useAppSelector(selectReservation);
  const { selected, droppedSeatIds, limitReached, acknowledged } = useAppSelector(selectSeats);
  const [mode, setMode] = useState<ChoiceMode>('pick');
  const [nudge, setNudge] = useState<'notice' | 'empty' | null>(null);
  // Seats the last Reserve press would have left alone, for the choice it was pressed with: any
  // change to the choice hides the message until Reserve checks again.
  const [gap, setGap] = useState<{ choice: string[]; seats: number[] } | null>(null);
  const selectedIndexes = useAppSelector(selectSelectedIndexes);
  const reserved = plan.seating === 'reserved';
  const heading = reserved ? 'steps.seatmap.heading' : 'steps.tickets.heading';
  const busy = reservation.status === 'holding';
  const pendingNotices = unacknowledgedNotices(seatStatus, acknowledged);
  const model = useAppSelector(selectSeatMapModel);
  const listId = useId();
  const skipToList = useSkipTo(listId);
  const gate = usePresaleGate(seatStatus.presale?.membersOnly ?? null);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  /** A taken seat by its full name ("Stalls, Row B, Seat 4, unavailable"). */
  const takenSeatName = (id: string) => {
    const i = model?.ids.indexOf(id) ?? -1;
    return model !== null && i >= 0 ? seatName(model, i, intl) : id;
  };

  useDocumentTitle(
    intl.formatMessage(
      { id: 'tickets.documentTitle' },
      { heading: intl.formatMessage({ id: heading }), showTitle },
    ),
  );

  // What was last sent, so a failed reserve can be sent again with one press.
  const lastReserve = useRef<PendingHold | null>(null);
  /** Every way of reserving passes the same gate: notices read, something chosen. */
  const reserve = (request: HoldRequest | null, quotedTotal?: number) => {
    if (pendingNotices.length > 0) return setNudge('notice');
    if (request === null) return setNudge('empty');
    setNudge(null);
    // Spec §8's seat-validation failure, said before the hold is asked for (the server checks
    // the same rule again on what is free by then).
    if (request.kind === 'seats' && model !== null && venue.settings.flags.preventSingleSeatGaps) {
      const seats = strandedBySelection(model, selectedIndexes);
      setGap(seats.length > 0 ? { choice: selected, seats } : null);
      if (seats.length > 0) return;
    }
    lastReserve.current = { request, quotedTotal };
    hold(request, quotedTotal);
  };
  const retry = () => {
    if (lastReserve.current === null) return;
    dispatch(errorCleared());
    hold(lastReserve.current.request, lastReserve.current.quotedTotal);
  };

  const admissions = useAppSelector(selectChosenAdmissions);
  const admissionsCount = useAppSelector(selectAdmissionsCount);
  const gaTotal = useAppSelector(selectAdmissionsTotal);

  // Everything a press of the bar's button (or a seat past the limit) causes, said beside it.
  const messages = (
    <>
      {nudge === 'notice' && pendingNotices.length > 0 ? (
        <Nudge role="alert">
          <FormattedMessage id="notice.required" />
        </Nudge>
      ) : null}
      {nudge === 'empty' ? (
        <Nudge role="alert">
          <FormattedMessage id="tickets.chooseFirst" />
        </Nudge>
      ) : null}
      {gap !== null && gap.choice === selected && model !== null ? (
        <Nudge role="alert">
          <FormattedMessage
            id="seats.gap.stranded"
            values={{
              count: gap.seats.length,
              seats: gap.seats.map((i) => seatName(model, i, intl)).join('; '),
            }}
          />
        </Nudge>
      ) : null}
      {reservation.error !== null &&
      reservation.error !== 'limit' &&
      reservation.error !== 'presale' ? (
        <ReservationErrorAlert
          error={reservation.error}
          takenSeats={reservation.takenSeatIds.map((id) => takenSeatName(id))}
          onRetry={retry}
        />
      ) : null}
      {reservation.error === null && droppedSeatIds.length > 0 ? (
        <ReservationErrorAlert
          error="unavailable"
          takenSeats={droppedSeatIds.map((id) => takenSeatName(id))}
        />
      ) : null}
      <SeatLimitMessage
        venue={venue}
        limit={seatStatus.seatSelectionLimit}
        reached={limitReached || reservation.error === 'limit'}
      />
      {busy ? (
        <p role="status">
          <FormattedMessage id="tickets.reserving" />
        </p>
      ) : null}
    </>
  );

  return (
    <section>
      <PageHeading
        subheading={
          <>
            {showTitle}
            {' — '}
            <FormattedMessage
              id="tickets.performance"
              values={{
                date: formatPerformanceDate(intl, seatStatus.startsAt),
                time: formatPerformanceTime(intl, seatStatus.startsAt),
              }}
            />
          </>
        }
      >
        <FormattedMessage id={heading} />
      </PageHeading>
      <Lead>
        <FormattedMessage id={reserved ? 'steps.seatmap.subheading' : 'steps.tickets.subheading'} />
      </Lead>
      {seatStatus.parts ? <LinkedParts parts={seatStatus.parts} /> : null}
      {memberScheme === null ? null : (
        <p>
          <FormattedMessage
            id="tickets.memberBenefit"
            values={{ scheme: memberScheme === 'atg-plus' ? 'atgPlus' : 'access' }}
          />
        </p>
      )}
      {reserved ? (
        // Straight past the plan and its controls to the keyboard's way of choosing seats; after the
        // heading, which takes focus when the page is reached from another, so Tab meets it next.
        <SkipLink
          href={`#${listId}`}
          className="visually-hidden"
          onClick={(event) => {
            event.preventDefault();
            setMode('pick');
            skipToList();
          }}
        >
          <FormattedMessage id="seatBar.skipToList" />
        </SkipLink>
      ) : null}
      {plan.seating === 'timed-entry' ? (
        // Each timed-entry performance is one entry slot: say which this page sells.
        <p>
          <FormattedMessage
            id="tickets.timeSlot"
            values={{ time: formatPerformanceTime(intl, seatStatus.startsAt) }}
          />
        </p>
      ) : null}

      <PerformanceNotices seatStatus={seatStatus} />
      <PresaleAlert
        open={reservation.error === 'presale' || gate === 'signIn' || gate === 'notQualified'}
        backgroundImage={venue.settings.presaleBackgroundImage}
        showPath={paths.showPath(titleSlug, venue.settings.slug)}
        subscribePath={membershipPath(venue.settings.slug, here)}
        signInPath={
          gate === 'signIn' && !venue.settings.flags.loginDisabled
            ? signInPath(here, venue.settings.slug)
            : null
        }
        onClose={() => {
          dispatch(errorCleared());
          void navigate(paths.calendarPath(titleSlug, venue.settings.slug));
        }}
      />

      {reserved && model !== null ? (
        <SeatChoice
          venue={venue}
          model={model}
          plan={plan}
          seatStatus={seatStatus}
          mode={mode}
          onModeChange={setMode}
          listId={listId}
          busy={busy}
          onReserve={(quotedTotal) =>
            reserve(selected.length > 0 ? { kind: 'seats', seats: selected } : null, quotedTotal)
          }
          onBestAvailable={(choice: BestAvailableChoice) =>
            reserve({ kind: 'bestAvailable', ...choice })
          }
          messages={messages}
        />
      ) : (
        <>
          <TicketQuantities
            plan={plan}
            seatStatus={seatStatus}
            singleLine={venue.settings.flags.isSingleLinePriceOption}
            showFaceValue={venue.settings.flags.shouldShowFaceValue}
            areaViews={areaViewsOf(venue)}
          />
          <OffersPanel seatStatus={seatStatus} />
          <SelectionBar
            summary={null}
            total={
              <FormattedMessage
                id="tickets.ga.total"
                values={{
                  count: admissionsCount,
                  total: formatMoney(intl, { amount: gaTotal, currency: seatStatus.currency }),
                }}
              />
            }
            action="tickets.reserveTickets"
            busy={busy}
            onAction={() =>
              reserve(admissions.length > 0 ? { kind: 'admissions', admissions } : null, gaTotal)
            }
            messages={messages}
          />
        </>
      )}
    </section>
  );
}

/** viewFromSeat for general admission: on with `enabled` and `enabledForGeneralAdmissions`. */
function areaViewsOf(venue: VenueConfig): { themes?: readonly string[] } | null {
  const view = venue.settings.flags.viewFromSeat;
  return view?.enabled && view.enabledForGeneralAdmissions ? { themes: view.themes } : null;
}

/**
 * Focus for a skip link that may first have to show its target (best available hides the
 * list): the returned call asks, and the element is focused once the page has rendered it.
 */
function useSkipTo(id: string) {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) document.getElementById(id)?.focus();
  }, [asked, id]);
  return () => setAsked((n) => n + 1);
}

const SkipLink = styled.a`
  &:focus {
    display: inline-block;
    margin-bottom: ${({ theme }) => theme.space[2]}px;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
    background: ${({ theme }) => theme.colors.accentSurface};
    color: ${({ theme }) => theme.colors.onAccent};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
`;

const Nudge = styled.p`
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;
