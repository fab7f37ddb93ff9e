import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import styled, { ThemeProvider } from 'styled-components';
import type { QueueTicket } from '@contract/api/queue';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { usePaths } from '@/config/usePaths';
import { useNow } from '@/features/hold/useNow';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { getVenue } from '@/config/venues';
import { formatPerformanceDate } from '@/i18n/format';
import type { MessageId } from '@/i18n/messageIds';
import { buildTheme } from '@/theme/buildTheme';
import { queueThemeTokens } from '@/theme/queueThemes';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { watchQueue } from './queueSaga';
import {
  followAborted,
  hasLivePass,
  joinRequested,
  passRefusalSeen,
  selectSaleTicket,
  selectVenueQueue,
  settingsRequested,
  type QueueError,
} from './queueSlice';
import { Admitted, PreQueue, Waiting } from './WaitingRoomPanels';
import { safeNextPath } from './queuePaths';
import { usePoliteAnnouncement } from './usePoliteAnnouncement';

const QUEUE_SAGAS = [watchQueue];

const ERROR_MESSAGES: Record<QueueError, MessageId> = {
  connection: 'queue.error.connection',
  rateLimited: 'queue.error.rateLimited',
  notFound: 'queue.error.notFound',
  general: 'queue.error.connection',
};

/** "Thu, 26 November 2026, 10:00 EST": the opening in the venue's time zone, zone named. */
function formatOpening(intl: IntlShape, instant: string): string {
  const time = intl.formatTime(instant, {
    timeZone: intl.timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${formatPerformanceDate(intl, instant)}, ${time}`;
}

/** The one sentence a screen reader hears about the place, now and then (not every tick). */
function announcement(intl: IntlShape, ticket: QueueTicket | null, opening: string | null) {
  if (ticket === null) return '';
  if (ticket.phase === 'admitted') return intl.formatMessage({ id: 'queue.admitted.heading' });
  if (ticket.phase === 'preQueue' || ticket.place === null)
    return intl.formatMessage({ id: 'queue.preQueue.opensAt' }, { time: opening ?? '' });
  return intl.formatMessage(
    { id: 'queue.announce.waiting' },
    {
      place: ticket.place,
      ahead: ticket.ahead ?? 0,
      minutes: Math.ceil((ticket.estimatedWaitSeconds ?? 0) / 60),
    },
  );
}

/**
 * /queue/:saleId?venue=…&next=…: the waiting room, in the venue's queue theme. Before the
 * opening it is a pre-queue with a countdown to the draw; then it shows the place, the number
 * ahead, a counted-down estimate and a progress bar, refreshed by the queue flow without a
 * reload. The place is the session's (the server keeps one per session), so a reload or a
 * second tab shows the same one. Admitted, the buyer goes straight on to where they were
 * heading — unless a hold was just refused for want of a pass, when they choose to go on.
 */
export default function WaitingRoomPage() {
  useSagas(QUEUE_SAGAS);
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const paths = usePaths();
  const { saleId = '' } = useParams();
  const [params] = useSearchParams();
  const { venueSlug, region } = useRequiredRouteTarget();
  const venue = getVenue(venueSlug);
  const next = safeNextPath(params.get('next')) ?? paths.home;
  const refused = params.get('refused') === '1';
  const venueQueue = useAppSelector((state) => selectVenueQueue(state, venueSlug));
  const saleTicket = useAppSelector((state) => selectSaleTicket(state, saleId));
  const ticket = saleTicket?.ticket ?? null;
  const sale = venueQueue?.settings?.sales.find((candidate) => candidate.saleId === saleId);
  const queueName =
    sale?.name ?? venueQueue?.settings?.defaultQueueName ?? venue?.settings.queue.defaultQueueName;
  const now = useNow(1000, ticket !== null && ticket.phase !== 'admitted');
  const admitted = hasLivePass(ticket, now);

  const theme = useMemo(
    () =>
      venue === undefined
        ? undefined
        : buildTheme(queueThemeTokens(venue.theme, venue.settings.queue.theme)),
    [venue],
  );
  useDocumentTitle(intl.formatMessage({ id: 'queue.title' }));

  useEffect(() => {
    if (venueQueue === undefined) dispatch(settingsRequested({ region, venueSlug }));
  }, [dispatch, region, venueQueue, venueSlug]);

  useEffect(() => {
    dispatch(passRefusalSeen());
    dispatch(joinRequested({ region, saleId }));
    return () => {
      dispatch(followAborted({ saleId }));
    };
  }, [dispatch, region, saleId]);

  useEffect(() => {
    if (admitted && !refused) void navigate(next, { replace: true });
  }, [admitted, navigate, next, refused]);

  const opening = ticket === null ? null : formatOpening(intl, ticket.opensAt);
  const stage = saleTicket?.error ?? ticket?.phase ?? 'joining';
  const spoken = usePoliteAnnouncement(announcement(intl, ticket, opening), stage);

  if (theme === undefined) return null;
  return (
    <ThemeProvider theme={theme}>
      <Room aria-labelledby="queue-name">
        <PageHeading subheading={<FormattedMessage id="queue.subheading" />}>
          <span id="queue-name">{queueName}</span>
        </PageHeading>
        <VisuallyHidden role="status" aria-live="polite">
          {spoken}
        </VisuallyHidden>
        {refused && (
          <Notice role="alert">
            <FormattedMessage id="queue.refused" />
          </Notice>
        )}
        {saleTicket?.error != null && (
          <Notice>
            <FormattedMessage id={ERROR_MESSAGES[saleTicket.error]} />
          </Notice>
        )}
        {ticket === null ? (
          <p>
            <FormattedMessage id="queue.joining" />
          </p>
        ) : ticket.phase === 'admitted' ? (
          <Admitted place={ticket.place} live={admitted} refused={refused} next={next} />
        ) : ticket.phase === 'preQueue' || ticket.place === null ? (
          <PreQueue ticket={ticket} opening={opening ?? ''} now={now} />
        ) : (
          <Waiting ticket={ticket} receivedAt={saleTicket?.receivedAt ?? null} now={now} />
        )}
        <Small>
          <FormattedMessage id="queue.keepOpen" />
        </Small>
      </Room>
    </ThemeProvider>
  );
}

const Room = styled.section`
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space[6]}px ${({ theme }) => theme.space[5]}px;
  font-family: ${({ theme }) => theme.fonts.body};

  h1 {
    font-family: ${({ theme }) => theme.fonts.heading};
  }

  a:focus-visible,
  h1:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Notice = styled.p`
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.text};
  border-inline-start: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
`;

const Small = styled.p`
  margin-block-start: ${({ theme }) => theme.space[5]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
