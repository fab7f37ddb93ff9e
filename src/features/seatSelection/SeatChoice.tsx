import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import type { VenueConfig } from '@/config/venues';
import type { SeatMapModel } from '@/features/seatSelection/seatMap/model';
import { SeatPicker } from '@/features/seatSelection/seatMap/SeatPicker';
import { seatName } from '@/features/seatSelection/seatMap/seatName';
import { seatToggled } from '@/features/seatSelection/seatsSlice';
import { formatMoney } from '@/i18n/format';
import { selectSelectedIndexes, selectSelectionTotal } from './choiceSelectors';

type Props = {
  venue: VenueConfig;
  model: SeatMapModel;
  busy: boolean;
  /** Called with the chosen seats' total (what the buyer saw) when they ask to reserve. */
  onReserve: (quotedTotal: number) => void;
};

/**
 * Picking seats one by one: the map and list (seatMap feature) with the buyer's selection, named
 * in full with its total, and the button that holds it. The selection lives in the store so it
 * survives a failed hold, an expiry or a trip back from the review step.
 */
export function SeatChoice({ venue, model, busy, onReserve }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const selectedIndexes = useAppSelector(selectSelectedIndexes);
  const total = useAppSelector(selectSelectionTotal);

  return (
    <>
      <SeatPicker
        model={model}
        selected={selectedIndexes}
        onToggleSeat={(i) => dispatch(seatToggled({ seatId: model.ids[i]! }))}
        viewFromSeat={venue.settings.flags.viewFromSeat?.enabled ?? false}
      />
      <Selection aria-labelledby="seat-selection-heading">
        <h2 id="seat-selection-heading">
          <FormattedMessage id="tickets.selection.heading" />
        </h2>
        {selectedIndexes.size === 0 ? (
          <p>
            <FormattedMessage id="tickets.selection.empty" />
          </p>
        ) : (
          <ul>
            {[...selectedIndexes].map((i) => (
              <li key={model.ids[i]}>
                {seatName(model, i, intl)}{' '}
                <RemoveButton
                  type="button"
                  aria-label={intl.formatMessage(
                    { id: 'tickets.selection.remove' },
                    { seat: seatName(model, i, intl) },
                  )}
                  onClick={() => dispatch(seatToggled({ seatId: model.ids[i]! }))}
                >
                  <FormattedMessage id="tickets.selection.removeShort" />
                </RemoveButton>
              </li>
            ))}
          </ul>
        )}
        <p aria-live="polite">
          <FormattedMessage
            id="tickets.selection.total"
            values={{
              count: selectedIndexes.size,
              total: formatMoney(intl, { amount: total, currency: model.currency }),
            }}
          />
        </p>
        <PrimaryButton type="button" aria-disabled={busy} onClick={() => !busy && onReserve(total)}>
          <FormattedMessage id="tickets.reserveSeats" />
        </PrimaryButton>
      </Selection>
    </>
  );
}

const Selection = styled.section`
  margin-top: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
`;

const RemoveButton = styled.button`
  min-height: 24px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: underline;
  cursor: pointer;
`;
