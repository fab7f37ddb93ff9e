import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { VenueConfig } from '@/config/venues';
import { buildTheme } from './buildTheme';

type Props = { venue: VenueConfig; children: ReactNode };

export function VenueThemeProvider({ venue, children }: Props) {
  const theme = useMemo(() => buildTheme(venue.theme), [venue.theme]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
