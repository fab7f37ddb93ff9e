import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { MembershipCard } from './components/MembershipCard';
import { OfferCard, OfferList } from './components/OfferCard';
import { membershipsRequested } from './membershipSlice';
import { membershipPath, signInPath } from './signInLink';
import { useMemberships, useMemberVenue, useOffers } from './useMembers';

/**
 * /subscriptions: the signed-in member's memberships (status, number, dates, auto-renew, cancel);
 * for someone with none, the offers to join; a guest is asked to sign in.
 */
export default function SubscriptionsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const location = useLocation();
  useDocumentTitle(intl.formatMessage({ id: 'subscriptions.heading' }));
  const venue = useMemberVenue();
  const memberships = useMemberships();
  // A member's page waits for their memberships; a guest's for the sign-in alone.
  const signedIn =
    memberships.signedIn === true && memberships.status !== 'succeeded'
      ? null
      : memberships.signedIn;
  const held = memberships.data ?? [];
  // Offers only for someone with no membership to show.
  const offers = useOffers(venue, signedIn === null || held.length > 0 ? null : signedIn);

  const heading = (
    <PageHeading subheading={<FormattedMessage id="subscriptions.subheading" />}>
      <FormattedMessage id="subscriptions.heading" />
    </PageHeading>
  );
  let body;
  if (memberships.status === 'failed')
    body = (
      <LoadFailure error={memberships.error} onRetry={() => dispatch(membershipsRequested())} />
    );
  else if (signedIn === null) body = <LoadingBlock minHeight="16rem" />;
  else if (!signedIn)
    body = (
      <p>
        <FormattedMessage
          id="subscriptions.signIn"
          values={{
            signIn: (text) => (
              <Link to={signInPath(`${location.pathname}${location.search}`, venue.settings.slug)}>
                {text}
              </Link>
            ),
          }}
        />
      </p>
    );
  else if (held.length > 0)
    body = (
      <>
        <OfferList>
          {held.map((membership) => (
            <MembershipCard key={membership.scheme} membership={membership} />
          ))}
        </OfferList>
        <p>
          <Link to={membershipPath(venue.settings.slug)}>
            <FormattedMessage id="subscriptions.joinMore" />
          </Link>
        </p>
      </>
    );
  else if (!offers.current || offers.data === null) body = <LoadingBlock minHeight="16rem" />;
  else
    body = (
      <>
        <p>
          <FormattedMessage id="subscriptions.empty" />
        </p>
        <OfferList>
          {offers.data.map((offer) => (
            <OfferCard
              key={offer.scheme}
              offer={offer}
              venue={venue}
              signedIn
              membership={undefined}
            />
          ))}
        </OfferList>
      </>
    );
  return (
    <section>
      {heading}
      {body}
    </section>
  );
}
