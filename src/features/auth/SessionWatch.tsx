import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import type { MessageId } from '@/i18n/messageIds';
import { watchAuthFlows } from './authSaga';
import { TimeLeft } from './TimeLeft';
import {
  guestRestarted,
  keepAliveRequested,
  selectAuth,
  signOutRequested,
  timeoutDialogClosed,
} from './authSlice';

/** Buyer activity keeps the sign-in alive, but sends at most one keep-alive in this long. */
export const ACTIVITY_KEEP_ALIVE_MS = 5 * 60_000;

function reloadPage() {
  window.location.reload();
}

/**
 * Keeps a member safe on a shared computer and in control of the time (WCAG 2.2.1): the buyer's
 * own activity (pointer or key) keeps the sign-in alive; two minutes before the idle limit an
 * alert dialog counts down and offers to stay signed in; at the limit the sign-in ends and the
 * spec's "Your session has timed out" says why, then an alert stays with "Refresh page".
 */
export default function SessionWatch() {
  useSagas([watchAuthFlows]);
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const signedIn = auth.account !== null;
  const warning = signedIn && auth.idleWarning;
  const deadline = warning ? auth.idleDeadline : null;
  // When the buyer's activity last sent a keep-alive; the watch starts right after a sign-in
  // or a read of it, so that counts as the first.
  const lastKeepAlive = useRef(0);

  useEffect(() => {
    // While the warning is open the buyer answers it; a stray key press must not answer for them.
    if (!signedIn || warning) return;
    if (lastKeepAlive.current === 0) lastKeepAlive.current = Date.now();
    const active = () => {
      const now = Date.now();
      if (now - lastKeepAlive.current < ACTIVITY_KEEP_ALIVE_MS) return;
      lastKeepAlive.current = now;
      dispatch(keepAliveRequested());
    };
    document.addEventListener('pointerdown', active, { capture: true, passive: true });
    document.addEventListener('keydown', active, { capture: true, passive: true });
    return () => {
      document.removeEventListener('pointerdown', active, { capture: true });
      document.removeEventListener('keydown', active, { capture: true });
    };
  }, [dispatch, signedIn, warning]);

  const stay = () => {
    lastKeepAlive.current = Date.now();
    dispatch(keepAliveRequested());
  };

  return (
    <>
      <Dialog
        open={warning}
        role="alertdialog"
        title={<FormattedMessage id="auth.idle.title" />}
        actions={
          <>
            <PrimaryButton type="button" onClick={stay}>
              <FormattedMessage id="auth.idle.stay" />
            </PrimaryButton>
            <SecondaryButton
              type="button"
              onClick={() => dispatch(signOutRequested({ reason: 'user' }))}
            >
              <FormattedMessage id="auth.idle.signOut" />
            </SecondaryButton>
          </>
        }
      >
        <p>
          <FormattedMessage
            id="auth.idle.body"
            values={{ time: deadline === null ? null : <TimeLeft deadline={deadline} /> }}
          />
        </p>
      </Dialog>
      {auth.guestRestart === null ? (
        <MemberTimedOut />
      ) : (
        <GuestTimedOut restartPath={auth.guestRestart} />
      )}
    </>
  );
}

/** The member's sign-in ended: the spec's time-out dialog, then the alert with "Refresh page". */
function MemberTimedOut() {
  return (
    <TimedOut
      action={{ label: 'session.timeout.refresh', run: reloadPage }}
      body={
        <p>
          <FormattedMessage id="session.timeout.body" />
        </p>
      }
      alertTitle="session.timeout.title"
    />
  );
}

/**
 * A guest's held seats timed out (GuestIdleWatch let them go): the spec's time-out dialog says
 * why and that the seats have gone, with "Start again" back to the performance's seats; once
 * closed, "Your session has expired" stays at the top of the window with the same way back.
 */
function GuestTimedOut({ restartPath }: { restartPath: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const restart = () => {
    dispatch(guestRestarted());
    void navigate(restartPath);
  };
  return (
    <TimedOut
      action={{ label: 'session.expired.restart', run: restart }}
      body={
        <>
          <p>
            <FormattedMessage id="session.timeout.body" />
          </p>
          <p>
            <FormattedMessage id="session.guestTimeout.released" />{' '}
            <FormattedMessage id="session.expired.body" />
          </p>
        </>
      }
      alertTitle="session.expired.title"
      alertText="session.expired.body"
    />
  );
}

/**
 * One time-out, member's or guest's: the spec's dialog ("Your session has timed out") with the
 * way on and Close; once closed, an alert at the top of the window keeps the same way on.
 */
function TimedOut({
  action,
  body,
  alertTitle,
  alertText,
}: {
  action: { label: MessageId; run: () => void };
  body: ReactNode;
  alertTitle: MessageId;
  alertText?: MessageId;
}) {
  const dispatch = useAppDispatch();
  const { timeout } = useAppSelector(selectAuth);
  const alertTitleId = useId();
  return (
    <>
      <Dialog
        open={timeout === 'dialog'}
        role="alertdialog"
        title={<FormattedMessage id="session.timeout.title" />}
        onDismiss={() => dispatch(timeoutDialogClosed())}
        actions={
          <>
            <PrimaryButton type="button" onClick={action.run}>
              <FormattedMessage id={action.label} />
            </PrimaryButton>
            <SecondaryButton type="button" onClick={() => dispatch(timeoutDialogClosed())}>
              <FormattedMessage id="auth.timeout.close" />
            </SecondaryButton>
          </>
        }
      >
        {body}
      </Dialog>
      {timeout === 'alert' &&
        createPortal(
          <TimedOutAlert aria-labelledby={alertTitleId}>
            <div role="alert">
              <AlertTitle id={alertTitleId}>
                <FormattedMessage id={alertTitle} />
              </AlertTitle>
              {alertText ? (
                <AlertText>
                  <FormattedMessage id={alertText} />
                </AlertText>
              ) : null}
              <PrimaryButton type="button" onClick={action.run}>
                <FormattedMessage id={action.label} />
              </PrimaryButton>
            </div>
          </TimedOutAlert>,
          document.body,
        )}
    </>
  );
}

/** A landmark of its own at the top of the window, so it is found whatever the page shows. */
const TimedOutAlert = styled.aside`
  position: fixed;
  inset: 0 0 auto;
  z-index: 50;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-bottom: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
  color: ${({ theme }) => theme.colors.text};

  > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]}px;
    max-width: ${({ theme }) => theme.maxContentWidth};
    margin: 0 auto;
  }
`;

const AlertTitle = styled.p`
  margin: 0;
  font-weight: 600;
`;

const AlertText = styled.p`
  margin: 0;
  flex: 1 1 16rem;
`;
