import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { SIGN_IN_WARNING_SECONDS } from '@contract/api/constants';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { usePaths } from '@/config/usePaths';
import { releaseRequested, selectReservation } from '@/features/hold/reservationSlice';
import { selectPaymentInFlight } from '@/features/paymentStatus/paymentInFlight';
import { selectGuestIdleSeconds } from '@/features/session/sessionSlice';
import { guestTimedOut } from './authSlice';
import { TimeLeft } from './TimeLeft';

/** Activity moves the limit on at most this often: a key press need not re-render the page. */
const ACTIVITY_GRAIN_MS = 1_000;

/**
 * How long before the end the warning opens: as for members (two minutes), but never more than
 * half the limit, so a short one (GUEST_IDLE_SECONDS, at least 40 s) still leaves 20 s to answer.
 */
export function guestWarningMs(limitMs: number): number {
  return Math.min(SIGN_IN_WARNING_SECONDS * 1_000, limitMs / 2);
}

/**
 * Spec §4's "session timed out after inactivity" for a guest holding seats (issue 24), with the
 * members' rules (WCAG 2.2.1): the buyer's own activity (pointer or key) keeps the session; a
 * warning counts down before the end and one action carries on; at the limit the seats are let
 * go (on the server too, as any release), checkout gives way to the show's page and the time-out
 * dialog says why. A limit the hold's own deadline comes before is left to the hold's timer,
 * which warns and ends it itself; and a payment in flight is never cut short.
 */
export default function GuestIdleWatch() {
  const dispatch = useAppDispatch();
  const paths = usePaths();
  const navigate = useNavigate();
  const reservation = useAppSelector(selectReservation);
  const paying = useAppSelector(selectPaymentInFlight);
  const limitMs = useAppSelector(selectGuestIdleSeconds) * 1_000;
  const [lastActive, setLastActive] = useState(Date.now);
  const [warning, setWarning] = useState(false);
  const latest = useRef(lastActive);
  const { venueSlug, titleSlug, performanceId, expiresAt, clockOffsetMs } = reservation;
  const holdEnds = expiresAt === undefined ? null : Date.parse(expiresAt) - clockOffsetMs;
  const deadline = lastActive + limitMs;
  // Nothing to say when the hold's own deadline comes first, or while a payment is in flight.
  const watching = !paying && holdEnds !== null && deadline < holdEnds;

  useEffect(() => {
    // While the warning is open the buyer answers it; a stray key press must not answer for them.
    if (warning) return;
    const active = () => {
      const now = Date.now();
      if (now - latest.current < ACTIVITY_GRAIN_MS) return;
      latest.current = now;
      setLastActive(now);
    };
    document.addEventListener('pointerdown', active, { capture: true, passive: true });
    document.addEventListener('keydown', active, { capture: true, passive: true });
    return () => {
      document.removeEventListener('pointerdown', active, { capture: true });
      document.removeEventListener('keydown', active, { capture: true });
    };
  }, [warning]);

  useEffect(() => {
    if (!watching) return;
    const end = () => {
      const restartPath =
        venueSlug === undefined || titleSlug === undefined
          ? paths.home
          : performanceId === undefined
            ? paths.calendarPath(titleSlug, venueSlug)
            : paths.ticketsPath(titleSlug, venueSlug, performanceId);
      dispatch(releaseRequested({ reason: 'cancel' }));
      dispatch(guestTimedOut({ restartPath }));
      // What they typed must not stay on screen (the time-out is for their personal
      // information): checkout gives way to the show's page, under the dialog.
      void navigate(
        venueSlug === undefined || titleSlug === undefined
          ? paths.home
          : paths.showPath(titleSlug, venueSlug),
      );
    };
    const at = warning ? deadline : deadline - guestWarningMs(limitMs);
    const timer = window.setTimeout(
      warning ? end : () => setWarning(true),
      Math.max(0, at - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [
    dispatch,
    navigate,
    paths,
    deadline,
    limitMs,
    watching,
    warning,
    venueSlug,
    titleSlug,
    performanceId,
  ]);

  const carryOn = () => {
    const now = Date.now();
    latest.current = now;
    setLastActive(now);
    setWarning(false);
  };

  return (
    <Dialog
      open={warning && watching}
      role="alertdialog"
      title={<FormattedMessage id="auth.idle.title" />}
      actions={
        <PrimaryButton type="button" onClick={carryOn}>
          <FormattedMessage id="auth.guestIdle.stay" />
        </PrimaryButton>
      }
    >
      <p>
        <FormattedMessage
          id="auth.guestIdle.body"
          values={{ time: <TimeLeft deadline={deadline} /> }}
        />
      </p>
    </Dialog>
  );
}
