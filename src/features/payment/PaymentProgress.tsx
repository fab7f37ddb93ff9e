import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { MessageId } from '@/i18n/messageIds';

/**
 * Spec §4 "Payment wait": three progressive messages. Most card payments answer within a few
 * seconds; the provider is given up on after 30 s (PAYMENT_PROVIDER_TIMEOUT_MS), so the second
 * message comes when a wait stops being ordinary and the third while the answer is close.
 */
export const PROGRESS_STAGES: readonly { afterMs: number; id: MessageId }[] = [
  { afterMs: 0, id: 'payment.processing.first' },
  { afterMs: 8_000, id: 'payment.processing.second' },
  { afterMs: 20_000, id: 'payment.processing.third' },
];

/** Long enough for assistive technology to see a new live region before it speaks. */
const LIVE_REGION_SETTLE_MS = 100;

/**
 * The status region of a payment in flight: "Finalizing your order - Do not refresh or close
 * window" and the message of the moment. The region is always in the page (empty when nothing is
 * paying) so that screen readers announce what appears in it.
 */
export function PaymentProgress({ active }: { active: boolean }) {
  const intl = useIntl();
  // Screen readers announce what changes in a live region, not what it holds when it appears:
  // a page that is paying from its first render (/checkout/verify) puts the region in empty and
  // fills it once the browser has had a moment to register it.
  const [registered, setRegistered] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setRegistered(true), LIVE_REGION_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-label={intl.formatMessage({ id: 'payment.progress.region' })}>
      {active && registered ? <ProgressMessages /> : null}
    </div>
  );
}

function ProgressMessages() {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    const timers = PROGRESS_STAGES.slice(1).map(({ afterMs }, index) =>
      window.setTimeout(() => setStage(index + 1), afterMs),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const current = PROGRESS_STAGES[stage] ?? PROGRESS_STAGES[0]!;
  return (
    <Box>
      <Spinner aria-hidden="true" />
      <div>
        <Strong>
          <FormattedMessage id="payment.processing.finalizing" />
        </Strong>
        <Message>
          <FormattedMessage id={current.id} />
        </Message>
      </div>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[4]}px;
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.accentText};
  background: ${({ theme }) => theme.colors.surface};
`;

const Spinner = styled.span`
  flex: none;
  width: 24px;
  height: 24px;
  border: 3px solid ${({ theme }) => theme.colors.divider};
  border-top-color: ${({ theme }) => theme.colors.accentText};
  border-radius: 50%;
  animation: payment-spin 1s linear infinite;

  @keyframes payment-spin {
    to {
      transform: rotate(360deg);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Strong = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Message = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
`;
