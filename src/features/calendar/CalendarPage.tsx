import { useContext, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { CalendarPerformance } from '@contract/api/calendar';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import { NavigationFocusContext } from '@/components/navigationFocus';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import type { RouteTarget } from '@/config/paths';
import { getVenue } from '@/config/venues';
import { NotFoundPage } from '@/components/errors/errorPages';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { useVariation } from '@/features/experiments/useVariation';
import { InvalidPromoLinkPage } from '@/features/promo/InvalidPromoLinkPage';
import { PresaleAlert } from '@/features/promo/PresaleAlert';
import { selectSignedIn } from '@/features/auth/authSlice';
import { membershipPath, signInPath } from '@/features/membership/signInLink';
import { usePresaleGate } from '@/features/membership/usePresaleGate';
import { useFeeWaiver } from '@/features/membership/useMembers';
import { PromoPanel } from '@/features/promo/PromoPanel';
import { mayBook } from '@/features/promo/presale';
import { removed, selectPromoEntry } from '@/features/promo/promoSlice';
import { useShowContent } from '@/features/catalogue/useShowContent';
import { formatMoney } from '@/i18n/format';
import { CalendarGrid } from './components/CalendarGrid';
import { CalendarList } from './components/CalendarList';
import { MonthNav, useMonthName } from './components/MonthNav';
import type { PerformanceAction } from './components/PerformanceItem';
import { addMonths } from './monthGrid';
import { useCalendar } from './useCalendar';

/** Navigation state of a month step (its address names the 1st only to name the month). */
const MONTH_STEP = { calendarMonthStep: true } as const;

function isMonthStep(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'calendarMonthStep' in state;
}

/** Room the month takes (six weeks of two performances a day), kept while a month loads. */
const MONTH_HEIGHT = '36rem';

/** Choosing a performance: a month of the show's calendar, with the buyer's promo code. */
export default function CalendarPage() {
  const target = useRequiredRouteTarget();
  // Both reads start at once; the calendar does not wait for the show's text.
  const { show, isCurrent, retry } = useShowContent(target);
  const calendar = useCalendar(target);
  const entry = useAppSelector((state) =>
    selectPromoEntry(state, target.venueSlug, target.titleSlug ?? ''),
  );
  const linkRefused =
    target.promo !== undefined &&
    entry?.code === target.promo &&
    entry.source === 'link' &&
    (entry.status === 'invalid' || entry.status === 'expired' || entry.status === 'notForEvent');

  const flags = getVenue(target.venueSlug)?.settings.flags;
  useSinglePerformanceRedirect(target, flags?.shouldRedirectSinglePromoCode ?? false);

  if (isCurrent && show.status === 'failed')
    return <LoadFailure error={show.error} onRetry={retry} />;
  if (calendar.isCurrent && calendar.calendar.error === 'not_found') return <NotFoundPage />;
  if (linkRefused) return <RefusedLink target={target} />;
  if (!isCurrent || show.data === null) return <LoadingBlock minHeight="48rem" />;
  return <ShowCalendar target={target} showTitle={show.data.title} {...calendar} />;
}

function RefusedLink({ target }: { target: RouteTarget }) {
  const navigate = useNavigate();
  const paths = usePaths();
  const titleSlug = target.titleSlug ?? '';
  // The refused code stays on record (not sent again); following the same link shows this again.
  return (
    <InvalidPromoLinkPage
      onContinue={() =>
        void navigate(paths.calendarPath(titleSlug, target.venueSlug, target.date), {
          replace: true,
        })
      }
    />
  );
}

type ShowCalendarProps = ReturnType<typeof useCalendar> & {
  target: RouteTarget;
  showTitle: string;
};

function ShowCalendar({
  target,
  showTitle,
  calendar,
  request,
  isCurrent,
  retry,
}: ShowCalendarProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const paths = usePaths();
  const layout = useVariation('calendarLayout');
  const monthHeadingId = useId();
  const [presaleOpen, setPresaleOpen] = useState<string | null>(null);
  const signedIn = useAppSelector(selectSignedIn);
  const [gridFocusMonth, setGridFocusMonth] = useState<string | null>(null);
  const headingFocus = useCalendarHeadingFocus();
  const { venueSlug } = target;
  const titleSlug = target.titleSlug ?? '';
  const venue = getVenue(venueSlug);
  const flags = venue?.settings.flags;
  useDocumentTitle(intl.formatMessage({ id: 'calendar.documentTitle' }, { showTitle }));

  const data = isCurrent ? calendar.data : null;
  // The last answer for this show keeps the month bar and notices steady while a month loads.
  const { latest } = calendar;
  const known = latest?.venueSlug === venueSlug && latest.titleSlug === titleSlug ? latest : null;
  const membersPresale = known?.membersPresale ?? null;
  const gate = usePresaleGate(membersPresale);
  const feeWaiver = useFeeWaiver();
  const month = data?.month ?? request.month ?? null;
  const range = known?.months ?? null;
  const monthName = useMonthName(month);
  const canGoBack = month !== null && range !== null && month > range.first;
  const canGoForward = month !== null && range !== null && month < range.last;

  const goToMonth = (step: -1 | 1, fromGrid = false) => {
    if (month === null || range === null || !(step < 0 ? canGoBack : canGoForward)) return;
    // A `{date}` outside the run steps back into it rather than through empty months.
    const next = addMonths(month, step);
    const inRange = next < range.first ? range.first : next > range.last ? range.last : next;
    // Page Up/Down in the grid: the new month's grid takes the focus the old one had.
    setGridFocusMonth(fromGrid ? inRange : null);
    void navigate(paths.calendarPath(titleSlug, venueSlug, `${inRange}-01`, target.promo), {
      state: MONTH_STEP,
    });
  };

  const actionFor = (performance: CalendarPerformance): PerformanceAction => {
    if (performance.availability === 'soldOut') return { kind: 'soldOut' };
    // A members' presale is open to the scheme's members without a code (the server lets them
    // hold); anyone else meets the gate here, before a date is picked.
    if (!mayBook(performance) && !(membersPresale !== null && gate === 'open'))
      return { kind: 'presale', onChoose: () => setPresaleOpen(performance.id) };
    return { kind: 'book', to: paths.ticketsPath(titleSlug, venueSlug, performance.id) };
  };
  const displayFlags = {
    hideAvailabilityIndicators: flags?.hideAvailabilityIndicators ?? false,
    hideCalendarMinPrice: flags?.hideCalendarMinPrice ?? false,
  };
  // A date the buyer was sent to is marked; the 1st that a month step puts in the address is not.
  const stepped = isMonthStep(location.state);
  const selectedDate = !stepped && target.date?.startsWith(month ?? '-') ? target.date : undefined;

  let body;
  if (calendar.status === 'failed' && isCurrent) {
    body = (
      <Failure role="alert">
        <p>
          <FormattedMessage id="calendar.error.load" />
        </p>
        <PrimaryButton type="button" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </PrimaryButton>
      </Failure>
    );
  } else if (data === null) {
    body = <LoadingBlock minHeight={MONTH_HEIGHT} />;
  } else if (data.months === null) {
    body = (
      <p>
        <FormattedMessage id="calendar.noneOnSale" />
      </p>
    );
  } else if (data.performances.length === 0) {
    body = (
      <p>
        <FormattedMessage id="calendar.noPerformances" values={{ month: monthName }} />
      </p>
    );
  } else {
    // What the list and the grid both show: the month's performances, each with its action.
    const monthView = { calendar: data, flags: displayFlags, actionFor, selectedDate };
    body =
      layout === 'list' ? (
        <CalendarList {...monthView} />
      ) : (
        <CalendarGrid
          {...monthView}
          onMonthStep={(step) => goToMonth(step, true)}
          focusOnMount={gridFocusMonth === data.month}
          labelledBy={monthHeadingId}
        />
      );
  }

  return (
    <section>
      <NavigationFocusContext.Provider value={headingFocus}>
        <PageHeading subheading={showTitle}>
          <FormattedMessage id="steps.calendar.heading" />
        </PageHeading>
      </NavigationFocusContext.Provider>
      <p>
        <FormattedMessage id="steps.calendar.subheading" />
      </p>
      <PromoPanel
        venueSlug={venueSlug}
        titleSlug={titleSlug}
        manualPrompt={flags?.manualPromocodePromptOnCalendar ?? false}
        onRemove={() => {
          dispatch(removed({ venueSlug, titleSlug, visit: location.key }));
          if (target.promo !== undefined)
            void navigate(paths.calendarPath(titleSlug, venueSlug, target.date), { replace: true });
        }}
      />
      <MonthNav
        month={month}
        canGoBack={canGoBack}
        canGoForward={canGoForward}
        onStep={goToMonth}
        headingId={monthHeadingId}
      />
      <Month aria-busy={data === null && calendar.status !== 'failed'}>{body}</Month>
      {known !== null && (
        <Notices>
          {!displayFlags.hideCalendarMinPrice && (
            <p>
              <FormattedMessage id="calendar.startingPrices" />
            </p>
          )}
          <p>
            {/* As the basket will charge it: a member whose scheme waives the fee is told so,
                everyone else the most an order may add (spec §9's wording). */}
            {feeWaiver === null ? (
              <FormattedMessage
                id="calendar.transactionFee"
                values={{ fee: formatMoney(intl, known.transactionFee) }}
              />
            ) : (
              <FormattedMessage
                id="calendar.transactionFeeWaived"
                values={{ scheme: feeWaiver === 'atg-plus' ? 'atgPlus' : 'access' }}
              />
            )}
          </p>
        </Notices>
      )}
      <PresaleAlert
        open={presaleOpen !== null}
        backgroundImage={venue?.settings.presaleBackgroundImage ?? ''}
        showPath={paths.showPath(titleSlug, venueSlug)}
        subscribePath={membershipPath(
          venueSlug,
          presaleOpen === null ? undefined : paths.ticketsPath(titleSlug, venueSlug, presaleOpen),
        )}
        signInPath={
          presaleOpen === null || signedIn || flags?.loginDisabled
            ? null
            : signInPath(paths.ticketsPath(titleSlug, venueSlug, presaleOpen), venueSlug)
        }
        onClose={() => setPresaleOpen(null)}
      />
    </section>
  );
}

/**
 * The heading takes focus when the buyer arrives on the calendar, not each time they change
 * month: a month is a new address, but moving focus to the top of the page then would throw a
 * keyboard user out of the month bar or the grid they are working in.
 */
function useCalendarHeadingFocus() {
  const outer = useContext(NavigationFocusContext);
  const [arrival] = useState(outer);
  return arrival;
}

/**
 * `shouldRedirectSinglePromoCode`: a code that has just been applied and fits exactly one
 * performance takes the buyer straight to its seats. Only on the moment of applying: coming
 * back to the calendar later with the code still applied shows the calendar.
 */
function useSinglePerformanceRedirect(target: RouteTarget, enabled: boolean) {
  const navigate = useNavigate();
  const paths = usePaths();
  const titleSlug = target.titleSlug ?? '';
  const entry = useAppSelector((state) => selectPromoEntry(state, target.venueSlug, titleSlug));
  const status = entry?.status;
  const previous = useRef(status);
  useEffect(() => {
    const justApplied = previous.current === 'checking' && status === 'applied';
    previous.current = status;
    const only = entry?.performanceIds.length === 1 ? entry.performanceIds[0] : undefined;
    if (enabled && justApplied && only !== undefined) {
      void navigate(paths.ticketsPath(titleSlug, target.venueSlug, only), { replace: true });
    }
  }, [enabled, status, entry, navigate, paths, titleSlug, target.venueSlug]);
}

const Month = styled.div`
  min-height: ${MONTH_HEIGHT};
`;

const Failure = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[5]}px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.errorSurface};
`;

const Notices = styled.div`
  margin-block-start: ${({ theme }) => theme.space[5]}px;
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: ${({ theme }) => theme.space[1]}px 0;
  }
`;
