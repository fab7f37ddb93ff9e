import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { ACCOUNT_PATHS } from '@/config/paths';
import { accountPageHref, RETURN_PARAM, safeReturnPath } from './authLinks';
import { Narrow, Ways } from './authStyles';
import { SignUpForm } from './SignUpForm';
import { useAuthVenue } from './useAuthVenue';

/** /sign-up?venue=…: the header's "Create account". */
export default function SignUpPage() {
  const intl = useIntl();
  const venue = useAuthVenue();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const slug = venue.settings.slug;
  useDocumentTitle(intl.formatMessage({ id: 'signUp.heading' }));
  const signIn = (id: 'signUp.failed.logIn' | 'signUp.haveAccount') => (
    <Link to={accountPageHref(ACCOUNT_PATHS.signIn, slug, returnTo)}>
      <FormattedMessage id={id} />
    </Link>
  );

  return (
    <Narrow>
      <PageHeading>
        <span id="sign-up-heading">
          <FormattedMessage id="signUp.heading" />
        </span>
      </PageHeading>
      {venue.settings.flags.loginDisabled ? (
        <p>
          <FormattedMessage id="signIn.unavailable" />
        </p>
      ) : (
        <>
          <SignUpForm
            venue={venue}
            labelledBy="sign-up-heading"
            signInLink={signIn('signUp.failed.logIn')}
            resetLink={
              <Link to={accountPageHref(ACCOUNT_PATHS.resetPassword, slug, returnTo)}>
                <FormattedMessage id="signUp.failed.resetPassword" />
              </Link>
            }
          />
          <Ways>
            <li>{signIn('signUp.haveAccount')}</li>
          </Ways>
        </>
      )}
    </Narrow>
  );
}
