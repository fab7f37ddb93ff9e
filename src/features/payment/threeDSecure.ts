import type { BrowserData } from '@contract/api/payment';
import { browserLanguageTag } from '@contract/browserLanguage';

/*
 * What the 3-D Secure hand-off needs of the browser, for the order's payment and the ATG+
 * purchase alike: the fraud-prevention data sent with the pay request, and the way the shop
 * sends the browser to the bank's pages.
 */

function clamp(value: number, min: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

/**
 * The fraud-prevention data of the pay request (spec §3 "fraud-prevention params"): the 3-D
 * Secure 2 browser fields only the page can see. The booking API adds the user agent, Accept
 * header and address itself. Read at the moment of paying, so a rotated phone reports its
 * screen as it is then.
 */
export function collectBrowserData(): BrowserData {
  // A POSIX-style report (`en-US@posix`) still names the buyer's language; only a browser that
  // names none sends a safe 'en' (the contract requires the field).
  return {
    language: browserLanguageTag(navigator.language) ?? 'en',
    colorDepth: clamp(window.screen.colorDepth, 1, 64, 24),
    screenWidth: clamp(window.screen.width, 0, 100_000, 0),
    screenHeight: clamp(window.screen.height, 0, 100_000, 0),
    timeZoneOffset: clamp(new Date().getTimezoneOffset(), -840, 840, 0),
  };
}

/**
 * Full-page navigation to another site (the bank's 3-D Secure pages). An object rather than a
 * bare function so that tests can watch where the shop sends the browser: jsdom's
 * `window.location.assign` cannot be replaced.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
