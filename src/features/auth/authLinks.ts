import { ACCOUNT_PATHS } from '@/config/paths';

/** Where the sign-in and sign-up pages send the buyer back to, carried in their address. */
export const RETURN_PARAM = 'returnTo';

/**
 * Never a way back: the sign-in pages themselves, and the pages an emailed one-time link opens
 * (activation, a new password, a changed email). Their token is spent on the first visit, so
 * going back to one after signing in would only say the link "has expired or has already been
 * used" about a link that worked.
 */
const NOT_RETURN_TARGETS: readonly string[] = [
  ACCOUNT_PATHS.signIn,
  ACCOUNT_PATHS.signUp,
  ACCOUNT_PATHS.resetPassword,
  ACCOUNT_PATHS.resetPasswordComplete,
  ACCOUNT_PATHS.verify,
  ACCOUNT_PATHS.confirmEmail,
];

/**
 * A path inside the shop to go back to, or null: only a same-origin path (`/x`, never `//host`
 * or `/\host`, which browsers read as another site), never a sign-in page itself nor a
 * one-time link's page.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (value === null || value === undefined || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  const pathname = value.split(/[?#]/)[0] ?? '';
  return NOT_RETURN_TARGETS.includes(pathname) ? null : value;
}

/** An account page's address framed as `venueSlug`, coming back to `returnTo` afterwards. */
export function accountPageHref(path: string, venueSlug: string, returnTo?: string | null): string {
  const query = new URLSearchParams({ venue: venueSlug });
  const back = safeReturnPath(returnTo);
  if (back !== null) query.set(RETURN_PARAM, back);
  return `${path}?${query.toString()}`;
}
