import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { PerformanceParts as Parts } from '@contract/api/common';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import { PerformanceParts } from '@/components/PerformanceParts';
import { linkedRequested, selectLinkedAvailability } from './linkedAvailabilitySlice';

/**
 * A two-part show's seats page (issue 24): both parts with their dates, that the seats chosen are
 * for both, and how the read of the other part's availability went (spec §4 "linked
 * availabilities"). Its failure does not stop the buyer: the first answer is already the pair's,
 * and reserving checks both parts again, so the page says so and offers to read it again.
 */
export function LinkedParts({ parts }: { parts: Parts }) {
  const dispatch = useAppDispatch();
  const linked = useAppSelector(selectLinkedAvailability);
  return (
    <Panel>
      <p>
        <FormattedMessage id="tickets.parts.intro" />
      </p>
      <PerformanceParts parts={parts} />
      {linked.status === 'loading' ? (
        <p role="status">
          <FormattedMessage id="tickets.parts.checking" />
        </p>
      ) : null}
      {linked.status === 'failed' && linked.request !== null ? (
        <Failure role="alert">
          <p>
            <FormattedMessage id="tickets.parts.failed" />
          </p>
          <SecondaryButton type="button" onClick={() => dispatch(linkedRequested(linked.request!))}>
            <FormattedMessage id="common.retry" />
          </SecondaryButton>
        </Failure>
      ) : null}
    </Panel>
  );
}

const Panel = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.accentText};
  background: ${({ theme }) => theme.colors.surface};

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

const Failure = styled.div`
  margin-top: ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.text};

  button {
    margin-top: ${({ theme }) => theme.space[2]}px;
  }
`;
