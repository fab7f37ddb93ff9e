import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { SaveProblem as Problem } from '../useDetailsForm';

/**
 * A save the server did not take, with nothing to mark on a field: said above the button that
 * tries again. An expired hold needs no words here; the reservation's expiry dialog has them.
 */
export function SaveProblem({ problem }: { problem: Problem | null }) {
  if (problem === null || problem === 'expired') return null;
  return (
    <Box role="alert">
      <FormattedMessage id="customer.update.failed" />{' '}
      <FormattedMessage
        id={
          problem === 'connection'
            ? 'reservation.error.connection'
            : 'customerDetails.save.tryAgain'
        }
      />
    </Box>
  );
}

const Box = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;
