import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { Membership, MembershipOffer } from '@contract/api/members';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import type { VenueConfig } from '@/config/venues';
import { formatMoney } from '@/i18n/format';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { useAppSelector } from '@/app/hooks';
import { RETURN_PARAM, safeReturnPath } from '@/features/auth/authLinks';
import { selectPurchase } from '../membershipSlice';
import { signInPath, signUpPath, subscriptionsPath } from '../signInLink';
import { PurchaseOutcome } from './PurchaseOutcome';
import { AccessJoinForm } from './AccessJoinForm';

// The card form and its rules load only for a buyer who chose to pay for ATG+.
const AtgPlusCheckout = lazy(lazyWithTimeout(() => import('./AtgPlusCheckout')));

type Props = {
  offer: MembershipOffer;
  venue: VenueConfig;
  signedIn: boolean;
  /** The buyer's current membership of this scheme, if any. */
  membership: Membership | undefined;
};

/** One membership: the venue's words for it, its price and the way to join it for this buyer. */
export function OfferCard({ offer, venue, signedIn, membership }: Props) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{offer.name}</h2>
      <p>{offer.summary}</p>
      <Benefits>
        {offer.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </Benefits>
      <Price>
        {offer.price === null ? (
          <FormattedMessage id="membership.offer.free" />
        ) : (
          <FormattedMessage
            id="membership.offer.pricePerYear"
            values={{ price: formatMoney(intl, offer.price) }}
          />
        )}
      </Price>
      <HowToJoin offer={offer} venue={venue} signedIn={signedIn} membership={membership} />
    </Card>
  );
}

function HowToJoin({ offer, venue, signedIn, membership }: Props) {
  const location = useLocation();
  const [params] = useSearchParams();
  const purchase = useAppSelector(selectPurchase);
  const [joining, setJoining] = useState(false);
  const here = `${location.pathname}${location.search}`;
  const slug = venue.settings.slug;
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  // Just bought here: the outcome (with the way back to the presale) rather than "a member".
  if (offer.scheme === 'atg-plus' && purchase.status === 'succeeded')
    return <PurchaseOutcome venue={venue} />;
  // `eligible` is asked only where the venue's flag (shouldCallEligibleExp) says so: there the
  // service's verdict comes first, and a live membership, the usual reason, follows it.
  const refused = offer.eligible === false;
  if (membership !== undefined)
    return (
      <Status role="status">
        {refused && (
          <>
            <FormattedMessage id="membership.offer.notEligible" />{' '}
          </>
        )}
        <FormattedMessage id="membership.offer.member" values={{ number: membership.number }} />{' '}
        <Link to={subscriptionsPath(slug)}>
          <FormattedMessage id="membership.offer.manage" />
        </Link>
      </Status>
    );
  if (!signedIn)
    return (
      <p>
        <FormattedMessage
          id="membership.offer.signInToJoin"
          values={{
            signIn: (text) => <Link to={signInPath(here, slug)}>{text}</Link>,
            signUp: (text) => <Link to={signUpPath(here, slug)}>{text}</Link>,
          }}
        />
      </p>
    );
  // An offer the service says is closed to this account for another reason is not offered for
  // joining at all, and the verdict is said in its place.
  if (refused)
    return (
      <Status>
        <FormattedMessage id="membership.offer.notEligible" />
      </Status>
    );
  if (offer.scheme === 'access') return <AccessJoinForm offer={offer} venue={venue} />;
  if (offer.price === null) return null;
  if (!joining)
    return (
      <PrimaryButton type="button" onClick={() => setJoining(true)}>
        <FormattedMessage id="membership.atgPlus.join" values={{ name: offer.name }} />
      </PrimaryButton>
    );
  return (
    <Suspense fallback={<LoadingBlock minHeight="20rem" />}>
      <AtgPlusCheckout price={offer.price} venue={venue} returnTo={returnTo} />
    </Suspense>
  );
}

export const OfferList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
  @media (min-width: 60em) {
    grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
    align-items: start;
  }
`;

const Card = styled.section`
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
`;

const Benefits = styled.ul`
  padding-inline-start: 1.25rem;
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 600;
`;

const Status = styled.p`
  font-weight: 600;
`;
