/**
 * The links the account emails carry (issue 14), shared by the services that write them and the
 * SPA pages they open (src/config/paths.ts ACCOUNT_PATHS names the same paths). Zod-free, like
 * contract/accountActivation.ts. Every page takes `?venue=<slug>` for its venue's frame; tokens
 * travel only in the query, and the page sends them on only in a request body.
 */

export const SIGN_IN_PATH = '/sign-in';
export const RESET_PASSWORD_PATH = '/reset-password';
/** Where the emailed reset link lands. */
export const RESET_PASSWORD_COMPLETE_PATH = '/reset-password/new';
/** Where the emailed link that confirms a new email address lands. */
export const CONFIRM_EMAIL_PATH = '/account/email/confirm';

function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

export const signInPath = (venueSlug: string) => withQuery(SIGN_IN_PATH, { venue: venueSlug });

export const resetPasswordPath = (venueSlug: string) =>
  withQuery(RESET_PASSWORD_PATH, { venue: venueSlug });

export const resetPasswordCompletePath = (token: string, venueSlug: string) =>
  withQuery(RESET_PASSWORD_COMPLETE_PATH, { token, venue: venueSlug });

export const confirmEmailPath = (token: string, venueSlug: string) =>
  withQuery(CONFIRM_EMAIL_PATH, { token, venue: venueSlug });
