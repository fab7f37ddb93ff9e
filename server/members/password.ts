import { passwordRefusal, type PasswordRefusal } from '../../contract/passwords';
import { ApiError } from '../lib/errors';

/**
 * The service's last word on a new account password (sign-up, reset, change): the rules of
 * contract/passwords.ts and the shipped common-passwords list. The body schema has checked the
 * length already; what is left needs the account's email or the list.
 */

const REASONS: Record<PasswordRefusal, string> = {
  required: 'A password is required.',
  tooShort: 'The password is too short.',
  tooLong: 'The password is too long.',
  containsEmailName: 'The password contains the name part of the email address.',
  common: 'The password is one of the most common passwords.',
};

/**
 * 400 validation_failed naming `field` (e.g. `body.password`) when the password is refused. The
 * list (49k passwords, ~15 MB once loaded) is imported at the first password set, not at start:
 * most of a shop's processes never see one (issue 26).
 */
export async function assertAccountPassword(
  password: string,
  email: string,
  field: string,
): Promise<void> {
  const { isCommonPassword } = await import('../../contract/commonPasswords');
  const refusal = passwordRefusal(password, email, isCommonPassword);
  if (refusal !== null) throw new ApiError(400, 'validation_failed', REASONS[refusal], [field]);
}
