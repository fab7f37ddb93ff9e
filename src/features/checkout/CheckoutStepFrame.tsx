import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import styled from 'styled-components';
import type { Basket } from '@contract/api/basket';
import { VENUE_FLAG_DEFAULTS } from '@contract/venueDefaults';
import type { VenueFlags } from '@contract/venue';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { applyConfigOverride } from '@/config/overrides';
import { getVenue } from '@/config/venues';
import {
  previousStep,
  stepPath,
  unansweredStepBefore,
  type CheckoutStep,
} from '@/features/checkout/checkoutSteps';
import { selectReservation } from '@/features/hold/reservationSlice';
import { selectConfigOverride } from '@/features/session/sessionSlice';
import type { MessageId } from '@/i18n/messageIds';
import { BasketProblem } from './BasketProblem';
import { FeeWaivedNotice } from './FeeWaivedNotice';
import { PriceChangeAlert } from './PriceChangeAlert';
import { PriceDrawer } from './PriceDrawer';
import { PriceDrawerLines } from './PriceDrawerLines';
import { usePlaceNames } from './placeNames';
import { requestBasket, useBasket, useBasketTarget } from './useBasket';

type Props = {
  step: CheckoutStep;
  headingId: MessageId;
  subheadingId?: MessageId;
  /**
   * The step states the total itself, line by line (the review step's StepTotal, under its
   * list): a venue without the drawer (shouldHidePriceDrawer) then needs no summary beside it.
   */
  showsTotal?: boolean;
  children: ReactNode;
};

/** The venue's flags for the held performance (with the session's `cfg` override, as framed). */
export function useVenueFlags(): VenueFlags {
  const { venueSlug } = useAppSelector(selectReservation);
  const cfg = useAppSelector(selectConfigOverride);
  const venue = venueSlug === undefined ? undefined : getVenue(venueSlug);
  if (venue === undefined)
    return { ...VENUE_FLAG_DEFAULTS, viewFromSeat: { ...VENUE_FLAG_DEFAULTS.viewFromSeat } };
  return applyConfigOverride(venue, cfg ?? undefined).settings.flags;
}

/**
 * The spec's customerDetails part of checkout ("Delivery and payment", spec §2): delivery, the
 * contact details and payment, each its own step, are named as that part above their headings.
 */
const CUSTOMER_DETAILS_STEPS: readonly CheckoutStep[] = ['collection', 'contacts', 'payment'];

/**
 * The frame every checkout step renders in: "Back" to the step before (as this basket's steps
 * run), the step's spec heading and sub-heading, the step itself, and the price drawer beside it
 * (below it on a phone). Opening a step reads the basket afresh, so a price that moved since the
 * last step raises the price-change alert here rather than at the pay button.
 */
export function CheckoutStepFrame({
  step,
  headingId,
  subheadingId,
  showsTotal = false,
  children,
}: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const target = useBasketTarget();
  const { basket, priceChanged } = useBasket();
  useDocumentTitle(intl.formatMessage({ id: headingId }));

  useEffect(() => {
    if (target !== null) dispatch(requestBasket(target));
  }, [dispatch, target, step]);

  // A step that needs an earlier answer (ticket protection) sends the buyer back for it, so
  // typing a later address does not skip the question.
  const owed = basket === null ? null : unansweredStepBefore(step, basket);
  if (owed !== null) return <Navigate to={stepPath(owed)} replace />;

  const back = basket !== null && step !== 'reservations' ? previousStep(step, basket) : null;

  return (
    <section>
      {back === null ? null : (
        <BackLink to={stepPath(back)}>
          <FormattedMessage id="checkout.back" />
        </BackLink>
      )}
      <PageHeading
        subheading={subheadingId === undefined ? undefined : <FormattedMessage id={subheadingId} />}
        section={
          CUSTOMER_DETAILS_STEPS.includes(step) ? (
            <FormattedMessage id="steps.customerDetails.heading" />
          ) : undefined
        }
      >
        <FormattedMessage id={headingId} />
      </PageHeading>
      <Columns>
        {/* First in the page on a phone, where it is a folded summary above the step (what the
            order costs before the form); a sticky sidebar in its own column on a laptop. */}
        <Side>
          <BasketAside showsTotal={showsTotal} />
        </Side>
        <Main>
          <FeeWaivedNotice step={step} />
          {children}
        </Main>
      </Columns>
      <PriceChangeAlert open={priceChanged} />
    </section>
  );
}

/**
 * Beside the step: the drawer, or where the venue hides it (shouldHidePriceDrawer) a summary
 * that never folds. Either way every fee in the total is a line of its own.
 */
function BasketAside({ showsTotal }: { showsTotal: boolean }) {
  const { basket, status, error, retry, saving } = useBasket();
  const flags = useVenueFlags();
  const names = usePlaceNames();
  if (basket === null)
    return status === 'failed' ? (
      <BasketProblem error={error} onRetry={retry} />
    ) : (
      <LoadingBlock minHeight="8rem" />
    );
  if (showsTotal && flags.shouldHidePriceDrawer) return null;
  return (
    <PriceDrawer
      basket={basket}
      flags={flags}
      names={names}
      busy={saving}
      summary={flags.shouldHidePriceDrawer}
    />
  );
}

/**
 * A step's own total (the review step, under what is held): the basket's lines in brief, so
 * the seats' prices above and every fee add up to the total on the page itself, not only in a
 * drawer a phone keeps folded.
 */
export function StepTotal({ basket }: { basket: Basket }) {
  const flags = useVenueFlags();
  const names = usePlaceNames();
  return <PriceDrawerLines basket={basket} flags={flags} names={names} detail="summary" />;
}

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.minTarget};
  margin-bottom: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.accentText};

  &::before {
    content: '‹';
    margin-right: ${({ theme }) => theme.space[1]}px;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]}px;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr);
    grid-template-areas: 'step basket';
    gap: ${({ theme }) => theme.space[5]}px;
    /* The sidebar's own height, so sticky has the column's length to travel in. */
    align-items: start;
  }
`;

const Main = styled.div`
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-area: step;
  }
`;

const Side = styled.aside`
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-area: basket;
    position: sticky;
    top: ${({ theme }) => theme.space[4]}px;
  }
`;
