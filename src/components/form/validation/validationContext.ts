import { homeCountryOf, type HomeCountry } from '@contract/address/countries';
import type { VenueConfig } from '@/config/venues';
import type { AppLocale } from '@/i18n/messageIds';

// The country rules are shared with the booking API (contract/address/).
export { homeCountryOf, type HomeCountry };

/**
 * What the checkout rules depend on. Schemas are built per venue and locale: the venue's region
 * picks postcode or ZIP rules, the default phone country and where tickets may be posted; the
 * locale only joins lists inside messages ("Visa or Mastercard").
 */
export type ValidationContext = {
  homeCountry: HomeCountry;
  locale: AppLocale;
  /** Venue setting `minVoucherNumberLength` (spec §3: 2 at some venues). */
  minVoucherNumberLength: number;
};

export function validationContextFor(venue: VenueConfig): ValidationContext {
  const { region, locale, flags } = venue.settings;
  return {
    homeCountry: homeCountryOf(region),
    locale,
    minVoucherNumberLength: flags.minVoucherNumberLength,
  };
}
