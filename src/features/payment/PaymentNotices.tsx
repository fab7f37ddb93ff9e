import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import { CHECKOUT_PATHS } from '@/config/paths';
import type { VenueConfig } from '@/config/venues';
import { SupportPhone } from './checkoutVenue';
import type { PaymentProblem } from './paymentSlice';

/**
 * A problem block that takes focus when it appears, so keyboard and screen-reader users land on
 * what went wrong instead of a Pay button that seemed to do nothing. Moving focus there makes
 * screen readers read it; an alert role as well would have it read twice.
 */
function FocusedAlert({ children, tone }: { children: ReactNode; tone: 'error' | 'warning' }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} $tone={tone}>
      {children}
    </Alert>
  );
}

/** make-payment's retry alert: the answer was lost; "Try again" sends the payment again. */
export function RetryAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <FocusedAlert tone="warning">
      <p>
        <FormattedMessage id="payment.retry.alert" />
      </p>
      <SecondaryButton type="button" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </SecondaryButton>
    </FocusedAlert>
  );
}

type ProblemProps = {
  problem: PaymentProblem;
  venue: VenueConfig;
  /** Issue 24: takes the used single-use code off the basket (offered with that problem only). */
  onPayWithoutPromo?: () => void;
};

/**
 * A failure told on the payment page itself, where the buyer can try another card at once: a
 * decline or a time-out (the spec's payment-failed and payment-timeout copy), no payment options,
 * or details the server found incomplete. Card-field refusals are told beside their fields.
 */
export function PaymentProblemNotice({ problem, venue, onPayWithoutPromo }: ProblemProps) {
  const phone = <SupportPhone venue={venue} />;
  switch (problem) {
    case 'declined':
      return (
        <FocusedAlert tone="error">
          <Title>
            <FormattedMessage id="payment.failed.title" />
          </Title>
          <p>
            <FormattedMessage id="payment.failed.subtitle" />
          </p>
          <p>
            <FormattedMessage id="payment.failed.notCharged" values={{ phone }} />
          </p>
        </FocusedAlert>
      );
    case 'timedOut':
      return (
        <FocusedAlert tone="error">
          <Title>
            <FormattedMessage id="payment.timeout.title" />
          </Title>
          <p>
            <FormattedMessage id="payment.timeout.body" />
          </p>
          <p>
            <FormattedMessage id="payment.timeout.advice" values={{ phone }} />
          </p>
        </FocusedAlert>
      );
    case 'noOptions':
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="payment.noOptions" />
          </p>
          <p>
            <FormattedMessage id="payment.help.phone" values={{ phone }} />
          </p>
        </FocusedAlert>
      );
    case 'detailsIncomplete':
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="payment.detailsIncomplete" />
          </p>
          <Link to={CHECKOUT_PATHS.collection}>
            <FormattedMessage id="payment.detailsIncomplete.link" />
          </Link>
        </FocusedAlert>
      );
    case 'walletDeclined':
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="payment.wallet.declined" />
          </p>
        </FocusedAlert>
      );
    case 'paypalCancelled':
      return (
        <FocusedAlert tone="warning">
          <Title>
            <FormattedMessage id="paypal.cancelled.title" />
          </Title>
          <p>
            <FormattedMessage id="paypal.cancelled.body" />
          </p>
        </FocusedAlert>
      );
    case 'amountDueChanged':
      return (
        <FocusedAlert tone="warning">
          <p>
            <FormattedMessage id="paymentMethods.amountDueChanged" />
          </p>
        </FocusedAlert>
      );
    case 'methodUnavailable':
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="paymentMethods.methodUnavailable" />
          </p>
        </FocusedAlert>
      );
    case 'promoSingleUse':
      // Spec §8's single-use promo error kind (issue 24), with what the buyer can do now.
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="promo.error.singleUse" />
          </p>
          <p>
            <FormattedMessage id="payment.promoSingleUse.advice" values={{ phone }} />
          </p>
          {onPayWithoutPromo !== undefined ? (
            <SecondaryButton type="button" onClick={onPayWithoutPromo}>
              <FormattedMessage id="payment.promoSingleUse.payWithout" />
            </SecondaryButton>
          ) : null}
        </FocusedAlert>
      );
    case 'general':
      return (
        <FocusedAlert tone="error">
          <p>
            <FormattedMessage id="payment.retry.alert" />
          </p>
        </FocusedAlert>
      );
    default:
      return null;
  }
}

/**
 * The basket can be paid no way at all (nothing usable is left while money is due): the spec's
 * "no payment options" words with the venue's phone, and no Pay button. Not focused: it is what
 * the step shows on arrival, not the answer to a press.
 */
export function NoPaymentMethods({ venue }: { venue: VenueConfig }) {
  return (
    <Alert $tone="error">
      <p>
        <FormattedMessage id="payment.noOptions" />
      </p>
      <p>
        <FormattedMessage
          id="payment.help.phone"
          values={{ phone: <SupportPhone venue={venue} /> }}
        />
      </p>
    </Alert>
  );
}

const Alert = styled.div<{ $tone: 'error' | 'warning' }>`
  margin-bottom: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) =>
    $tone === 'error' ? theme.colors.errorSurface : theme.colors.warningSurface};

  p:first-child {
    margin-top: 0;
  }

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;
