import type { VenueFlags, VenueSettings, VenueTheme } from '@contract/venue';

/**
 * `?cfg=<name>` overrides (spec §2): a theme or settings change kept for the session, used for
 * accessibility (high contrast) and for showing a venue without its styling in support calls.
 */
interface ConfigOverride {
  theme?: Partial<VenueTheme>;
  flags?: Partial<VenueFlags>;
}

export const CONFIG_OVERRIDES = {
  /** Black on white, the strongest contrast the theme can express. */
  'high-contrast': {
    theme: { accent: '#000000', header: '#000000', background: '#ffffff' },
  },
  plain: {
    flags: { shouldStyleHeaderLogo: false },
  },
} as const satisfies Record<string, ConfigOverride>;

export type ConfigOverrideName = keyof typeof CONFIG_OVERRIDES;

export function isConfigOverride(value: string): value is ConfigOverrideName {
  return Object.prototype.hasOwnProperty.call(CONFIG_OVERRIDES, value);
}

/** The venue with the named override on top; an unknown or missing name leaves it untouched. */
export function applyConfigOverride<V extends { settings: VenueSettings; theme: VenueTheme }>(
  venue: V,
  name: string | undefined,
): V {
  if (name === undefined || !isConfigOverride(name)) return venue;
  const override: ConfigOverride = CONFIG_OVERRIDES[name];
  return {
    ...venue,
    theme: { ...venue.theme, ...override.theme },
    settings: { ...venue.settings, flags: { ...venue.settings.flags, ...override.flags } },
  };
}
