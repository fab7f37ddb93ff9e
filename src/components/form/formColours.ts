import type { DefaultTheme } from 'styled-components';

/**
 * The colours a form draws with, all taken from the venue theme, which derives each from the
 * venue's tokens so that text reaches 4.5:1 and control edges 3:1 against the page (WCAG 1.4.3,
 * 1.4.11). Controls sit on the page background rather than a fixed white or pink surface, so a
 * dark venue page cannot put light derived text on a light box.
 */
export type FormColours = {
  page: string;
  text: string;
  hint: string;
  controlBorder: string;
  errorText: string;
  errorBorder: string;
  focusRing: string;
  checked: string;
};

export function formColours(theme: DefaultTheme): FormColours {
  const { colors } = theme;
  return {
    page: colors.background,
    text: colors.text,
    hint: colors.textMuted,
    controlBorder: colors.border,
    errorText: colors.error,
    errorBorder: colors.error,
    focusRing: colors.focusRing,
    checked: colors.accentText,
  };
}
