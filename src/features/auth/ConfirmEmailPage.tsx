import { useCallback } from 'react';
import { confirmEmail } from '@/api/auth';
import type { ApiError } from '@/api/errors';
import { useAppDispatch } from '@/app/hooks';
import { sessionLoadRequested } from './authSlice';
import { Narrow, Problem, Refusal, Result } from './authStyles';
import {
  OneTimeTokenPage,
  type OneTimeTokenParts,
  type OneTimeTokenText,
  type TokenRefusal,
} from './OneTimeTokenPage';

const TEXT: OneTimeTokenText = {
  heading: 'confirmEmail.heading',
  working: 'confirmEmail.working',
  doneTitle: 'confirmEmail.done.title',
  doneBody: 'confirmEmail.done.body',
  invalidTitle: 'confirmEmail.invalid.title',
  invalidBody: 'confirmEmail.invalid.body',
  incompleteTitle: 'confirmEmail.incomplete.title',
  incompleteBody: 'confirmEmail.incomplete.body',
  // This service's refusals other than a dead link all read as "try again".
  problems: { retry: 'confirmEmail.error.retry', rateLimited: 'confirmEmail.error.retry' },
  retry: 'confirmEmail.retry',
};

const PARTS: OneTimeTokenParts = { Page: Narrow, Result, Refusal, Problem };

const refusalOf = ({ code, status }: ApiError): TokenRefusal =>
  code === 'verification_link_invalid' || status === 410 || status === 400 ? 'invalid' : 'retry';

/**
 * /account/email/confirm?token=…&venue=…: where the link sent to a new email address lands. It
 * sends the token once and says what became of the change.
 */
export default function ConfirmEmailPage() {
  const dispatch = useAppDispatch();
  const redeem = useCallback(
    (token: string) =>
      confirmEmail({ token }).then(({ account }) => {
        // The header names the account by its email: read the sign-in again.
        dispatch(sessionLoadRequested());
        return account.email;
      }),
    [dispatch],
  );
  return <OneTimeTokenPage text={TEXT} parts={PARTS} redeem={redeem} refusalOf={refusalOf} />;
}
