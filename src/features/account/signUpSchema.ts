import { boolean, object, string, type TestContext } from 'yup';
import '@/components/form/validation/yupLocale';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  emailName,
  passwordProblem,
  type PasswordProblem,
} from '@contract/passwords';
import { fieldMessage as m, type FieldMessage } from '@/components/form/validation/fieldMessage';

export type SignUpValues = {
  password: string;
  marketingOptIn: boolean;
};

export const emptySignUp: SignUpValues = { password: '', marketingOptIn: false };

/** What the buyer is told for each refusal of contract/passwords.ts (the service's own rules). */
export function passwordMessage(problem: PasswordProblem, email: string): FieldMessage {
  switch (problem) {
    case 'required':
      return m('signUp.panel.password.required');
    case 'tooShort':
      return m('signUp.panel.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'tooLong':
      return m('signUp.panel.password.tooLong', { max: PASSWORD_MAX_LENGTH });
    case 'containsEmailName':
      return m('signUp.panel.password.containsEmailName', { name: emailName(email) });
  }
}

/** The panel's form for an account of `email` (the order's). The password is never trimmed. */
export function signUpSchema(email: string) {
  return object({
    password: string().test('password', function (this: TestContext, value) {
      const problem = passwordProblem(value ?? '', email);
      return problem === null || this.createError({ message: passwordMessage(problem, email) });
    }),
    marketingOptIn: boolean(),
  });
}
