import { createGlobalStyle } from 'styled-components';

/** Page-wide base: box model, type, a focus ring that is always visible, and reduced motion. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.body};
    line-height: ${({ theme }) => theme.lineHeights.body};
  }

  h1, h2, h3, h4 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: ${({ theme }) => theme.lineHeights.heading};
  }

  a {
    color: ${({ theme }) => theme.colors.accentText};
    text-underline-offset: 0.15em;
  }

  img, svg {
    max-width: 100%;
  }

  button, input, select, textarea {
    font: inherit;
  }

  :focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  /* The main landmark takes programmatic focus from the skip link; no ring for a non-control. */
  [tabindex='-1']:focus {
    outline: none;
  }

  .visually-hidden:not(:focus):not(:active) {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    padding: 0 !important;
    margin: -1px !important;
    overflow: hidden !important;
    clip: rect(0 0 0 0) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
