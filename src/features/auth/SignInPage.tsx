import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { ACCOUNT_PATHS } from '@/config/paths';
import { usePaths } from '@/config/usePaths';
import { accountPageHref, RETURN_PARAM, safeReturnPath } from './authLinks';
import { selectAccount } from './authSlice';
import { Narrow, Ways } from './authStyles';
import { SignInForm } from './SignInForm';
import { useAuthVenue } from './useAuthVenue';

/**
 * /sign-in?venue=…&returnTo=…: the header's "Sign in". Back to where the buyer came from once
 * signed in (a path inside the shop only), else home.
 */
export default function SignInPage() {
  const intl = useIntl();
  const venue = useAuthVenue();
  const navigate = useNavigate();
  const { home } = usePaths();
  const [params] = useSearchParams();
  const account = useAppSelector(selectAccount);
  // Once the form has been sent it stays until it has taken the buyer back.
  const [used, setUsed] = useState(false);
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const slug = venue.settings.slug;
  useDocumentTitle(intl.formatMessage({ id: 'signIn.heading' }));

  let body;
  if (venue.settings.flags.loginDisabled) {
    body = (
      <p>
        <FormattedMessage id="signIn.unavailable" />
      </p>
    );
  } else if (account !== null && !used) {
    body = (
      <>
        <p>
          <FormattedMessage id="signIn.alreadySignedIn" values={{ email: account.email }} />
        </p>
        <PrimaryButton as={Link} to={returnTo ?? home}>
          <FormattedMessage id="signIn.continue" />
        </PrimaryButton>
      </>
    );
  } else {
    body = (
      <>
        <SignInForm
          venueSlug={slug}
          labelledBy="sign-in-heading"
          onSubmitted={() => setUsed(true)}
          onSignedIn={() => void navigate(returnTo ?? home, { replace: true })}
        />
        <Ways>
          <li>
            <Link to={accountPageHref(ACCOUNT_PATHS.resetPassword, slug, returnTo)}>
              <FormattedMessage id="signIn.forgotten" />
            </Link>
          </li>
          <li>
            <Link to={accountPageHref(ACCOUNT_PATHS.signUp, slug, returnTo)}>
              <FormattedMessage id="signIn.createAccount" />
            </Link>
          </li>
        </Ways>
      </>
    );
  }

  return (
    <Narrow>
      <PageHeading>
        <span id="sign-in-heading">
          <FormattedMessage id="signIn.heading" />
        </span>
      </PageHeading>
      {body}
    </Narrow>
  );
}
