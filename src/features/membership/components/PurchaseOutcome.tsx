import { useLayoutEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '@/app/hooks';
import type { VenueConfig } from '@/config/venues';
import { PaymentProblemNotice } from '@/features/payment/PaymentNotices';
import { currentMembership, selectMemberships, selectPurchase } from '../membershipSlice';
import { subscriptionsPath } from '../signInLink';

/**
 * What an ATG+ purchase came to, where it was paid for or on the 3-D Secure return: the new
 * membership (and the way back to the presale that sent the buyer here), or why it failed.
 */
export function PurchaseOutcome({ venue }: { venue: VenueConfig }) {
  const purchase = useAppSelector(selectPurchase);
  const memberships = useAppSelector(selectMemberships);
  const heading = useRef<HTMLHeadingElement>(null);
  const joined = purchase.status === 'succeeded';
  useLayoutEffect(() => {
    if (joined) heading.current?.focus();
  }, [joined]);

  if (joined) {
    const membership = currentMembership(memberships.data, 'atg-plus');
    return (
      <div>
        <Joined ref={heading} tabIndex={-1}>
          <FormattedMessage id="membership.atgPlus.joined" />
        </Joined>
        {membership !== undefined ? (
          <p>
            <FormattedMessage
              id="membership.atgPlus.number"
              values={{ number: membership.number }}
            />
          </p>
        ) : null}
        <Links>
          {purchase.returnTo !== null ? (
            <li>
              <Link to={purchase.returnTo}>
                <FormattedMessage id="membership.atgPlus.backToBooking" />
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={subscriptionsPath(venue.settings.slug)}>
              <FormattedMessage id="membership.offer.manage" />
            </Link>
          </li>
        </Links>
      </div>
    );
  }
  if (purchase.status !== 'failed' || purchase.problem === null) return null;
  if (purchase.problem === 'alreadyMember' || purchase.problem === 'inFlight')
    return (
      <Problem role="alert">
        <FormattedMessage
          id={
            purchase.problem === 'alreadyMember'
              ? 'membership.change.error.alreadyMember'
              : 'membership.atgPlus.inFlight'
          }
        />
      </Problem>
    );
  return <PaymentProblemNotice problem={purchase.problem} venue={venue} />;
}

const Joined = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.h2};
`;

const Links = styled.ul`
  padding-inline-start: 1.25rem;
`;

const Problem = styled.p`
  font-weight: 600;
`;
