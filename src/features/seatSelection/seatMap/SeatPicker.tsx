import { useId, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus } from '@contract/api/holds';
import { PICKER_PANEL_WIDTH, PICKER_WIDE } from './pickerLayout';
import { NO_FILTERS, activeFilterCount, filterMask, type SeatFilterState } from './filters';
import type { SeatMapModel } from './model';
import { SeatFilters } from './SeatFilters';
import { SeatLegend } from './SeatLegend';
import { SeatList, type SeatReveal } from './SeatList';
import { SeatMapCanvas } from './SeatMapCanvas';

export interface SeatPickerProps {
  model: SeatMapModel;
  selected: ReadonlySet<number>;
  onToggleSeat: (index: number) => void;
  /** Venue setting `viewFromSeat.enabled`. */
  viewFromSeat?: boolean;
  /** Venue setting `viewFromSeat.themes`. */
  viewThemes?: readonly string[];
  /** The performance's offers, told in the key beside the seats they concern. */
  offers?: SeatStatus['offers'];
  /** Venue flags for the key's prices (shouldShowFaceValue, isSingleLinePriceOption). */
  prices?: { showFaceValue: boolean; singleLine: boolean };
  /** At the top of the side panel (how to choose). */
  panelTop?: ReactNode;
  /** Shown in the panel instead of the filters and the list (best available's own fields). */
  alternative?: ReactNode;
  /** Id of the seat list's box, which a skip link focuses. */
  listId?: string;
}

/**
 * The "Select seat" step's picker, laid out as the big box offices do: the plan first and
 * widest, a compact panel beside it on a laptop (below it on a phone) with the filters folded
 * into one disclosure, the list, and the key. Filters are form state, so they live here rather
 * than in the store; selection belongs to the page (the hold flow), which passes it in.
 */
export function SeatPicker({
  model,
  selected,
  onToggleSeat,
  viewFromSeat = false,
  viewThemes,
  offers = [],
  prices = { showFaceValue: false, singleLine: false },
  panelTop = null,
  alternative = null,
  listId,
}: SeatPickerProps) {
  const [filters, setFilters] = useState<SeatFilterState>(NO_FILTERS);
  // The seat last picked on the plan: the list opens its row and shows it ticked.
  const [reveal, setReveal] = useState<SeatReveal | null>(null);
  const filtersOn = activeFilterCount(filters);
  const mask = useMemo(
    () => (filtersOn > 0 ? filterMask(model, filters) : null),
    [model, filters, filtersOn],
  );
  const mapHeadingId = useId();
  const listHeadingId = useId();

  return (
    <Layout>
      <PlanArea aria-labelledby={mapHeadingId}>
        <h2 id={mapHeadingId} className="visually-hidden">
          <FormattedMessage id="seatMap.canvas.heading" />
        </h2>
        <SeatMapCanvas
          model={model}
          selected={selected}
          onToggleSeat={(seat) => {
            onToggleSeat(seat);
            setReveal({ seat });
          }}
          filterMask={mask}
          viewFromSeat={viewFromSeat}
          viewThemes={viewThemes}
        />
      </PlanArea>
      <Panel>
        {panelTop}
        {alternative ?? (
          <>
            <Filters>
              <summary>
                <FormattedMessage id="seatMap.filters.heading" />
                {filtersOn > 0 ? (
                  <FiltersOn>
                    <FormattedMessage id="seatBar.filtersOn" values={{ count: filtersOn }} />
                  </FiltersOn>
                ) : null}
              </summary>
              <SeatFilters model={model} value={filters} onChange={setFilters} filterMask={mask} />
            </Filters>
            <section id={listId} tabIndex={-1} aria-labelledby={listHeadingId}>
              <Heading id={listHeadingId}>
                <FormattedMessage id="seatMap.list.heading" />
              </Heading>
              <SeatList
                model={model}
                selected={selected}
                onToggleSeat={onToggleSeat}
                filterMask={mask}
                reveal={reveal}
              />
            </section>
          </>
        )}
        <SeatLegend
          model={model}
          offers={offers}
          showFaceValue={prices.showFaceValue}
          singleLine={prices.singleLine}
        />
      </Panel>
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: ${PICKER_WIDE}) {
    grid-template-columns: minmax(0, 1fr) ${PICKER_PANEL_WIDTH};
    align-items: start;
  }
`;

/** On a laptop the plan stays in view while the buyer works down the panel beside it. */
const PlanArea = styled.section`
  min-width: 0;

  @media (min-width: ${PICKER_WIDE}) {
    position: sticky;
    top: ${({ theme }) => theme.space[4]}px;
  }
`;

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
`;

const Filters = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};

  > summary {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.minTarget};
    padding: 0 ${({ theme }) => theme.space[3]}px;
    font-weight: 600;
    cursor: pointer;
    list-style: none;
  }

  /* A flex summary loses its marker: draw one that says open or closed. */
  > summary::after {
    content: '+';
    margin-left: auto;
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }

  &[open] > summary::after {
    content: '−';
  }

  > summary::-webkit-details-marker {
    display: none;
  }

  &[open] > summary {
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }

  > form {
    margin: 0;
    padding: ${({ theme }) => theme.space[3]}px;
  }
`;

const FiltersOn = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.large};
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
`;
