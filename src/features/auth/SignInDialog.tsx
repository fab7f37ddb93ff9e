import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { fieldId } from '@/components/form/fieldIds';
import { ACCOUNT_PATHS } from '@/config/paths';
import { getVenue } from '@/config/venues';
import { accountPageHref } from './authLinks';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type AuthDialogMode = 'signIn' | 'signUp';

type Props = {
  venueSlug: string;
  onClose: () => void;
  /** Told before the dialog closes on a sign-in (the dialog may unmount with its opener). */
  onSignedIn?: () => void;
  initialMode?: AuthDialogMode;
};

/**
 * Sign in (or create an account) without leaving the page: used wherever seats are held, since
 * going to the sign-in page would ask to release them. The held seats, the step and whatever was
 * typed on the page stay as they were; only the session changes under them.
 */
export default function SignInDialog({
  venueSlug,
  onClose,
  onSignedIn,
  initialMode = 'signIn',
}: Props) {
  const [mode, setMode] = useState<AuthDialogMode>(initialMode);
  const venue = getVenue(venueSlug);
  // After the dialog has put focus on its first button (its effect runs before this one): a
  // form's dialog starts at the form's first field, and so does the other form after a switch.
  useEffect(() => {
    document
      .getElementById(fieldId(mode === 'signIn' ? 'signInEmail' : 'signUpFirstName'))
      ?.focus();
  }, [mode]);
  // The reset page opens in a new tab, so the held seats and this page stay where they are.
  const resetLink = (
    <a
      href={accountPageHref(ACCOUNT_PATHS.resetPassword, venueSlug)}
      target="_blank"
      rel="noreferrer"
    >
      <FormattedMessage id="signIn.forgotten" />
    </a>
  );
  const switchTo = (next: AuthDialogMode) => (
    <LinkButton type="button" onClick={() => setMode(next)}>
      <FormattedMessage id={next === 'signUp' ? 'auth.dialog.toSignUp' : 'auth.dialog.toSignIn'} />
    </LinkButton>
  );
  return (
    <Dialog
      open
      title={<FormattedMessage id={mode === 'signIn' ? 'signIn.heading' : 'signUp.heading'} />}
      onDismiss={onClose}
      actions={
        <SecondaryButton type="button" onClick={onClose}>
          <FormattedMessage id="auth.dialog.cancel" />
        </SecondaryButton>
      }
    >
      {mode === 'signIn' ? (
        <>
          <SignInForm
            venueSlug={venueSlug}
            onSignedIn={() => {
              onSignedIn?.();
              onClose();
            }}
          />
          <Ways>
            <li>{resetLink}</li>
            <li>{switchTo('signUp')}</li>
          </Ways>
        </>
      ) : (
        venue !== undefined && (
          <>
            <SignUpForm venue={venue} signInLink={switchTo('signIn')} resetLink={resetLink} />
            <Ways>
              <li>{switchTo('signIn')}</li>
            </Ways>
          </>
        )
      )}
    </Dialog>
  );
}

const Ways = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[5]}px`};
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  padding: 0;
  list-style: none;
`;

/** Switches the dialog's form; looks like the links beside it, as it takes the buyer elsewhere. */
const LinkButton = styled.button`
  min-height: 24px;
  padding: ${({ theme }) => theme.space[1]}px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;
`;
