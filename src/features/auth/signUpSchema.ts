import { boolean, object, string, type TestContext } from 'yup';
import '@/components/form/validation/yupLocale';
import { passwordProblem } from '@contract/passwords';
import { passwordMessage } from '@/components/form/validation/passwordMessage';

export type SignUpValues = {
  password: string;
  marketingOptIn: boolean;
};

export const emptySignUp: SignUpValues = { password: '', marketingOptIn: false };

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
