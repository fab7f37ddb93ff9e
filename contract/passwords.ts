/**
 * Account password rules (NIST SP 800-63B: length over composition), shared by the sign-up
 * panel (its yup messages) and the customer-accounts service (which has the last word). Zod-free
 * so the SPA can import the values.
 *
 * No "one digit, one symbol" rules and no forced changes: length is what makes a password hard
 * to guess, so the only other refusals are the words an attacker tries first: the buyer's own
 * email name, and (issue 14) the shipped list of the most common passwords
 * (contract/commonPasswords.ts, passed in so this module stays light enough for the SPA's first
 * route).
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * An email name shorter than this is not checked: refusing every password that contains "jo"
 * or "al" would turn away good passwords without making any guess harder.
 */
export const EMAIL_NAME_MIN_LENGTH = 3;

/**
 * Passwords are compared and hashed in Unicode NFKC, as 800-63B advises: the same password typed
 * on two keyboards (a precomposed "é" or "e" + accent) is the same password.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Characters as a person counts them (code points, so an emoji is one, not two UTF-16 units). */
export function passwordLength(password: string): number {
  return [...normalisePassword(password)].length;
}

/**
 * The name part of an email address, without a sub-address tag: "jane.doe" for
 * "Jane.Doe+tickets@example.com". Lower case, because the check ignores case.
 */
export function emailName(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at < 0 ? trimmed : trimmed.slice(0, at);
  return normalisePassword(local.split('+')[0] ?? '').toLowerCase();
}

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'containsEmailName';

/** What is wrong with `password` for an account of `email`, or null when it may be used. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if (password.length === 0) return 'required';
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const name = emailName(email);
  if (
    [...name].length >= EMAIL_NAME_MIN_LENGTH &&
    normalisePassword(password).toLowerCase().includes(name)
  ) {
    return 'containsEmailName';
  }
  return null;
}

/** Every refusal of an account password: the rules above, and the common-passwords list. */
export type PasswordRefusal = PasswordProblem | 'common';

/**
 * What is wrong with `password` for an account of `email`, with the list check `isCommon`
 * (contract/commonPasswords.ts `isCommonPassword`, loaded by whoever can afford it). The list is
 * asked last, so a short password is told it is short, not that it is common.
 */
export function passwordRefusal(
  password: string,
  email: string,
  isCommon: (password: string) => boolean,
): PasswordRefusal | null {
  return passwordProblem(password, email) ?? (isCommon(password) ? 'common' : null);
}
