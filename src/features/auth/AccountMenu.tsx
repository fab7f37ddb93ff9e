import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { AccountSummary } from '@contract/api/auth';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { ACCOUNT_PATHS } from '@/config/paths';
import { accountPageHref } from './authLinks';
import { watchAuthFlows } from './authSaga';
import { selectAuth, signOutRequested } from './authSlice';

type Props = {
  id: string;
  venueSlug: string;
  account: AccountSummary;
  /** Closes the menu; the header puts focus back on its button. */
  onClose: () => void;
};

/**
 * The member's menu under "My account": who is signed in, the account pages, and Sign out,
 * which asks first in the spec's words (prices and seats may change) and only then ends the
 * session. Escape or a click elsewhere closes it.
 */
export default function AccountMenu({ id, venueSlug, account, onClose }: Props) {
  useSagas([watchAuthFlows]);
  const dispatch = useAppDispatch();
  const { signOut } = useAppSelector(selectAuth);
  const [confirming, setConfirming] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (confirming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const anchor = panel.current?.parentElement;
      if (target !== null && anchor?.contains(target) !== true) close.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [confirming]);

  const busy = signOut.status === 'loading';
  return (
    <Panel id={id} ref={panel}>
      <Who>
        <FormattedMessage id="auth.menu.signedInAs" values={{ email: account.email }} />
      </Who>
      <Items>
        <li>
          <Link to={accountPageHref(ACCOUNT_PATHS.account, venueSlug)} onClick={onClose}>
            <FormattedMessage id="auth.menu.account" />
          </Link>
        </li>
        <li>
          <Link to={accountPageHref(ACCOUNT_PATHS.security, venueSlug)} onClick={onClose}>
            <FormattedMessage id="auth.menu.security" />
          </Link>
        </li>
        <li>
          <SignOutButton type="button" onClick={() => setConfirming(true)}>
            <FormattedMessage id="auth.menu.signOut" />
          </SignOutButton>
        </li>
      </Items>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={<FormattedMessage id="auth.signOut.confirm.title" />}
        onDismiss={() => setConfirming(false)}
        actions={
          <>
            <SecondaryButton type="button" onClick={() => setConfirming(false)}>
              <FormattedMessage id="auth.signOut.confirm.cancel" />
            </SecondaryButton>
            <PrimaryButton
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) dispatch(signOutRequested({ reason: 'user' }));
              }}
            >
              <FormattedMessage id="auth.signOut.confirm.signOut" />
            </PrimaryButton>
          </>
        }
      >
        <p>
          <FormattedMessage id="auth.signOut.confirm.body" />
        </p>
        {signOut.status === 'failed' && (
          <p role="alert">
            <FormattedMessage id="auth.signOut.failed" />
          </p>
        )}
      </Dialog>
    </Panel>
  );
}

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space[1]}px);
  z-index: 20;
  min-width: 16rem;
  max-width: calc(100vw - 2rem);
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 4px 16px rgb(0 0 0 / 20%);
`;

const Who = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: flex;
    align-items: center;
    min-height: ${({ theme }) => theme.minTarget};
  }
`;

const SignOutButton = styled.button`
  min-height: ${({ theme }) => theme.minTarget};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;
`;
