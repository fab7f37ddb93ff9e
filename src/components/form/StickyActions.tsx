import type { ReactNode } from 'react';
import styled, { createGlobalStyle } from 'styled-components';

/**
 * A step's Continue (or Pay): it stays at the bottom of the screen while the step is in view, as
 * the big box offices do, so the buyer who has chosen never hunts below the fold for it; past the
 * step it settles back in its place. At every width: extras and a US contacts form run past a
 * laptop's first screen too (tests/e2e/layout.test.ts).
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <>
      <KeepFocusClear />
      <Bar>{children}</Bar>
    </>
  );
}

/** The bar's height, kept clear below a focused field (WCAG 2.4.11: never hidden behind it). */
const BAR_CLEARANCE = '6rem';

const KeepFocusClear = createGlobalStyle`
  html {
    scroll-padding-bottom: ${BAR_CLEARANCE};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-top: ${({ theme }) => theme.space[5]}px;
  position: sticky;
  bottom: 0;
  z-index: 2;
  padding: ${({ theme }) => theme.space[3]}px 0;
  background: ${({ theme }) => theme.colors.background};
  /* The page's side padding is covered too, with a line above, so content scrolls under it. */
  box-shadow:
    ${({ theme }) => theme.space[4]}px 0 0 ${({ theme }) => theme.colors.background},
    -${({ theme }) => theme.space[4]}px 0 0 ${({ theme }) => theme.colors.background},
    0 -1px 0 ${({ theme }) => theme.colors.divider};
`;
