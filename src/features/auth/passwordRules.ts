import { string, type TestContext } from 'yup';
import '@/components/form/validation/yupLocale';
import { passwordRefusal, type PasswordRefusal } from '@contract/passwords';
import { passwordMessage } from '@/components/form/validation/passwordMessage';

/**
 * The common-passwords list is several hundred kB: it is fetched once a form that sets a
 * password is on screen, and until it has arrived the form checks the other rules (the service
 * checks the list in any case and its refusal is shown against the field).
 */
let isCommon: (password: string) => boolean = () => false;
let loading: Promise<void> | undefined;

export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@contract/commonPasswords').then(
    (module) => {
      isCommon = module.isCommonPassword;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

export function refusalOf(password: string, email: string): PasswordRefusal | null {
  return passwordRefusal(password, email, (value) => isCommon(value));
}

/** A new password for the account of the email read from `emailOf` (the form's field, or fixed). */
export function newPasswordSchema(emailOf: (context: TestContext) => string) {
  return string().test('password', function (this: TestContext, value) {
    const email = emailOf(this);
    const refusal = refusalOf(value ?? '', email);
    return refusal === null || this.createError({ message: passwordMessage(refusal, email) });
  });
}
