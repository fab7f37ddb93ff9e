import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { LinkList } from '@/components/LinkList';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { ACCOUNT_PATHS } from '@/config/paths';
import { selectAccount } from '@/features/auth/authSlice';
import { subscriptionsPath } from '@/features/membership/signInLink';
import { useMemberVenue } from '@/features/membership/useMembers';
import { AccountGate } from './AccountGate';
import { accountPath } from './accountPaths';

/** /account: who is signed in, and the way to their details, orders and memberships. */
export default function AccountPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'myAccount.heading' }));
  const account = useAppSelector(selectAccount);
  const venue = useMemberVenue().settings.slug;
  return (
    <section>
      <PageHeading
        subheading={
          account === null ? undefined : (
            <FormattedMessage
              id="myAccount.subheading"
              values={{ name: `${account.firstName} ${account.lastName}`, email: account.email }}
            />
          )
        }
      >
        <FormattedMessage id="myAccount.heading" />
      </PageHeading>
      <AccountGate>
        <LinkList>
          <li>
            <Link to={accountPath(ACCOUNT_PATHS.profile, venue)}>
              <FormattedMessage id="myAccount.profile.heading" />
            </Link>
          </li>
          <li>
            <Link to={accountPath(ACCOUNT_PATHS.orders, venue)}>
              <FormattedMessage id="myAccount.orders.heading" />
            </Link>
          </li>
          <li>
            <Link to={subscriptionsPath(venue)}>
              <FormattedMessage id="subscriptions.heading" />
            </Link>
          </li>
        </LinkList>
      </AccountGate>
    </section>
  );
}
