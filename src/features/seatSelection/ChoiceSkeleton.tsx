import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  PICKER_PANEL_WIDTH,
  PICKER_WIDE,
  PLAN_FRAME_HEIGHT,
} from '@/features/seatSelection/seatMap/pickerLayout';

/**
 * The seat page while its seats and plan load, shaped like the page that follows: the heading's
 * lines, the plan's frame at its final height with its controls, and the panel beside it on a
 * laptop (below it on a phone). The page then fills the space rather than pushing the footer,
 * already on screen, down past the fold (the seat page's layout shift in Lighthouse).
 */
export function ChoiceSkeleton() {
  const intl = useIntl();
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{intl.formatMessage({ id: 'app.loading' })}</span>
      <HeadingSpace />
      <Layout>
        <PlanSpace>
          <FrameSpace />
        </PlanSpace>
        <PanelSpace />
      </Layout>
    </div>
  );
}

const Block = styled.div`
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The heading, the performance line and the lead above the plan. */
const HeadingSpace = styled(Block)`
  height: 7.5rem;
  margin-block-end: ${({ theme }) => theme.space[3]}px;
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: ${PICKER_WIDE}) {
    grid-template-columns: minmax(0, 1fr) ${PICKER_PANEL_WIDTH};
    align-items: start;
  }
`;

/** The plan's frame, then the zoom buttons and the keyboard instructions under it. */
const PlanSpace = styled.div`
  padding-block-end: 6rem;
`;

const FrameSpace = styled(Block)`
  height: ${PLAN_FRAME_HEIGHT};
`;

/** How to choose, the filters, one row's seats in the list and the key: a screen's worth. */
const PanelSpace = styled(Block)`
  min-height: 24rem;

  @media (min-width: ${PICKER_WIDE}) {
    min-height: 45rem;
  }
`;
