import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import type { VenueConfig } from '@/config/venues';
import { selectAccount, selectAuthKnown } from './authSlice';
import SignInDialog, { type AuthDialogMode } from './SignInDialog';

type Props = { venue: VenueConfig };

/**
 * "Sign in for faster checkout" on the details step: signing in (or creating an account) opens
 * in a dialog, so the held seats, the step and what was typed stay; the session under them
 * becomes the member's (the server keeps the session's basket and holds across the sign-in).
 */
export function CheckoutSignInOffer({ venue }: Props) {
  const known = useAppSelector(selectAuthKnown);
  const account = useAppSelector(selectAccount);
  const [open, setOpen] = useState<AuthDialogMode | null>(null);
  const [signedInHere, setSignedInHere] = useState(false);
  const done = useRef<HTMLElement>(null);
  // The dialog gives focus back to the button that opened it, which has gone with the offer:
  // the line saying who is signed in takes it instead.
  useEffect(() => {
    if (signedInHere && open === null) done.current?.focus();
  }, [open, signedInHere]);
  if (venue.settings.flags.loginDisabled || !known) return null;

  // The dialog stays until it has said it is done, even once the account has arrived.
  if (account !== null && open === null)
    return signedInHere ? (
      <Offer ref={done} tabIndex={-1} role="status">
        <p>
          <FormattedMessage id="auth.checkout.signedIn" values={{ email: account.email }} />
        </p>
      </Offer>
    ) : null;

  return (
    <Offer aria-labelledby="checkout-sign-in-title">
      <Title id="checkout-sign-in-title">
        <FormattedMessage id="auth.checkout.offer.title" />
      </Title>
      <p>
        <FormattedMessage id="auth.checkout.offer.body" />
      </p>
      <Actions>
        <SecondaryButton type="button" onClick={() => setOpen('signIn')}>
          <FormattedMessage id="auth.checkout.offer.signIn" />
        </SecondaryButton>
        <SecondaryButton type="button" onClick={() => setOpen('signUp')}>
          <FormattedMessage id="auth.checkout.offer.signUp" />
        </SecondaryButton>
      </Actions>
      {open !== null && (
        <SignInDialog
          venueSlug={venue.settings.slug}
          initialMode={open}
          onClose={() => setOpen(null)}
          onSignedIn={() => setSignedInHere(true)}
        />
      )}
    </Offer>
  );
}

const Offer = styled.section`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};

  p {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
  }
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
`;
