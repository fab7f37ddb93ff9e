import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Formik, type FormikHelpers } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { boolean, object } from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contract/passwords';
import { register } from '@/api/auth';
import { toApiError, type ApiError } from '@/api/errors';
import { PrimaryButton } from '@/components/Button';
import { CheckboxField } from '@/components/form/CheckboxField';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { fieldId } from '@/components/form/fieldIds';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
} from '@/components/form/validation/contactSchema';
import type { VenueConfig } from '@/config/venues';
import { selectCsrfToken } from '@/features/session/sessionSlice';
import { sessionToken } from './sessionToken';
import type { MessageId } from '@/i18n/messageIds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Problem } from './authStyles';
import { PasswordInput } from '@/components/form/PasswordInput';
import { SignUpRefused, SignUpSent } from './SignUpOutcome';
import { loadCommonPasswords, newPasswordSchema, refusalOf } from './passwordRules';
import { passwordMessage } from '@/components/form/validation/passwordMessage';

type Values = {
  signUpFirstName: string;
  signUpLastName: string;
  signUpEmail: string;
  signUpPassword: string;
  signUpMarketing: boolean;
};

const EMPTY: Values = {
  signUpFirstName: '',
  signUpLastName: '',
  signUpEmail: '',
  signUpPassword: '',
  signUpMarketing: false,
};

const schema = object({
  signUpFirstName: firstNameSchema(),
  signUpLastName: lastNameSchema(),
  signUpEmail: emailSchema(),
  signUpPassword: newPasswordSchema(
    (context) => (context.parent as Partial<Values>).signUpEmail ?? '',
  ),
  signUpMarketing: boolean(),
});

/** Why the form is still showing after a submit: said above the button, values kept. */
type FormProblem = 'retry' | 'rateLimited';

const PROBLEM_MESSAGES: Record<FormProblem, MessageId> = {
  retry: 'signUp.panel.error.retry',
  rateLimited: 'signUp.panel.error.rateLimited',
};

type Outcome =
  | { kind: 'form'; problem: FormProblem | null }
  | { kind: 'sent'; email: string }
  | { kind: 'refused' };

/** A refusal the buyer can do nothing about here (the venue, the account): the failure block. */
function outcomeOf(error: ApiError): Outcome {
  if (error.code === 'rate_limited' || error.status === 429)
    return { kind: 'form', problem: 'rateLimited' };
  if (error.kind !== 'http' || (error.status ?? 500) >= 500)
    return { kind: 'form', problem: 'retry' };
  return { kind: 'refused' };
}

type Props = {
  venue: VenueConfig;
  /** The ways out of "Sorry, we couldn't create your account": sign in, reset the password. */
  signInLink: ReactNode;
  resetLink: ReactNode;
  labelledBy?: string;
};

/**
 * Sign-up from anywhere (header, checkout): names, email, a password and (where the venue asks)
 * marketing. The service answers the same whether or not the address has an account (it emails
 * the address either way), so the form always ends at "check your email", unless the service
 * refuses outright ("Sorry, we couldn't create your account", with the ways out). Component
 * state, like the confirmation page's panel: nothing else reads the answer.
 */
export function SignUpForm({ venue, signInLink, resetLink, labelledBy }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form', problem: null });
  const submitting = useRef(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const { settings } = venue;
  const askMarketing = settings.flags.shouldShowMarketingPreferences;

  useEffect(() => {
    void loadCommonPasswords();
  }, []);

  useLayoutEffect(() => {
    if (outcome.kind !== 'form') resultHeading.current?.focus();
  }, [outcome.kind]);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    if (submitting.current) return;
    submitting.current = true;
    const email = values.signUpEmail.trim();
    try {
      const answer = await register(
        {
          email,
          firstName: values.signUpFirstName.trim(),
          lastName: values.signUpLastName.trim(),
          password: values.signUpPassword,
          marketingOptIn: askMarketing && values.signUpMarketing,
          venue: settings.slug,
        },
        await sessionToken(csrfToken, dispatch),
      );
      setOutcome({ kind: 'sent', email: answer.email });
      return;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'validation_failed') {
        // The service has the last word on the password (its list is always loaded).
        const refusal = refusalOf(values.signUpPassword, email) ?? 'common';
        helpers.setFieldError(
          'signUpPassword',
          passwordMessage(refusal, email) as unknown as string,
        );
        document.getElementById(fieldId('signUpPassword'))?.focus();
        setOutcome({ kind: 'form', problem: null });
      } else {
        setOutcome(outcomeOf(apiError));
      }
    }
    submitting.current = false;
  };

  if (outcome.kind === 'sent')
    return <SignUpSent headingRef={resultHeading} headingLevel="h2" email={outcome.email} />;

  if (outcome.kind === 'refused')
    return (
      <SignUpRefused
        headingRef={resultHeading}
        headingLevel="h2"
        settings={settings}
        signInLink={signInLink}
        resetLink={resetLink}
      />
    );

  return (
    <Formik initialValues={EMPTY} validate={validateWithSchema<Values>(schema)} onSubmit={submit}>
      <CheckoutForm aria-labelledby={labelledBy}>
        <TextField name="signUpFirstName" label="signUp.form.firstName" autoComplete="given-name" />
        <TextField name="signUpLastName" label="signUp.form.lastName" autoComplete="family-name" />
        <TextField
          name="signUpEmail"
          label="signUp.form.email"
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
        <PasswordInput
          name="signUpPassword"
          label="signUp.panel.password.label"
          autoComplete="new-password"
          hint={
            <FormattedMessage
              id="signUp.panel.password.ruleLength"
              values={{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }}
            />
          }
        />
        {askMarketing && (
          <CheckboxField
            name="signUpMarketing"
            label={{
              text: intl.formatMessage(
                { id: 'signUp.panel.marketing' },
                { venueName: settings.name },
              ),
            }}
          />
        )}
        {outcome.problem !== null && (
          <Problem role="alert">
            <FormattedMessage id={PROBLEM_MESSAGES[outcome.problem]} />
          </Problem>
        )}
        <PrimaryButton type="submit">
          <FormattedMessage id="signUp.panel.submit" />
        </PrimaryButton>
      </CheckoutForm>
    </Formik>
  );
}
