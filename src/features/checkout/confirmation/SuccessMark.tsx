import styled from 'styled-components';

/**
 * A tick in a circle before the confirmation's heading: the first thing a buyer looks for after
 * paying. Decorative (the heading says it in words), so hidden from assistive technology.
 */
export function SuccessMark() {
  return (
    <Mark viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      <path
        d="M6.5 12.5l3.5 3.5 7.5-8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Mark>
  );
}

const Mark = styled.svg`
  width: 1.1em;
  height: 1.1em;
  margin-inline-end: 0.35em;
  vertical-align: -0.15em;
  color: ${({ theme }) => theme.colors.success};
`;
