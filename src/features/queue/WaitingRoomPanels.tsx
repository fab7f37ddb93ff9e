import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { QueueTicket } from '@contract/api/queue';
import { PrimaryButton } from '@/components/Button';
import { formatClock, queueProgress, remainingWaitSeconds } from './queueProgress';

/** The waiting room's three states: before the opening, waiting after the draw, admitted. */

export function PreQueue({
  ticket,
  opening,
  now,
}: {
  ticket: QueueTicket;
  opening: string;
  now: number;
}) {
  const secondsToOpening = Math.max(0, (Date.parse(ticket.opensAt) - now) / 1000);
  return (
    <>
      <Lead>
        <FormattedMessage id="queue.preQueue.opensAt" values={{ time: opening }} />
      </Lead>
      <Figures>
        <Figure>
          <dt>
            <FormattedMessage id="queue.preQueue.countdown" />
          </dt>
          <dd>
            <Clock data-testid="queue-opens-in">{formatClock(secondsToOpening)}</Clock>
          </dd>
        </Figure>
        <Figure>
          <dt>
            <FormattedMessage id="queue.total" />
          </dt>
          <dd>
            <FormattedNumber value={ticket.total} />
          </dd>
        </Figure>
      </Figures>
      <p>
        <FormattedMessage id="queue.preQueue.fair" />
      </p>
    </>
  );
}

export function Waiting({
  ticket,
  receivedAt,
  now,
}: {
  ticket: QueueTicket;
  receivedAt: number | null;
  now: number;
}) {
  const intl = useIntl();
  const progress = queueProgress(ticket) ?? 0;
  const wait = remainingWaitSeconds(ticket, receivedAt, now);
  const percent = Math.round(progress * 100);
  return (
    <>
      <Figures>
        <Figure>
          <dt>
            <FormattedMessage id="queue.waiting.place" />
          </dt>
          <dd>
            <Big data-testid="queue-place">
              <FormattedNumber value={ticket.place ?? 0} />
            </Big>
          </dd>
        </Figure>
        <Figure>
          <dt>
            <FormattedMessage id="queue.waiting.ahead" />
          </dt>
          <dd data-testid="queue-ahead">
            <FormattedNumber value={ticket.ahead ?? 0} />
          </dd>
        </Figure>
        <Figure>
          <dt>
            <FormattedMessage id="queue.waiting.estimate" />
          </dt>
          <dd>
            <Clock data-testid="queue-wait">{formatClock(wait ?? 0)}</Clock>
          </dd>
        </Figure>
      </Figures>
      <Bar
        role="progressbar"
        aria-label={intl.formatMessage({ id: 'queue.progress.label' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={intl.formatMessage({ id: 'queue.progress.value' }, { percent })}
      >
        <Fill style={{ inlineSize: `${percent}%` }} />
      </Bar>
    </>
  );
}

export function Admitted({
  place,
  live,
  refused,
  next,
}: {
  place: number | null;
  live: boolean;
  refused: boolean;
  next: string;
}) {
  return (
    <>
      <Lead>
        <FormattedMessage id="queue.admitted.heading" />
      </Lead>
      {place !== null && (
        <Figures>
          <Figure>
            <dt>
              <FormattedMessage id="queue.waiting.place" />
            </dt>
            <dd>
              <Big data-testid="queue-place">
                <FormattedNumber value={place} />
              </Big>
            </dd>
          </Figure>
        </Figures>
      )}
      {refused && live ? (
        <PrimaryButton as={Link} to={next} replace>
          <FormattedMessage id="queue.admitted.continue" />
        </PrimaryButton>
      ) : (
        <p>
          <FormattedMessage id={live ? 'queue.admitted.going' : 'queue.admitted.expired'} />
        </p>
      )}
    </>
  );
}

const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  font-weight: 600;
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]}px;
  margin: ${({ theme }) => theme.space[5]}px 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.h2};
    font-weight: 600;
  }
`;

const Figure = styled.div`
  min-inline-size: 9rem;
`;

const Big = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.h1};
`;

const Clock = styled.span`
  font-variant-numeric: tabular-nums;
`;

const Bar = styled.div`
  block-size: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Fill = styled.div`
  block-size: 100%;
  background: ${({ theme }) => theme.colors.accentText};
  transition: inline-size 0.6s ease;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
