import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { useAppDispatch } from '@/app/hooks';
import { currentMembership, membershipsRequested, offersRequested } from './membershipSlice';
import { OfferCard, OfferList } from './components/OfferCard';
import { useMemberships, useMemberVenue, useOffers } from './useMembers';

/**
 * /membership (spec §2, §6): what ATG+ and Access give and cost in the venue's own words, and how
 * to join each — ATG+ by card, Access with evidence. A guest is asked to sign in first; a member
 * is told they already are one.
 */
export default function MembershipPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  useDocumentTitle(intl.formatMessage({ id: 'membership.heading' }));
  const venue = useMemberVenue();
  const memberships = useMemberships();
  // A member's page waits for their memberships; a guest's for the sign-in alone.
  const signedIn =
    memberships.signedIn === true && memberships.status !== 'succeeded'
      ? null
      : memberships.signedIn;
  const offers = useOffers(venue, signedIn);

  const heading = (
    <PageHeading subheading={<FormattedMessage id="membership.subheading" />}>
      <FormattedMessage id="membership.heading" />
    </PageHeading>
  );
  if (memberships.status === 'failed')
    return (
      <section>
        {heading}
        <LoadFailure error={memberships.error} onRetry={() => dispatch(membershipsRequested())} />
      </section>
    );
  if (offers.current && offers.status === 'failed')
    return (
      <section>
        {heading}
        <LoadFailure
          error={offers.error}
          onRetry={() =>
            dispatch(
              offersRequested({ venueSlug: venue.settings.slug, eligibility: offers.eligibility }),
            )
          }
        />
      </section>
    );
  if (!offers.current || offers.data === null || signedIn === null)
    return (
      <section>
        {heading}
        <LoadingBlock minHeight="24rem" />
      </section>
    );

  return (
    <section>
      {heading}
      {offers.eligibility ? (
        <p>
          <FormattedMessage id="membership.eligibility.note" />
        </p>
      ) : null}
      <OfferList>
        {offers.data.map((offer) => (
          <OfferCard
            key={offer.scheme}
            offer={offer}
            venue={venue}
            signedIn={signedIn}
            membership={currentMembership(memberships.data, offer.scheme)}
          />
        ))}
      </OfferList>
    </section>
  );
}
