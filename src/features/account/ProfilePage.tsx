import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { validationContextFor } from '@/components/form/validation/validationContext';
import { useMemberVenue } from '@/features/membership/useMembers';
import { AccountGate } from './AccountGate';
import { profileRequested, selectProfile } from './accountSlice';
import { ProfileForm } from './ProfileForm';

/** /account/profile: the member's details (customer-profile service) and marketing choice. */
export default function ProfilePage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'myAccount.profile.heading' }));
  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="myAccount.profile.subheading" />}>
        <FormattedMessage id="myAccount.profile.heading" />
      </PageHeading>
      <AccountGate>
        <Profile />
      </AccountGate>
    </section>
  );
}

function Profile() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const venue = useMemberVenue();
  const context = useMemo(() => validationContextFor(venue), [venue]);
  useEffect(() => {
    if (profile.status === 'idle') dispatch(profileRequested());
  }, [dispatch, profile.status]);
  if (profile.data !== null)
    return <ProfileForm profile={profile.data} venue={venue.settings.slug} context={context} />;
  if (profile.status === 'failed')
    return <LoadFailure error={profile.error} onRetry={() => dispatch(profileRequested())} />;
  return <LoadingBlock minHeight="24rem" />;
}
