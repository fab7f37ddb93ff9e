import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppSelector, useSagas } from '@/app/hooks';
import { LoadingBlock } from '@/components/LoadingBlock';
import { selectAuthKnown, selectSignedIn } from '@/features/auth/authSlice';
import { signInPath } from '@/features/membership/signInLink';
import { useMemberVenue } from '@/features/membership/useMembers';
import { watchAccount } from './accountSaga';

const ACCOUNT_SAGAS = [watchAccount];

/**
 * What every My account page shows first: nothing until the sign-in is known, a way to sign in
 * (and come back here) for a guest, and the page itself for a signed-in member.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  useSagas(ACCOUNT_SAGAS);
  const known = useAppSelector(selectAuthKnown);
  const signedIn = useAppSelector(selectSignedIn);
  const location = useLocation();
  const venue = useMemberVenue();
  if (!known) return <LoadingBlock minHeight="16rem" />;
  if (!signedIn)
    return (
      <p>
        <FormattedMessage
          id="myAccount.signIn"
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
  return <>{children}</>;
}
