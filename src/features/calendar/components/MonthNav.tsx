import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';

type Props = {
  /** `YYYY-MM`, or null while the first month is still being found. */
  month: string | null;
  canGoBack: boolean;
  canGoForward: boolean;
  onStep: (step: -1 | 1) => void;
  headingId: string;
};

/** "March 2026" in the venue's language; the date is built in UTC so no zone can shift it. */
export function useMonthName(month: string | null): string | null {
  const intl = useIntl();
  if (month === null) return null;
  const [year, number] = month.split('-').map(Number) as [number, number];
  return intl.formatDate(Date.UTC(year, number - 1, 1), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Previous and next month around the month's name. Beyond the run's first or last month the
 * buttons stay focusable but do nothing (aria-disabled), so a keyboard user pressing "Next"
 * repeatedly never has their focus dropped onto the page.
 */
export function MonthNav({ month, canGoBack, canGoForward, onStep, headingId }: Props) {
  const intl = useIntl();
  const name = useMonthName(month);
  return (
    <Nav aria-label={intl.formatMessage({ id: 'calendar.month.navigation' })}>
      <StepButton type="button" aria-disabled={!canGoBack} onClick={() => canGoBack && onStep(-1)}>
        {intl.formatMessage({ id: 'calendar.month.previous' })}
      </StepButton>
      {/* Until the first month is known there is no name, and an empty heading says nothing. */}
      {name === null ? (
        <MonthName as="div" aria-hidden="true" />
      ) : (
        <MonthName id={headingId} aria-live="polite">
          {name}
        </MonthName>
      )}
      <StepButton
        type="button"
        aria-disabled={!canGoForward}
        onClick={() => canGoForward && onStep(1)}
      >
        {intl.formatMessage({ id: 'calendar.month.next' })}
      </StepButton>
    </Nav>
  );
}

/**
 * On a phone the month's name has a row of its own above the two buttons: side by side, the
 * name and both buttons need about 420 px and pushed "Next month" off a 390 px screen.
 */
const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-block: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[3]}px;
`;

const MonthName = styled.h2`
  margin: 0;
  min-width: 8em;
  min-height: 1.2em;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.h2};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    order: -1;
    flex-basis: 100%;
    min-width: 0;
  }
`;

const StepButton = styled(SecondaryButton)`
  padding: 0 ${({ theme }) => theme.space[3]}px;

  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
