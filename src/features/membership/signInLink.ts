import { ACCOUNT_PATHS, CATALOGUE_PATHS } from '@/config/paths';
import { RETURN_PARAM, accountPageHref } from '@/features/auth/authLinks';

/**
 * The sign-in page with the way back: after signing in the buyer lands where they were asked
 * (the presale, the offer they wanted to join), framed in the same venue.
 */
export function signInPath(returnTo: string, venueSlug: string): string {
  return accountPageHref(ACCOUNT_PATHS.signIn, venueSlug, returnTo);
}

export function signUpPath(returnTo: string, venueSlug: string): string {
  return accountPageHref(ACCOUNT_PATHS.signUp, venueSlug, returnTo);
}

/**
 * /membership in a venue's words; from the presale gate's "Subscribe now" with the performance
 * to come back to once joined.
 */
export function membershipPath(venueSlug: string, returnTo?: string): string {
  const query = new URLSearchParams({ venue: venueSlug });
  if (returnTo !== undefined) query.set(RETURN_PARAM, returnTo);
  return `${CATALOGUE_PATHS.membership}?${query.toString()}`;
}

export function subscriptionsPath(venueSlug: string): string {
  return `${CATALOGUE_PATHS.subscriptions}?${new URLSearchParams({ venue: venueSlug }).toString()}`;
}
