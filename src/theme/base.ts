/**
 * The fixed accessible base every venue shares. Venue tokens only add an accent, header band,
 * background, fonts and corner radius on top; everything here is checked against the venue's
 * background in buildTheme so it stays AA whatever the venue picks.
 */
export const BASE = {
  colors: {
    background: '#ffffff',
    surface: '#f5f5f4',
    text: '#1a1a1a',
    textMuted: '#595959',
    border: '#767676',
    divider: '#d6d6d6',
    error: '#b3261e',
    errorSurface: '#fdecea',
    success: '#1e6b34',
    successSurface: '#e7f4ea',
    warning: '#8a5300',
    warningSurface: '#fff4e0',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  /** rem sizes; body text never below 1rem. */
  fontSizes: {
    small: '0.875rem',
    body: '1rem',
    large: '1.125rem',
    h3: '1.25rem',
    h2: '1.5rem',
    h1: '2rem',
  },
  lineHeights: { body: 1.5, heading: 1.2 },
  /** 4px scale: space(0)…space(8). */
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  breakpoints: { sm: '36em', md: '48em', lg: '64em', xl: '80em' },
  focusRingWidth: '3px',
  /** WCAG 2.5.8: targets at least 24px; we use 44px for primary controls. */
  minTarget: '44px',
  radius: 4,
  maxContentWidth: '72rem',
} as const;
