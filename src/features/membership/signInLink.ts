import { ACCOUNT_PATHS, CATALOGUE_PATHS } from '@/config/paths';

/**
 * The sign-in page with the way back: after signing in the buyer lands where they were asked
 * (the presale, the offer they wanted to join), framed in the same venue.
 */
export function signInPath(returnTo: string, venueSlug: string): string {
  return `${ACCOUNT_PATHS.signIn}?${new URLSearchParams({ venue: venueSlug, returnTo }).toString()}`;
}

export function signUpPath(returnTo: string, venueSlug: string): string {
  return `${ACCOUNT_PATHS.signUp}?${new URLSearchParams({ venue: venueSlug, returnTo }).toString()}`;
}

/** /membership in a venue's words (the presale gate's "Subscribe now"). */
export function membershipPath(venueSlug: string): string {
  return `${CATALOGUE_PATHS.membership}?${new URLSearchParams({ venue: venueSlug }).toString()}`;
}

export function subscriptionsPath(venueSlug: string): string {
  return `${CATALOGUE_PATHS.subscriptions}?${new URLSearchParams({ venue: venueSlug }).toString()}`;
}
