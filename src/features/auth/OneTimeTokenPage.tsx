import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isVerificationToken } from '@contract/accountActivation';
import { toApiError, type ApiError } from '@/api/errors';
import { PrimaryButton } from '@/components/Button';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import type { MessageId } from '@/i18n/messageIds';
import { ResultHeading } from './authStyles';

/** Why the page offers another try: said in an alert above the button. */
export type TokenProblem = 'retry' | 'rateLimited';

/** What a refused token means: a dead link (expired, used or replaced: one answer) or a problem. */
export type TokenRefusal = 'invalid' | TokenProblem;

export interface OneTimeTokenText {
  heading: MessageId;
  working: MessageId;
  doneTitle: MessageId;
  /** Told the email address the token belonged to, as `{email}`. */
  doneBody: MessageId;
  invalidTitle: MessageId;
  invalidBody: MessageId;
  incompleteTitle: MessageId;
  incompleteBody: MessageId;
  problems: Record<TokenProblem, MessageId>;
  retry: MessageId;
}

/** Each page keeps its own measure and spacing; the parts are handed in, not restyled here. */
export interface OneTimeTokenParts {
  Page: ComponentType<{ children: ReactNode }>;
  Result: ComponentType<{ children: ReactNode }>;
  Refusal: ComponentType<{ children: ReactNode }>;
  Problem: ComponentType<{ children: ReactNode; role: 'alert' }>;
}

interface OneTimeTokenPageProps {
  text: OneTimeTokenText;
  parts: OneTimeTokenParts;
  /** Spends the token; answers the address it belonged to. Must keep its identity across renders. */
  redeem: (token: string) => Promise<string>;
  refusalOf: (error: ApiError) => TokenRefusal;
}

/**
 * The page as a state machine: a link without a whole token is `incomplete` (nothing is asked);
 * otherwise `working` until the service answers `done`, `invalid` or a `problem` worth another
 * try. Its one request's answer is read by nothing else, so it stays in component state.
 */
type Outcome =
  | { kind: 'incomplete' }
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  | { kind: 'invalid' }
  | { kind: 'problem'; problem: TokenProblem };

/**
 * Where an emailed one-time link lands (account activation, a new email address confirmed): it
 * sends the token once and says what became of it.
 */
export function OneTimeTokenPage({ text, parts, redeem, refusalOf }: OneTimeTokenPageProps) {
  const { Page, Result, Refusal, Problem } = parts;
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
  useDocumentTitle(intl.formatMessage({ id: text.heading }));

  useEffect(() => {
    if (!valid) return;
    const key = `${token}#${attempt}`;
    if (sent.current === key) return;
    sent.current = key;
    setOutcome({ kind: 'working' });
    redeem(token)
      .then((email) => setOutcome({ kind: 'done', email }))
      .catch((error: unknown) => {
        const refusal = refusalOf(toApiError(error));
        setOutcome(
          refusal === 'invalid' ? { kind: 'invalid' } : { kind: 'problem', problem: refusal },
        );
      });
  }, [redeem, refusalOf, valid, token, attempt]);

  // What replaced the "working" line takes focus, so it is read out where the reader now is; a
  // layout effect moves it in the same commit, so focus is never left on the body in between.
  useLayoutEffect(() => {
    if (outcome.kind !== 'working') resultHeading.current?.focus();
  }, [outcome.kind]);

  const dead = outcome.kind === 'invalid';
  return (
    <Page>
      <PageHeading>
        <FormattedMessage id={text.heading} />
      </PageHeading>
      <div role="status">
        {outcome.kind === 'working' && (
          <p>
            <FormattedMessage id={text.working} />
          </p>
        )}
        {outcome.kind === 'done' && (
          <Result>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage id={text.doneTitle} />
            </ResultHeading>
            <p>
              <FormattedMessage id={text.doneBody} values={{ email: outcome.email }} />
            </p>
          </Result>
        )}
        {(outcome.kind === 'invalid' || outcome.kind === 'incomplete') && (
          <Refusal>
            <ResultHeading ref={resultHeading} tabIndex={-1}>
              <FormattedMessage id={dead ? text.invalidTitle : text.incompleteTitle} />
            </ResultHeading>
            <p>
              <FormattedMessage id={dead ? text.invalidBody : text.incompleteBody} />
            </p>
          </Refusal>
        )}
      </div>
      {outcome.kind === 'problem' && (
        <>
          <Problem role="alert">
            <FormattedMessage id={text.problems[outcome.problem]} />
          </Problem>
          <PrimaryButton type="button" onClick={() => setAttempt((count) => count + 1)}>
            <FormattedMessage id={text.retry} />
          </PrimaryButton>
        </>
      )}
    </Page>
  );
}
