import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { createIntl, type IntlShape } from 'react-intl';
import { afterEach } from 'vitest';
import enGB from '../../locales/en-GB.json';
import { getVenue } from '@/config/venues';
import { VenueIntlProvider } from '@/i18n/VenueIntlProvider';
import { VenueThemeProvider } from '@/theme/VenueThemeProvider';

/** Seat map components inside a venue's text and theme, as the tickets page renders them. */

afterEach(cleanup);

export function renderInVenue(ui: ReactElement, venueSlug = 'lumen-theatre') {
  const venue = getVenue(venueSlug);
  if (venue === undefined) throw new Error(`no venue ${venueSlug}`);
  return render(
    <VenueIntlProvider venue={venue}>
      <VenueThemeProvider venue={venue}>{ui}</VenueThemeProvider>
    </VenueIntlProvider>,
  );
}

/** The source catalogue in a venue's locale and currency conventions, for pure-function tests. */
export function testIntl(locale: 'en-GB' | 'en-US' = 'en-GB'): IntlShape {
  return createIntl({ locale, messages: enGB, timeZone: 'Europe/London' });
}
