import type { VenueTheme } from '@contract/venue';
import type { VenueConfig } from '@/config/venues';

/** The shop's own name: a brand, so the same in every locale. */
export const SHOP_NAME = 'Stagedoor';

/**
 * Stagedoor's own look for pages that belong to no one venue (What's on lists eight). Only
 * tokens: buildTheme derives every text and focus colour from them, as for a venue, and the
 * contrast test covers this theme beside the venues'.
 */
export const SHOP_THEME: VenueTheme = {
  accent: '#5b21b6',
  header: '#14121f',
  radius: 8,
};

const SHOP_LOGO = '/images/brand/stagedoor-logo.svg';

/**
 * The house venue dressed as the shop: its locale, clock, currency, support line and legal
 * pages stay (they are the deployment's), while name, logo, theme and wording are Stagedoor's.
 * The slug is the shop's, so no venue or brand text group is layered over the shop's wording.
 */
export function shopFrameVenue(house: VenueConfig): VenueConfig {
  const settings = { ...house.settings };
  delete settings.brand;
  return {
    theme: SHOP_THEME,
    logoUrl: SHOP_LOGO,
    settings: {
      ...settings,
      slug: 'stagedoor',
      name: SHOP_NAME,
      flags: { ...settings.flags, shouldStyleHeaderLogo: true, shouldRemoveLogoLink: false },
    },
  };
}
