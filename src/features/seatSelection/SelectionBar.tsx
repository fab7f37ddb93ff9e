import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { MessageId } from '@/i18n/messageIds';
import { PrimaryButton } from '@/components/Button';

type Props = {
  /** What is chosen, in a few words (and, if need be, a disclosure with the full list). */
  summary: ReactNode;
  /** The chosen places' all-in total, e.g. "2 seats: £175". */
  total: ReactNode;
  action: MessageId;
  busy: boolean;
  onAction: () => void;
  /** Submits this form instead of calling `onAction` (best available keeps its fields there). */
  form?: string;
  /** What the last press caused (seat limit, a refused hold, "Reserving…"), beside the button. */
  messages: ReactNode;
};

/**
 * The choice and its one next step, kept in view at the foot of the window on every width as
 * the big box offices do: the buyer never scrolls to find Reserve, and what a press caused is
 * said where they pressed. The page keeps focused controls clear of it (scroll padding).
 */
export function SelectionBar({ summary, total, action, busy, onAction, form, messages }: Props) {
  const ref = useRef<HTMLElement>(null);
  useKeepFocusClear(ref);
  return (
    <Bar ref={ref} aria-labelledby="seat-selection-heading">
      <h2 id="seat-selection-heading" className="visually-hidden">
        <FormattedMessage id="tickets.selection.heading" />
      </h2>
      <Messages>{messages}</Messages>
      <Row>
        <Summary>{summary}</Summary>
        <Total aria-live="polite">{total}</Total>
        <PrimaryButton
          type={form === undefined ? 'button' : 'submit'}
          form={form}
          aria-disabled={busy}
          onClick={(event) => {
            if (busy) event.preventDefault();
            else if (form === undefined) onAction();
          }}
        >
          <FormattedMessage id={action} />
        </PrimaryButton>
      </Row>
    </Bar>
  );
}

/**
 * A control scrolled into view by Tab must not land under the bar (WCAG 2.4.11): the page's
 * scroll padding follows the bar's height while the bar is on screen.
 */
function useKeepFocusClear(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    const root = document.documentElement;
    if (bar === null || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [ref]);
}

const Bar = styled.section`
  position: sticky;
  bottom: 0;
  z-index: 10;
  margin-top: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: 0 -4px 16px rgb(0 0 0 / 12%);
`;

const Messages = styled.div`
  &:empty {
    display: none;
  }

  > *:not(:empty) {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

/**
 * Phones: the total and the button on one line (the button under the total on the narrowest),
 * the seat details beneath; wider screens: everything on one line, the seats first.
 */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};

  > button {
    order: 2;
    margin-left: auto;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    flex-wrap: nowrap;
    gap: ${({ theme }) => theme.space[4]}px;
  }
`;

const Summary = styled.div`
  order: 3;
  flex: 1 0 100%;
  min-width: 0;

  &:empty {
    display: none;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    order: 0;
    flex: 1 1 auto;
  }
`;

const Total = styled.p`
  order: 1;
  margin: 0;
  white-space: nowrap;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;
