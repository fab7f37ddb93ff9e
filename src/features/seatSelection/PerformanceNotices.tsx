import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus } from '@contract/api/holds';
import type { MessageId } from '@/i18n/messageIds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import {
  noticeAcknowledged,
  selectSeats,
  type NoticeKind,
} from '@/features/seatSelection/seatsSlice';

const HEADINGS: Record<NoticeKind, MessageId> = {
  performanceNotice: 'notice.performance.heading',
  admissionSectionMessage: 'notice.admission.heading',
};

/** The performance's notices that still need the buyer's "I have read this". */
export function unacknowledgedNotices(
  seatStatus: SeatStatus,
  acknowledged: Record<NoticeKind, boolean>,
): NoticeKind[] {
  return (Object.keys(HEADINGS) as NoticeKind[]).filter(
    (kind) => seatStatus[kind] !== null && !acknowledged[kind],
  );
}

/**
 * A performance notice and an admission-section message are shown before the choice and must be
 * acknowledged before the buyer can reserve (spec §4 "acknowledging ... a performance notice").
 */
export function PerformanceNotices({ seatStatus }: { seatStatus: SeatStatus }) {
  const dispatch = useAppDispatch();
  const { acknowledged } = useAppSelector(selectSeats);
  return (
    <>
      {(Object.keys(HEADINGS) as NoticeKind[]).map((kind) => {
        const text = seatStatus[kind];
        if (text === null) return null;
        const headingId = `notice-${kind}`;
        return (
          <Notice key={kind} aria-labelledby={headingId}>
            <h2 id={headingId}>
              <FormattedMessage id={HEADINGS[kind]} />
            </h2>
            <p>{text}</p>
            {acknowledged[kind] ? (
              <p role="status">
                <FormattedMessage id="notice.acknowledged" />
              </p>
            ) : (
              <SecondaryButton type="button" onClick={() => dispatch(noticeAcknowledged(kind))}>
                <FormattedMessage id="notice.acknowledge" />
              </SecondaryButton>
            )}
          </Notice>
        );
      })}
    </>
  );
}

const Notice = styled.section`
  margin-bottom: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSurface};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
`;
