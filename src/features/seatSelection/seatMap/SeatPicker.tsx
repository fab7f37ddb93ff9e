import { useId, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { NO_FILTERS, filterMask, isFiltering, type SeatFilterState } from './filters';
import type { SeatMapModel } from './model';
import { SeatFilters } from './SeatFilters';
import { SeatLegend } from './SeatLegend';
import { SeatList } from './SeatList';
import { SeatMapCanvas } from './SeatMapCanvas';

export interface SeatPickerProps {
  model: SeatMapModel;
  selected: ReadonlySet<number>;
  onToggleSeat: (index: number) => void;
  /** Venue setting `viewFromSeat.enabled`. */
  viewFromSeat?: boolean;
}

/**
 * The "Select seat" step's picker: filters above, the picture with the list beside it, the key
 * below. Filters are form state, so they live here rather than in the store; selection belongs to
 * the page (the hold flow), which passes it in.
 */
export function SeatPicker({
  model,
  selected,
  onToggleSeat,
  viewFromSeat = false,
}: SeatPickerProps) {
  const [filters, setFilters] = useState<SeatFilterState>(NO_FILTERS);
  const mask = useMemo(
    () => (isFiltering(filters) ? filterMask(model, filters) : null),
    [model, filters],
  );
  const mapHeadingId = useId();
  const listHeadingId = useId();

  return (
    <div>
      <SeatFilters model={model} value={filters} onChange={setFilters} filterMask={mask} />
      <Columns>
        <section aria-labelledby={mapHeadingId}>
          <Heading id={mapHeadingId}>
            <FormattedMessage id="seatMap.canvas.heading" />
          </Heading>
          <SeatMapCanvas
            model={model}
            selected={selected}
            onToggleSeat={onToggleSeat}
            filterMask={mask}
            viewFromSeat={viewFromSeat}
          />
        </section>
        <section aria-labelledby={listHeadingId}>
          <Heading id={listHeadingId}>
            <FormattedMessage id="seatMap.list.heading" />
          </Heading>
          <SeatList
            model={model}
            selected={selected}
            onToggleSeat={onToggleSeat}
            filterMask={mask}
          />
        </section>
      </Columns>
      <SeatLegend model={model} />
    </div>
  );
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr);
  }
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
`;
