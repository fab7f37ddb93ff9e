import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Formik, type FormikHelpers } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { object } from 'yup';
import { isVerificationToken } from '@contract/accountActivation';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contract/passwords';
import { RESET_LINK_MINUTES } from '@contract/api/constants';
import { completePasswordReset } from '@/api/auth';
import { toApiError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { fieldId } from '@/components/form/fieldIds';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { ACCOUNT_PATHS } from '@/config/paths';
import { selectCsrfToken } from '@/features/session/sessionSlice';
import type { MessageId } from '@/i18n/messageIds';
import { accountPageHref } from './authLinks';
import { sessionLoadRequested } from './authSlice';
import { Narrow, Problem, Refusal, Result, ResultHeading } from './authStyles';
import { loadCommonPasswords, newPasswordSchema, refusalOf } from './passwordRules';
import { passwordMessage } from '@/components/form/validation/passwordMessage';
import { PasswordInput } from '@/components/form/PasswordInput';
import { sessionToken } from './sessionToken';
import { useAuthVenue } from './useAuthVenue';

type Values = { resetPassword: string };
// The link does not say whose account it is, so the email-name rule is left to the service.
const schema = object({ resetPassword: newPasswordSchema(() => '') });

type Outcome =
  | { kind: 'form'; problem: MessageId | null }
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'incomplete' };

/**
 * /reset-password/new?token=…&venue=…: where the emailed reset link lands. The token is sent
 * only with the new password (opening the link spends nothing); a used, expired or unknown
 * link gets one answer, with the way to ask for another.
 */
export default function ResetPasswordCompletePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const csrfToken = useAppSelector(selectCsrfToken);
  const venue = useAuthVenue();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>(
    isVerificationToken(token) ? { kind: 'form', problem: null } : { kind: 'incomplete' },
  );
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const slug = venue.settings.slug;
  useDocumentTitle(intl.formatMessage({ id: 'resetPassword.complete.heading' }));

  useEffect(() => {
    void loadCommonPasswords();
  }, []);

  useLayoutEffect(() => {
    if (outcome.kind !== 'form') resultHeading.current?.focus();
  }, [outcome.kind]);

  const submit = async ({ resetPassword }: Values, helpers: FormikHelpers<Values>) => {
    if (token === null) return;
    try {
      await completePasswordReset(
        { token, password: resetPassword },
        await sessionToken(csrfToken, dispatch),
      );
      setOutcome({ kind: 'done' });
      // Every session of the account was signed out, this browser's too if it was signed in.
      dispatch(sessionLoadRequested());
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'reset_link_invalid' || apiError.status === 410) {
        setOutcome({ kind: 'invalid' });
      } else if (apiError.code === 'validation_failed') {
        const refusal = refusalOf(resetPassword, '') ?? 'common';
        helpers.setFieldError('resetPassword', passwordMessage(refusal, '') as unknown as string);
        document.getElementById(fieldId('resetPassword'))?.focus();
        setOutcome({ kind: 'form', problem: null });
      } else {
        setOutcome({
          kind: 'form',
          problem:
            apiError.status === 429
              ? 'resetPassword.error.rateLimited'
              : 'resetPassword.error.retry',
        });
      }
    }
  };

  const signInLink = (
    <Link to={accountPageHref(ACCOUNT_PATHS.signIn, slug)}>
      <FormattedMessage id="resetPassword.complete.signIn" />
    </Link>
  );

  return (
    <Narrow>
      <PageHeading>
        <span id="reset-complete-heading">
          <FormattedMessage id="resetPassword.complete.heading" />
        </span>
      </PageHeading>
      {outcome.kind === 'done' && (
        <Result role="status">
          <ResultHeading ref={resultHeading} tabIndex={-1}>
            <FormattedMessage id="resetPassword.complete.done.title" />
          </ResultHeading>
          <p>
            <FormattedMessage id="resetPassword.complete.done.body" />
          </p>
          <p>{signInLink}</p>
        </Result>
      )}
      {(outcome.kind === 'invalid' || outcome.kind === 'incomplete') && (
        <Refusal>
          <ResultHeading ref={resultHeading} tabIndex={-1}>
            <FormattedMessage
              id={
                outcome.kind === 'invalid'
                  ? 'resetPassword.complete.invalid.title'
                  : 'resetPassword.complete.incomplete.title'
              }
            />
          </ResultHeading>
          <p>
            <FormattedMessage
              id={
                outcome.kind === 'invalid'
                  ? 'resetPassword.complete.invalid.body'
                  : 'resetPassword.complete.incomplete.body'
              }
              values={{ minutes: RESET_LINK_MINUTES }}
            />
          </p>
          <p>
            <Link to={accountPageHref(ACCOUNT_PATHS.resetPassword, slug)}>
              <FormattedMessage id="resetPassword.complete.requestNew" />
            </Link>
          </p>
        </Refusal>
      )}
      {outcome.kind === 'form' && (
        <Formik
          initialValues={{ resetPassword: '' }}
          validate={validateWithSchema<Values>(schema)}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <CheckoutForm aria-labelledby="reset-complete-heading">
              <PasswordInput
                name="resetPassword"
                label="resetPassword.complete.password.label"
                autoComplete="new-password"
                hint={
                  <FormattedMessage
                    id="signUp.panel.password.ruleLength"
                    values={{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }}
                  />
                }
              />
              {outcome.problem !== null && (
                <Problem role="alert">
                  <FormattedMessage id={outcome.problem} />
                </Problem>
              )}
              <PrimaryButton type="submit" aria-disabled={isSubmitting || undefined}>
                <FormattedMessage id="resetPassword.complete.submit" />
              </PrimaryButton>
            </CheckoutForm>
          )}
        </Formik>
      )}
    </Narrow>
  );
}
