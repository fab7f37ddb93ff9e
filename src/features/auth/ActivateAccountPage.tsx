import styled from 'styled-components';
import { verifyAccount } from '@/api/accounts';
import type { ApiError } from '@/api/errors';
import {
  OneTimeTokenPage,
  type OneTimeTokenParts,
  type OneTimeTokenText,
  type TokenRefusal,
} from './OneTimeTokenPage';

const TEXT: OneTimeTokenText = {
  heading: 'account.verify.heading',
  working: 'account.verify.working',
  doneTitle: 'account.verify.activated.title',
  doneBody: 'account.verify.activated.body',
  invalidTitle: 'account.verify.invalid.title',
  invalidBody: 'account.verify.invalid.body',
  incompleteTitle: 'account.verify.incomplete.title',
  incompleteBody: 'account.verify.incomplete.body',
  problems: {
    retry: 'account.verify.error.retry',
    rateLimited: 'account.verify.error.rateLimited',
  },
  retry: 'account.verify.retry',
};

const redeem = (token: string) => verifyAccount({ token }).then(({ account }) => account.email);

const refusalOf = ({ code, status }: ApiError): TokenRefusal => {
  if (code === 'verification_link_invalid' || status === 400) return 'invalid';
  return code === 'rate_limited' ? 'rateLimited' : 'retry';
};

/**
 * /account/verify?token=…&venue=…: where the activation email's link lands. It sends the token
 * to the customer-accounts service once and says what became of the account.
 */
export default function ActivateAccountPage() {
  return <OneTimeTokenPage text={TEXT} parts={PARTS} redeem={redeem} refusalOf={refusalOf} />;
}

const Page = styled.section``;

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

const PARTS: OneTimeTokenParts = { Page, Result, Refusal, Problem };
