import { useEffect, useRef } from 'react';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { object, string } from 'yup';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { emailSchema } from '@/components/form/validation/contactSchema';
import { fieldMessage } from '@/components/form/validation/fieldMessage';
import type { MessageId } from '@/i18n/messageIds';
import { watchAuthFlows } from './authSaga';
import { selectAuth, signInRequested, signInReset, type SignInError } from './authSlice';
import { Problem } from './authStyles';
import { PasswordInput } from '@/components/form/PasswordInput';

type Values = { signInEmail: string; signInPassword: string };

const EMPTY: Values = { signInEmail: '', signInPassword: '' };

const schema = object({
  signInEmail: emailSchema(),
  // Never trimmed: a space is part of a password like any other character.
  signInPassword: string().required(fieldMessage('signIn.password.required')),
});

const ERROR_MESSAGES: Record<SignInError, MessageId> = {
  credentials: 'signIn.error.credentials',
  throttled: 'signIn.error.throttled',
  unavailable: 'signIn.error.unavailable',
  connection: 'signIn.error.connection',
  general: 'signIn.error.general',
};

type Props = {
  venueSlug: string;
  /** Called once the buyer is signed in (the page goes back, the dialog closes). */
  onSignedIn: () => void;
  /** Called when the form is sent (the page keeps it on screen until the answer). */
  onSubmitted?: () => void;
  /** Labels the form (the page's or the dialog's heading). */
  labelledBy?: string;
};

/**
 * Email and password. One event on submit (the auth saga sends it); the answer comes back
 * through the store, and a refusal is said above the button with what was typed kept. The same
 * words for an unknown email and a wrong password, as the service answers both alike.
 */
export function SignInForm({ venueSlug, onSignedIn, onSubmitted, labelledBy }: Props) {
  useSagas([watchAuthFlows]);
  const dispatch = useAppDispatch();
  const { account, signIn } = useAppSelector(selectAuth);
  const submitted = useRef(false);
  const problem = useRef<HTMLParagraphElement>(null);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  });

  useEffect(() => {
    dispatch(signInReset());
  }, [dispatch]);

  useEffect(() => {
    if (submitted.current && account !== null) {
      submitted.current = false;
      done.current();
    }
  }, [account]);

  useEffect(() => {
    if (signIn.status === 'failed') problem.current?.focus();
  }, [signIn.status]);

  const busy = signIn.status === 'loading';
  return (
    <Formik
      initialValues={EMPTY}
      validate={validateWithSchema<Values>(schema)}
      onSubmit={(values) => {
        if (busy) return;
        submitted.current = true;
        onSubmitted?.();
        dispatch(
          signInRequested({
            email: values.signInEmail.trim(),
            password: values.signInPassword,
            venue: venueSlug,
          }),
        );
      }}
    >
      <CheckoutForm aria-labelledby={labelledBy}>
        <TextField
          name="signInEmail"
          label="signIn.email.label"
          type="email"
          autoComplete="username"
          spellCheck={false}
        />
        <PasswordInput
          name="signInPassword"
          label="signIn.password.label"
          autoComplete="current-password"
        />
        {signIn.status === 'failed' && signIn.error !== null && (
          <Problem ref={problem} role="alert" tabIndex={-1}>
            <FormattedMessage id={ERROR_MESSAGES[signIn.error]} />
          </Problem>
        )}
        <PrimaryButton type="submit" aria-disabled={busy || undefined}>
          <FormattedMessage id={busy ? 'signIn.submitting' : 'signIn.submit'} />
        </PrimaryButton>
      </CheckoutForm>
    </Formik>
  );
}
