import { useEffect, useState } from 'react';
import { Formik, type FormikHelpers } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { object, string } from 'yup';
import styled from 'styled-components';
import { VERIFICATION_LINK_HOURS } from '@contract/accountActivation';
import type { AccountSummary } from '@contract/api/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contract/passwords';
import { changeEmail, changePassword } from '@/api/auth';
import { toApiError, type ApiError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { AppDispatch } from '@/app/store';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { fieldId } from '@/components/form/fieldIds';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { emailSchema } from '@/components/form/validation/contactSchema';
import { fieldMessage } from '@/components/form/validation/fieldMessage';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { bookingSessionStarted, selectCsrfToken } from '@/features/session/sessionSlice';
import type { MessageId } from '@/i18n/messageIds';
import { selectAccount, selectAuthKnown, sessionLoadRequested } from './authSlice';
import { Narrow, Problem, Result } from './authStyles';
import { loadCommonPasswords, newPasswordSchema, refusalOf } from './passwordRules';
import { passwordMessage } from '@/components/form/validation/passwordMessage';
import { PasswordInput } from '@/components/form/PasswordInput';
import { SignInForm } from './SignInForm';
import { sessionToken } from './sessionToken';
import { useAuthVenue } from './useAuthVenue';

const asFormikError = (id: MessageId, values?: Record<string, string | number>) =>
  fieldMessage(id, values) as unknown as string;

/**
 * A failure the form cannot pin on a field: "Your changes were not saved." (spec §8) and what
 * to do. A sign-in that has ended meanwhile is read again, so the page offers signing in.
 */
function problemOf(error: ApiError, dispatch: AppDispatch): MessageId {
  if (error.code === 'sign_in_required') dispatch(sessionLoadRequested());
  return error.status === 429 ? 'security.error.rateLimited' : 'security.error.retry';
}

function SaveProblem({ id }: { id: MessageId }) {
  return (
    <Problem role="alert">
      <FormattedMessage id="customer.update.failed" /> <FormattedMessage id={id} />
    </Problem>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string };

function ChangePasswordForm({ account }: { account: AccountSummary }) {
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const schema = object({
    currentPassword: string().required(fieldMessage('signIn.password.required')),
    newPassword: newPasswordSchema(() => account.email),
  });

  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    setDone(false);
    setProblem(null);
    try {
      const answer = await changePassword(values, await sessionToken(csrfToken, dispatch));
      // A new cookie came with the answer: later calls need its token.
      dispatch(bookingSessionStarted({ csrfToken: answer.csrfToken }));
      helpers.resetForm();
      setDone(true);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'sign_in_failed') {
        helpers.setFieldError('currentPassword', asFormikError('security.password.wrong'));
        document.getElementById(fieldId('currentPassword'))?.focus();
      } else if (apiError.code === 'validation_failed') {
        const refusal = refusalOf(values.newPassword, account.email) ?? 'common';
        helpers.setFieldError(
          'newPassword',
          passwordMessage(refusal, account.email) as unknown as string,
        );
        document.getElementById(fieldId('newPassword'))?.focus();
      } else {
        setProblem(problemOf(apiError, dispatch));
      }
    }
  };

  return (
    <Section aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">
        <FormattedMessage id="security.password.heading" />
      </h2>
      <div role="status">
        {done && (
          <Result>
            <p>
              <FormattedMessage id="security.password.done" />
            </p>
          </Result>
        )}
      </div>
      <Formik
        initialValues={{ currentPassword: '', newPassword: '' }}
        validate={validateWithSchema<PasswordValues>(schema)}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <CheckoutForm aria-labelledby="change-password-heading">
            {/* What a password manager files the new password under; not shown, not announced. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={account.email}
              readOnly
              hidden
            />
            <PasswordInput
              name="currentPassword"
              label="security.password.current"
              autoComplete="current-password"
            />
            <PasswordInput
              name="newPassword"
              label="security.password.new"
              autoComplete="new-password"
              hint={
                <FormattedMessage
                  id="signUp.panel.password.ruleLength"
                  values={{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }}
                />
              }
            />
            {problem !== null && <SaveProblem id={problem} />}
            <PrimaryButton type="submit" aria-disabled={isSubmitting || undefined}>
              <FormattedMessage id="security.password.submit" />
            </PrimaryButton>
          </CheckoutForm>
        )}
      </Formik>
    </Section>
  );
}

type EmailValues = { newEmail: string; emailPassword: string };

const emailFormSchema = object({
  newEmail: emailSchema(),
  emailPassword: string().required(fieldMessage('signIn.password.required')),
});

function ChangeEmailForm({ account, venueSlug }: { account: AccountSummary; venueSlug: string }) {
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<MessageId | null>(null);

  const submit = async (values: EmailValues, helpers: FormikHelpers<EmailValues>) => {
    setSentTo(null);
    setProblem(null);
    try {
      const answer = await changeEmail(
        { newEmail: values.newEmail.trim(), password: values.emailPassword, venue: venueSlug },
        await sessionToken(csrfToken, dispatch),
      );
      helpers.resetForm();
      setSentTo(answer.email);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'sign_in_failed') {
        helpers.setFieldError('emailPassword', asFormikError('security.password.wrong'));
        document.getElementById(fieldId('emailPassword'))?.focus();
      } else if (apiError.code === 'validation_failed') {
        helpers.setFieldError('newEmail', asFormikError('validation.email.invalid'));
        document.getElementById(fieldId('newEmail'))?.focus();
      } else {
        setProblem(problemOf(apiError, dispatch));
      }
    }
  };

  return (
    <Section aria-labelledby="change-email-heading">
      <h2 id="change-email-heading">
        <FormattedMessage id="security.email.heading" />
      </h2>
      <p>
        <FormattedMessage
          id="security.email.current"
          values={{ email: <strong>{account.email}</strong> }}
        />
      </p>
      <div role="status">
        {sentTo !== null && (
          <Result>
            <p>
              <FormattedMessage
                id="security.email.sent"
                values={{
                  email: <strong>{sentTo}</strong>,
                  hours: VERIFICATION_LINK_HOURS,
                  current: account.email,
                }}
              />
            </p>
          </Result>
        )}
      </div>
      <Formik
        initialValues={{ newEmail: '', emailPassword: '' }}
        validate={validateWithSchema<EmailValues>(emailFormSchema)}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <CheckoutForm aria-labelledby="change-email-heading">
            <TextField
              name="newEmail"
              label="security.email.new"
              type="email"
              autoComplete="email"
              spellCheck={false}
            />
            <PasswordInput
              name="emailPassword"
              label="security.email.password"
              autoComplete="current-password"
            />
            {problem !== null && <SaveProblem id={problem} />}
            <PrimaryButton type="submit" aria-disabled={isSubmitting || undefined}>
              <FormattedMessage id="security.email.submit" />
            </PrimaryButton>
          </CheckoutForm>
        )}
      </Formik>
    </Section>
  );
}

/**
 * /account/security: change the password (the current one first; other devices are signed
 * out) and the email address (confirmed by a link to the new one). A guest is asked to sign in
 * here, and the forms appear once they have.
 */
export default function SecurityPage() {
  const intl = useIntl();
  const venue = useAuthVenue();
  const account = useAppSelector(selectAccount);
  const known = useAppSelector(selectAuthKnown);
  useDocumentTitle(intl.formatMessage({ id: 'security.heading' }));

  useEffect(() => {
    void loadCommonPasswords();
  }, []);

  return (
    <Narrow>
      <PageHeading>
        <FormattedMessage id="security.heading" />
      </PageHeading>
      {account !== null ? (
        <>
          <ChangePasswordForm account={account} />
          <ChangeEmailForm account={account} venueSlug={venue.settings.slug} />
        </>
      ) : (
        known && (
          <>
            <p id="security-sign-in">
              <FormattedMessage id="security.signInFirst" />
            </p>
            <SignInForm
              venueSlug={venue.settings.slug}
              labelledBy="security-sign-in"
              onSignedIn={() => undefined}
            />
          </>
        )
      )}
    </Narrow>
  );
}

const Section = styled.section`
  margin-block-end: ${({ theme }) => theme.space[6]}px;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
`;
