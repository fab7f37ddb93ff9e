import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { MessageId } from '@/i18n/messageIds';
import type { MembershipChangeError } from '../membershipSlice';

const MESSAGES: Record<MembershipChangeError, MessageId> = {
  signInRequired: 'membership.change.error.signInRequired',
  evidenceRefused: 'membership.change.error.evidenceRefused',
  notEligible: 'membership.change.error.notEligible',
  alreadyMember: 'membership.change.error.alreadyMember',
  general: 'membership.change.error.general',
};

/** Why a join, auto-renew change or cancellation did not happen, said where it was asked. */
export function ChangeProblem({ error }: { error: MembershipChangeError }) {
  return (
    <Problem role="alert">
      <FormattedMessage id={MESSAGES[error]} />
    </Problem>
  );
}

const Problem = styled.p`
  padding: ${({ theme }) => theme.space[3]}px;
  border-inline-start: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.surface};
`;
