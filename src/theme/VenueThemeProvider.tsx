import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { VenueConfig } from '@/config/venues';
import { useVenueTheme } from './useVenueTheme';

type Props = { venue: VenueConfig; children: ReactNode };

export function VenueThemeProvider({ venue, children }: Props) {
  const theme = useVenueTheme(venue.theme);
  // Only a theme no build has seen waits (a few ms, one lazy chunk); registry venues never do.
  if (theme === undefined) return null;
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
