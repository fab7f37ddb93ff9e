/**
 * A buyer's email address, as the checkout form and the booking API both accept it: the HTML
 * standard's "valid e-mail address" (the pattern yup's `email()` uses) whose domain has a dot,
 * since "name@host" passes the standard but never receives an order confirmation.
 */

export const EMAIL_MAX_LENGTH = 254;

// The WHATWG pattern (yup's rEmail), with the class's needless `\/` written `/`.
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const DOTTED_DOMAIN = /@[^@\s]+\.[^@\s.]{2,}$/;

export function isEmailAddress(value: string | undefined): boolean {
  const email = (value ?? '').trim();
  return email.length <= EMAIL_MAX_LENGTH && WHATWG_EMAIL.test(email) && DOTTED_DOMAIN.test(email);
}
