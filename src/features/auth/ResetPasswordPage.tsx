import { useLayoutEffect, useRef, useState } from 'react';
import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { object } from 'yup';
import { RESET_LINK_MINUTES } from '@contract/api/constants';
import { requestPasswordReset } from '@/api/auth';
import { toApiError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { emailSchema } from '@/components/form/validation/contactSchema';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { selectCsrfToken } from '@/features/session/sessionSlice';
import type { MessageId } from '@/i18n/messageIds';
import { Narrow, Problem, Result, ResultHeading } from './authStyles';
import { sessionToken } from './sessionToken';
import { useAuthVenue } from './useAuthVenue';

type Values = { resetEmail: string };
const schema = object({ resetEmail: emailSchema() });

type Outcome = { kind: 'form'; problem: MessageId | null } | { kind: 'sent'; email: string };

/**
 * /reset-password: asks for the link. The answer is the same whether or not the address has an
 * account (the service says nothing else), so the page says "if it has an account".
 */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const venue = useAuthVenue();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form', problem: null });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'resetPassword.heading' }));

  useLayoutEffect(() => {
    if (outcome.kind === 'sent') resultHeading.current?.focus();
  }, [outcome.kind]);

  const submit = async ({ resetEmail }: Values) => {
    const email = resetEmail.trim();
    try {
      await requestPasswordReset(
        { email, venue: venue.settings.slug },
        await sessionToken(csrfToken, dispatch),
      );
      setOutcome({ kind: 'sent', email });
    } catch (error) {
      const { code, status } = toApiError(error);
      setOutcome({
        kind: 'form',
        problem:
          code === 'rate_limited' || status === 429
            ? 'resetPassword.error.rateLimited'
            : 'resetPassword.error.retry',
      });
    }
  };

  return (
    <Narrow>
      <PageHeading>
        <span id="reset-heading">
          <FormattedMessage id="resetPassword.heading" />
        </span>
      </PageHeading>
      {outcome.kind === 'sent' ? (
        <Result role="status">
          <ResultHeading ref={resultHeading} tabIndex={-1}>
            <FormattedMessage id="resetPassword.sent.title" />
          </ResultHeading>
          <p>
            <FormattedMessage
              id="resetPassword.sent.body"
              values={{ email: <strong>{outcome.email}</strong>, minutes: RESET_LINK_MINUTES }}
            />
          </p>
          <p>
            <FormattedMessage id="signUp.panel.sent.spam" />
          </p>
        </Result>
      ) : (
        <>
          <p>
            <FormattedMessage id="resetPassword.intro" />
          </p>
          <Formik
            initialValues={{ resetEmail: '' }}
            validate={validateWithSchema<Values>(schema)}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <CheckoutForm aria-labelledby="reset-heading">
                <TextField
                  name="resetEmail"
                  label="resetPassword.email.label"
                  type="email"
                  autoComplete="username"
                  spellCheck={false}
                />
                {outcome.problem !== null && (
                  <Problem role="alert">
                    <FormattedMessage id={outcome.problem} />
                  </Problem>
                )}
                <PrimaryButton type="submit" aria-disabled={isSubmitting || undefined}>
                  <FormattedMessage id="resetPassword.submit" />
                </PrimaryButton>
              </CheckoutForm>
            )}
          </Formik>
        </>
      )}
    </Narrow>
  );
}
