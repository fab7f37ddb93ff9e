import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isVerificationToken } from '@contract/accountActivation';
import { confirmEmail } from '@/api/auth';
import { toApiError } from '@/api/errors';
import { useAppDispatch } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { sessionLoadRequested } from './authSlice';
import { Narrow, Problem, Refusal, Result, ResultHeading } from './authStyles';

type Outcome =
  | { kind: 'incomplete' }
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  | { kind: 'invalid' }
  | { kind: 'problem' };

/**
 * /account/email/confirm?token=…&venue=…: where the link sent to a new email address lands. It
 * sends the token once (Strict Mode's second effect run must not spend the link and then report
 * it used) and says what became of the change.
 */
export default function ConfirmEmailPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token');
  const valid = isVerificationToken(token);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(
    valid ? { kind: 'working' } : { kind: 'incomplete' },
  );
  const sent = useRef<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'confirmEmail.heading' }));

  useEffect(() => {
    if (!valid) return;
    const key = `${token}#${attempt}`;
    if (sent.current === key) return;
    sent.current = key;
    setOutcome({ kind: 'working' });
    confirmEmail({ token })
      .then(({ account }) => {
        setOutcome({ kind: 'done', email: account.email });
        // The header names the account by its email: read the sign-in again.
        dispatch(sessionLoadRequested());
      })
      .catch((error: unknown) => {
        const { code, status } = toApiError(error);
        setOutcome(
          code === 'verification_link_invalid' || status === 410 || status === 400
            ? { kind: 'invalid' }
            : { kind: 'problem' },
        );
      });
  }, [dispatch, valid, token, attempt]);

  useLayoutEffect(() => {
    if (outcome.kind !== 'working') resultHeading.current?.focus();
  }, [outcome.kind]);

  return (
    <Narrow>
      <PageHeading>
        <FormattedMessage id="confirmEmail.heading" />
      </PageHeading>
      <div role="status">
        {outcome.kind === 'working' && (
          <p>
            <FormattedMessage id="confirmEmail.working" />
          </p>
        )}
        {outcome.kind === 'done' && (
          <Result>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage id="confirmEmail.done.title" />
            </ResultHeading>
            <p>
              <FormattedMessage id="confirmEmail.done.body" values={{ email: outcome.email }} />
            </p>
          </Result>
        )}
        {(outcome.kind === 'invalid' || outcome.kind === 'incomplete') && (
          <Refusal>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage
                id={
                  outcome.kind === 'invalid'
                    ? 'confirmEmail.invalid.title'
                    : 'confirmEmail.incomplete.title'
                }
              />
            </ResultHeading>
            <p>
              <FormattedMessage
                id={
                  outcome.kind === 'invalid'
                    ? 'confirmEmail.invalid.body'
                    : 'confirmEmail.incomplete.body'
                }
              />
            </p>
          </Refusal>
        )}
      </div>
      {outcome.kind === 'problem' && (
        <>
          <Problem role="alert">
            <FormattedMessage id="confirmEmail.error.retry" />
          </Problem>
          <PrimaryButton type="button" onClick={() => setAttempt((count) => count + 1)}>
            <FormattedMessage id="confirmEmail.retry" />
          </PrimaryButton>
        </>
      )}
    </Narrow>
  );
}
