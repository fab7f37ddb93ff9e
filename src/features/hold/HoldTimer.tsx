import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { HOLD_EXTENSION_MINUTES } from '@contract/api/constants';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { extendRequested, millisecondsLeft, selectReservation } from './reservationSlice';
import { formatCountdown, useNow } from './useNow';

/** The warning (with its one-action extend) opens this long before the deadline (WCAG 2.2.1). */
export const WARNING_MS = 2 * 60_000;
/** Screen readers hear the time left only at these marks, not every second. */
const ANNOUNCE_AT_MINUTES = [5, 2, 1];

/**
 * The basket's countdown, shown on every step while seats are held: minutes:seconds, a warning
 * with "Add 5 more minutes" before the end, and the reason when no more time can be added.
 */
export function HoldTimer() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const reservation = useAppSelector(selectReservation);
  const active = reservation.status === 'held';
  const now = useNow(1000, active);
  const region = useRef<HTMLDivElement>(null);
  const [justExtended, setJustExtended] = useState(false);
  const extensionsLeft = reservation.hold?.extensionsLeft;
  const previousExtensions = useRef(extensionsLeft);
  // The extend button goes with the warning it sat in: keep focus in the timer region and say
  // what happened, rather than dropping a keyboard user at the top of the page.
  useEffect(() => {
    const extendedNow =
      extensionsLeft !== undefined &&
      previousExtensions.current !== undefined &&
      extensionsLeft < previousExtensions.current;
    previousExtensions.current = extensionsLeft;
    if (!extendedNow) return;
    setJustExtended(true);
    region.current?.focus();
    const timer = window.setTimeout(() => setJustExtended(false), 10_000);
    return () => window.clearTimeout(timer);
  }, [extensionsLeft]);
  if (!active || reservation.expiresAt === undefined) return null;

  const remaining = millisecondsLeft(reservation, now);
  const minutesLeft = Math.ceil(remaining / 60_000);
  const warn = remaining <= WARNING_MS;
  const canExtend = (reservation.hold?.extensionsLeft ?? 0) > 0;
  const announce = ANNOUNCE_AT_MINUTES.includes(minutesLeft) && remaining % 60_000 > 58_000;
  const time = formatCountdown(remaining);

  return (
    <Bar
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={intl.formatMessage({ id: 'reservation.timer.region' })}
      $warn={warn}
    >
      {/* role=timer is not live by default: the ticking digits are for eyes only. */}
      <span role="timer">
        <FormattedMessage id="reservation.timer.label" values={{ time: <Time>{time}</Time> }} />
      </span>
      <VisuallyHidden aria-live="polite">
        {justExtended ? (
          <FormattedMessage
            id="reservation.timer.extended"
            values={{ minutes: HOLD_EXTENSION_MINUTES }}
          />
        ) : announce ? (
          <FormattedMessage id="reservation.timer.announce" values={{ minutes: minutesLeft }} />
        ) : null}
      </VisuallyHidden>
      {warn ? (
        <Warning role="alert">
          <FormattedMessage id="reservation.timer.warning" values={{ minutes: minutesLeft }} />{' '}
          {canExtend ? (
            <SecondaryButton
              type="button"
              disabled={reservation.pending === 'extend'}
              onClick={() => dispatch(extendRequested())}
            >
              <FormattedMessage
                id="reservation.timer.extend"
                values={{ minutes: HOLD_EXTENSION_MINUTES }}
              />
            </SecondaryButton>
          ) : (
            <FormattedMessage id="reservation.timer.noMoreExtensions" />
          )}
        </Warning>
      ) : null}
      {reservation.error === 'extensionLimit' ? (
        <p role="alert">
          <FormattedMessage id="reservation.timer.noMoreExtensions" />
        </p>
      ) : null}
    </Bar>
  );
}

const Bar = styled.div<{ $warn: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid
    ${({ theme, $warn }) => ($warn ? theme.colors.warning : theme.colors.accentText)};
  background: ${({ theme, $warn }) => ($warn ? theme.colors.warningSurface : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
`;

const Time = styled.strong`
  font-variant-numeric: tabular-nums;
`;

const Warning = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  width: 100%;
`;
