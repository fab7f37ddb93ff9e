import { string, type TestContext } from 'yup';
import '@/components/form/validation/yupLocale';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  emailName,
  passwordRefusal,
  type PasswordRefusal,
} from '@contract/passwords';
import { fieldMessage as m, type FieldMessage } from '@/components/form/validation/fieldMessage';

/** What the buyer is told for each refusal of the account password rules (contract/passwords). */
export function passwordMessage(refusal: PasswordRefusal, email: string): FieldMessage {
  switch (refusal) {
    case 'required':
      return m('signUp.panel.password.required');
    case 'tooShort':
      return m('signUp.panel.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'tooLong':
      return m('signUp.panel.password.tooLong', { max: PASSWORD_MAX_LENGTH });
    case 'containsEmailName':
      return m('signUp.panel.password.containsEmailName', { name: emailName(email) });
    case 'common':
      return m('signUp.panel.password.common');
  }
}

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
