import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { isVerificationToken } from '@contract/accountActivation';
import { verifyAccount } from '@/api/accounts';
import { toApiError } from '@/api/errors';
import { PrimaryButton } from '@/components/Button';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import type { MessageId } from '@/i18n/messageIds';

/** Why the page offers another try: said in an alert above the button. */
type Problem = 'retry' | 'rateLimited';

const PROBLEM_MESSAGES: Record<Problem, MessageId> = {
  retry: 'account.verify.error.retry',
  rateLimited: 'account.verify.error.rateLimited',
};

/**
 * The page as a state machine: a link without a whole token is `incomplete` (nothing is asked);
 * otherwise `working` until the service answers `activated`, `invalid` (expired, used or
 * replaced: one answer) or a `problem` worth another try.
 */
type Outcome =
  | { kind: 'incomplete' }
  | { kind: 'working' }
  | { kind: 'activated'; email: string }
  | { kind: 'invalid' }
  | { kind: 'problem'; problem: Problem };

/**
 * /account/verify?token=…&venue=…: where the activation email's link lands. It sends the token
 * to the customer-accounts service once and says what became of the account. Its one request's
 * answer is read by nothing else, so it stays in component state, like the sign-up panel's.
 */
export default function ActivateAccountPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token');
  const valid = isVerificationToken(token);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(
    valid ? { kind: 'working' } : { kind: 'incomplete' },
  );
  // The attempt already sent: a link works once, so a re-run effect (Strict Mode mounts twice)
  // must not spend it a second time and then report it as used.
  const sent = useRef<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'account.verify.heading' }));

  useEffect(() => {
    if (!valid) return;
    const key = `${token}#${attempt}`;
    if (sent.current === key) return;
    sent.current = key;
    setOutcome({ kind: 'working' });
    verifyAccount({ token })
      .then(({ account }) => setOutcome({ kind: 'activated', email: account.email }))
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        if (apiError.code === 'verification_link_invalid' || apiError.status === 400) {
          setOutcome({ kind: 'invalid' });
        } else {
          setOutcome({
            kind: 'problem',
            problem: apiError.code === 'rate_limited' ? 'rateLimited' : 'retry',
          });
        }
      });
  }, [valid, token, attempt]);

  // What replaced the "working" line takes focus, so it is read out where the reader now is; a
  // layout effect moves it in the same commit, so focus is never left on the body in between.
  useLayoutEffect(() => {
    if (outcome.kind !== 'working') resultHeading.current?.focus();
  }, [outcome.kind]);

  return (
    <section>
      <PageHeading>
        <FormattedMessage id="account.verify.heading" />
      </PageHeading>
      <div role="status">
        {outcome.kind === 'working' && (
          <p>
            <FormattedMessage id="account.verify.working" />
          </p>
        )}
        {outcome.kind === 'activated' && (
          <Result>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage id="account.verify.activated.title" />
            </ResultHeading>
            <p>
              <FormattedMessage
                id="account.verify.activated.body"
                values={{ email: outcome.email }}
              />
            </p>
          </Result>
        )}
        {(outcome.kind === 'invalid' || outcome.kind === 'incomplete') && (
          <Refusal>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage
                id={
                  outcome.kind === 'invalid'
                    ? 'account.verify.invalid.title'
                    : 'account.verify.incomplete.title'
                }
              />
            </ResultHeading>
            <p>
              <FormattedMessage
                id={
                  outcome.kind === 'invalid'
                    ? 'account.verify.invalid.body'
                    : 'account.verify.incomplete.body'
                }
              />
            </p>
          </Refusal>
        )}
      </div>
      {outcome.kind === 'problem' && (
        <>
          <Problem role="alert">
            <FormattedMessage id={PROBLEM_MESSAGES[outcome.problem]} />
          </Problem>
          <PrimaryButton type="button" onClick={() => setAttempt((count) => count + 1)}>
            <FormattedMessage id="account.verify.retry" />
          </PrimaryButton>
        </>
      )}
    </section>
  );
}

const ResultHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Result = styled.div`
  max-width: 40rem;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSurface};

  p {
    margin: 0;
  }
`;

const Refusal = styled.div`
  max-width: 40rem;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

const Problem = styled.p`
  max-width: 40rem;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;
