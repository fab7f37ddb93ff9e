import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Formik, type FormikHelpers } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { OrderView } from '@contract/api/orders';
import {
  EMAIL_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  emailName,
  passwordProblem,
} from '@contract/passwords';
import { createAccount } from '@/api/accounts';
import { toApiError, type ApiError } from '@/api/errors';
import { createSession } from '@/api/session';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckboxField } from '@/components/form/CheckboxField';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { fieldId } from '@/components/form/fieldIds';
import { PasswordInput } from '@/components/form/PasswordInput';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { ACCOUNT_PATHS } from '@/config/paths';
import { getVenue } from '@/config/venues';
import { accountPageHref } from './authLinks';
import { SignUpRefused, SignUpSent } from './SignUpOutcome';
import { fieldMessage, type FieldMessage } from '@/components/form/validation/fieldMessage';
import { bookingSessionStarted, selectCsrfToken } from '@/features/session/sessionSlice';
import type { MessageId } from '@/i18n/messageIds';
import { passwordMessage } from '@/components/form/validation/passwordMessage';
import { emptySignUp, signUpSchema, type SignUpValues } from './signUpSchema';

/** Why the form is still showing after a submit: said above the button, values kept. */
type FormProblem = 'retry' | 'rateLimited' | 'unavailable';

const PROBLEM_MESSAGES: Record<FormProblem, MessageId> = {
  retry: 'signUp.panel.error.retry',
  rateLimited: 'signUp.panel.error.rateLimited',
  unavailable: 'signUp.panel.error.unavailable',
};

/** What the buyer is told when the form stays for another try; null when the field says it. */
function formProblem(error: ApiError): FormProblem | null {
  if (error.code === 'validation_failed') return null;
  if (error.code === 'rate_limited') return 'rateLimited';
  // No session, or not this session's order: trying again from this tab cannot help.
  if (error.status === 401 || error.status === 403 || error.status === 404) return 'unavailable';
  return 'retry';
}

/**
 * The panel as a state machine: the form (perhaps with a problem), then `sent` (the account is
 * made, unverified, and its activation link is on its way to the order's email) or refused.
 */
type Outcome =
  | { kind: 'form'; problem: FormProblem | null }
  | { kind: 'sent'; email: string }
  | { kind: 'refused' };

type Props = { order: OrderView };

/** Formik types errors as strings; this form layer stores descriptors (validateWithSchema). */
const asFormikError = (message: FieldMessage) => message as unknown as string;

/**
 * "Save your details for next time" on the confirmation page (venue flag
 * shouldShowOrderConfirmationSignup): a guest who has just bought sets a password and the order
 * becomes an account, with the order's email and names, active once the link emailed there is
 * opened (ActivateAccountPage). The request is this panel's alone (no other part of the app
 * reads its result), so it lives in component state, not the store.
 */
export function SignUpPanel({ order }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const venue = getVenue(order.show.venueSlug);
  const titleId = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form', problem: null });
  const submitting = useRef(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const email = order.customer.email;
  const askMarketing = venue?.settings.flags.shouldShowMarketingPreferences ?? false;
  const name = emailName(email);

  // The form goes away once it has an answer; focus follows to what replaced it in the same
  // commit (a layout effect), so there is no moment where the answer shows and focus is lost.
  useLayoutEffect(() => {
    if (outcome.kind !== 'form') resultHeading.current?.focus();
  }, [outcome.kind]);

  const sessionToken = async (): Promise<string> => {
    if (csrfToken !== null) return csrfToken;
    // A tab that came back to the confirmation page after a reload has the cookie but not the
    // token: the session service gives the live session's token back.
    const session = await createSession();
    dispatch(bookingSessionStarted({ csrfToken: session.csrfToken }));
    return session.csrfToken;
  };

  const submit = async (values: SignUpValues, helpers: FormikHelpers<SignUpValues>) => {
    // One request at a time, and none once there is an account: a double click whose second
    // press lands after a quick answer must not ask again (and be told the account exists).
    if (submitting.current) return;
    submitting.current = true;
    try {
      const { account } = await createAccount(
        {
          orderId: order.id,
          password: values.password,
          ...(askMarketing ? { marketingOptIn: values.marketingOptIn } : {}),
        },
        await sessionToken(),
      );
      setOutcome({ kind: 'sent', email: account.email });
      return;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'account_exists') {
        setOutcome({ kind: 'refused' });
        return;
      }
      if (apiError.code === 'validation_failed') {
        // The service has the last word on the rules; say which one, next to the field.
        const problem = passwordProblem(values.password, email);
        helpers.setFieldError(
          'password',
          asFormikError(
            problem === null
              ? fieldMessage('validation.field.invalid')
              : passwordMessage(problem, email),
          ),
        );
        document.getElementById(fieldId('password'))?.focus();
      }
      setOutcome({ kind: 'form', problem: formProblem(apiError) });
    }
    submitting.current = false;
  };

  return (
    <Panel aria-labelledby={titleId}>
      <Title id={titleId}>
        <FormattedMessage id="signUp.panel.title" />
      </Title>
      {outcome.kind === 'sent' && (
        <SignUpSent headingRef={resultHeading} headingLevel="h3" email={outcome.email} />
      )}
      {outcome.kind === 'refused' && (
        <SignUpRefused
          headingRef={resultHeading}
          headingLevel="h3"
          settings={venue?.settings}
          signInLink={
            venue !== undefined && (
              <Link to={accountPageHref(ACCOUNT_PATHS.signIn, venue.settings.slug)}>
                <FormattedMessage id="signUp.failed.logIn" />
              </Link>
            )
          }
          resetLink={
            venue !== undefined && (
              <Link to={accountPageHref(ACCOUNT_PATHS.resetPassword, venue.settings.slug)}>
                <FormattedMessage id="signUp.failed.resetPassword" />
              </Link>
            )
          }
        />
      )}
      {outcome.kind === 'form' && (
        <>
          <p>
            <FormattedMessage id="signUp.panel.intro" />
          </p>
          <p>
            <FormattedMessage
              id="signUp.panel.email"
              values={{ email: <strong>{email}</strong> }}
            />
          </p>
          <Formik
            initialValues={emptySignUp}
            validate={validateWithSchema<SignUpValues>(signUpSchema(email))}
            onSubmit={submit}
          >
            <CheckoutForm aria-labelledby={titleId}>
              {/* What a password manager files the new password under; not shown, not announced. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={email}
                readOnly
                hidden
              />
              <PasswordInput
                name="password"
                label="signUp.panel.password.label"
                autoComplete="new-password"
                hint={
                  <>
                    <FormattedMessage
                      id="signUp.panel.password.ruleLength"
                      values={{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }}
                    />
                    {[...name].length >= EMAIL_NAME_MIN_LENGTH && (
                      <>
                        {' '}
                        <FormattedMessage id="signUp.panel.password.ruleEmail" values={{ name }} />
                      </>
                    )}
                  </>
                }
              />
              {askMarketing && venue !== undefined && (
                <CheckboxField
                  name="marketingOptIn"
                  label={{
                    text: intl.formatMessage(
                      { id: 'signUp.panel.marketing' },
                      { venueName: venue.settings.name },
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
        </>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  margin: ${({ theme }) => theme.space[6]}px 0;
  padding: ${({ theme }) => theme.space[5]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  max-width: 40rem;
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;
