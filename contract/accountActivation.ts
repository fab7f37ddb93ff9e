/**
 * The account activation link (issue 5), shared by the customer-accounts service, which writes
 * it into the activation email, and the SPA page it opens. Zod-free so the SPA's router can
 * import it without the validation library.
 *
 * An account made from an order is the mailbox owner's only once the link sent to that mailbox
 * has been opened: the email typed on an order proves nothing by itself.
 */

/** The SPA page the email's link opens: `/account/verify?token=…&venue=…`. */
export const ACCOUNT_VERIFY_PATH = '/account/verify';

/** How long a link works. The email and the sign-up panel both say so. */
export const VERIFICATION_LINK_HOURS = 24;

/** The link's one-time token: 256 random bits as 43 base64url characters. */
export const VERIFICATION_TOKEN_PATTERN = /^[\w-]{43}$/;

export function isVerificationToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && VERIFICATION_TOKEN_PATTERN.test(value);
}

/**
 * The link's path and query. `venue` gives the page its venue's frame, wording and contact
 * details; the token is only ever sent on to the service in a request body.
 */
export function activationPath(token: string, venueSlug: string): string {
  return `${ACCOUNT_VERIFY_PATH}?${new URLSearchParams({ token, venue: venueSlug }).toString()}`;
}
