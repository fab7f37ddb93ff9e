import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '@/app/hooks';
import { ACCOUNT_PATHS } from '@/config/paths';
import type { VenueConfig } from '@/config/venues';
import { selectReservation } from '@/features/hold/reservationSlice';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { accountPageHref, RETURN_PARAM, safeReturnPath } from './authLinks';
import { selectAuth } from './authSlice';

/*
 * The header's part in signing in is on every page, so it stays small: two links or one menu
 * button. The menu, the sign-in dialog, the session watch (inactivity warning and time-out) and
 * the guest's inactivity watch while seats are held are lazy chunks, loaded only when needed.
 */
const AccountMenu = lazy(lazyWithTimeout(withWholeSource(() => import('./AccountMenu'))));
const SignInDialog = lazy(lazyWithTimeout(withWholeSource(() => import('./SignInDialog'))));
const SessionWatch = lazy(lazyWithTimeout(withWholeSource(() => import('./SessionWatch'))));
const GuestIdleWatch = lazy(lazyWithTimeout(withWholeSource(() => import('./GuestIdleWatch'))));

type Props = { venue: VenueConfig };

/**
 * "Sign in" and "Create account" for a guest, "My account" for a member; nothing at a venue that
 * turns sign-in off (loginDisabled). While seats are held, "Sign in" opens in place, so signing
 * in never asks to release the tickets.
 */
export function HeaderAccount({ venue }: Props) {
  const intl = useIntl();
  const location = useLocation();
  const auth = useAppSelector(selectAuth);
  const { status: holdStatus } = useAppSelector(selectReservation);
  const holding = holdStatus === 'held' || holdStatus === 'holding';
  const [signingIn, setSigningIn] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const known = auth.status === 'succeeded' || auth.status === 'failed';

  // Signed in from the dialog: the link that opened it has given way to the menu button, which
  // takes focus once the dialog has closed (its clean-up runs before this effect).
  const focusMenu = useRef(false);
  const signedIn = auth.account !== null;
  useEffect(() => {
    if (!signedIn || signingIn || !focusMenu.current) return;
    focusMenu.current = false;
    menuButton.current?.focus();
  }, [signedIn, signingIn]);

  // A guest holding seats times out too (issue 24), at every venue, whether or not it offers
  // sign-in; a member's sign-in has its own watch, and their seats go on as a guest's after it.
  const guestHolding = known && auth.account === null && holdStatus === 'held';
  const watch = (auth.account !== null || auth.timeout !== 'none' || guestHolding) && (
    <Suspense fallback={null}>
      {(auth.account !== null || auth.timeout !== 'none') && <SessionWatch />}
      {guestHolding && auth.timeout === 'none' && <GuestIdleWatch />}
    </Suspense>
  );
  if (venue.settings.flags.loginDisabled || !known) return watch || null;

  const here = `${location.pathname}${location.search}`;
  const returnTo = safeReturnPath(here) ?? new URLSearchParams(location.search).get(RETURN_PARAM);
  const slug = venue.settings.slug;

  return (
    <Nav aria-label={intl.formatMessage({ id: 'header.account.label' })}>
      {auth.account === null ? (
        <>
          <Link
            to={accountPageHref(ACCOUNT_PATHS.signIn, slug, returnTo)}
            onClick={(event) => {
              if (!holding) return;
              event.preventDefault();
              setSigningIn(true);
            }}
          >
            <FormattedMessage id="header.account.signIn" />
          </Link>
          {!holding && (
            <Link to={accountPageHref(ACCOUNT_PATHS.signUp, slug, returnTo)}>
              <FormattedMessage id="header.account.signUp" />
            </Link>
          )}
        </>
      ) : (
        <MenuAnchor>
          <MenuButton
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <FormattedMessage id="header.account.menu" />
          </MenuButton>
          {menuOpen && (
            <Suspense fallback={null}>
              <AccountMenu
                id={menuId}
                venueSlug={slug}
                account={auth.account}
                onClose={() => {
                  setMenuOpen(false);
                  menuButton.current?.focus();
                }}
              />
            </Suspense>
          )}
        </MenuAnchor>
      )}
      {signingIn && (
        <Suspense fallback={null}>
          <SignInDialog
            venueSlug={slug}
            onClose={() => setSigningIn(false)}
            onSignedIn={() => {
              focusMenu.current = true;
            }}
          />
        </Suspense>
      )}
      {watch}
    </Nav>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]}px;

  > a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.minTarget};
    font-weight: 600;
    color: var(--header-link, ${({ theme }) => theme.colors.accentText});
  }

  > a:focus-visible {
    outline-color: var(--header-focus, ${({ theme }) => theme.colors.focusRing});
  }
`;

const MenuAnchor = styled.div`
  position: relative;
`;

const MenuButton = styled.button`
  min-height: ${({ theme }) => theme.minTarget};
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 0;
  background: none;
  color: var(--header-link, ${({ theme }) => theme.colors.accentText});
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &:focus-visible {
    outline-color: var(--header-focus, ${({ theme }) => theme.colors.focusRing});
  }
`;
