import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { VenueConfig } from '@/config/venues';
import type { SeatMapModel } from '@/features/seatSelection/seatMap/model';
import { SeatPicker } from '@/features/seatSelection/seatMap/SeatPicker';
import { seatName } from '@/features/seatSelection/seatMap/seatName';
import { seatSummary } from '@/features/seatSelection/seatMap/seatSummary';
import { seatToggled } from '@/features/seatSelection/seatsSlice';
import { formatMoney } from '@/i18n/format';
import {
  bestAvailableStart,
  BestAvailableForm,
  type BestAvailableChoice,
} from './BestAvailableForm';
import { selectSelectedIndexes, selectSelectionTotal } from './choiceSelectors';
import { ChooseMode, type ChoiceMode } from './ChooseMode';
import { SelectionBar } from './SelectionBar';

type Props = {
  venue: VenueConfig;
  model: SeatMapModel;
  plan: SeatingPlan;
  seatStatus: SeatStatus;
  mode: ChoiceMode;
  onModeChange: (mode: ChoiceMode) => void;
  /** Id of the seat list's box (the page's skip link goes there). */
  listId: string;
  busy: boolean;
  /** Called with the chosen seats' total (what the buyer saw) when they ask to reserve. */
  onReserve: (quotedTotal: number) => void;
  onBestAvailable: (choice: BestAvailableChoice) => void;
  /** What the last press caused, said in the selection bar beside the button. */
  messages: ReactNode;
};

/**
 * Reserved seating: the plan with the panel beside it (picking seats one by one, or the best
 * available fields), and the selection bar naming the choice, its all-in total and the button
 * that holds it. The selection lives in the store so it survives a failed hold, an expiry or a
 * trip back from the review step; picking a seat on the plan while best available is showing
 * is taken as wanting to pick.
 */
export function SeatChoice({
  venue,
  model,
  plan,
  seatStatus,
  mode,
  onModeChange,
  listId,
  busy,
  onReserve,
  onBestAvailable,
  messages,
}: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const selectedIndexes = useAppSelector(selectSelectedIndexes);
  const total = useAppSelector(selectSelectionTotal);
  const bestFormId = useId();
  const [bestQuantity, setBestQuantity] = useState(() =>
    bestAvailableStart(seatStatus.seatSelectionLimit),
  );
  const toggle = (i: number) => dispatch(seatToggled({ seatId: model.ids[i]! }));
  const bestAvailable = mode === 'bestAvailable';

  return (
    <>
      <SeatPicker
        model={model}
        selected={selectedIndexes}
        onToggleSeat={(i) => {
          if (bestAvailable) onModeChange('pick');
          toggle(i);
        }}
        viewFromSeat={venue.settings.flags.viewFromSeat?.enabled ?? false}
        viewThemes={venue.settings.flags.viewFromSeat?.themes}
        offers={seatStatus.offers}
        prices={{
          showFaceValue: venue.settings.flags.shouldShowFaceValue,
          singleLine: venue.settings.flags.isSingleLinePriceOption,
        }}
        listId={listId}
        panelTop={<ChooseMode value={mode} onChange={onModeChange} />}
        alternative={
          bestAvailable ? (
            <BestAvailableForm
              id={bestFormId}
              plan={plan}
              seatStatus={seatStatus}
              onSubmit={onBestAvailable}
              onQuantityChange={setBestQuantity}
            />
          ) : null
        }
      />
      {bestAvailable ? (
        <SelectionBar
          summary={null}
          total={<FormattedMessage id="seatBar.bestAvailable" values={{ count: bestQuantity }} />}
          action="tickets.bestAvailable.submit"
          form={bestFormId}
          busy={busy}
          onAction={() => undefined}
          messages={messages}
        />
      ) : (
        <SelectionBar
          summary={
            selectedIndexes.size === 0 ? (
              <Quiet>
                <FormattedMessage id="tickets.selection.empty" />
              </Quiet>
            ) : (
              <>
                <Rows>
                  {seatSummary(model, selectedIndexes, intl).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Rows>
                <details>
                  <DetailsSummary>
                    <FormattedMessage id="seatBar.details" />
                  </DetailsSummary>
                  <Seats>
                    {[...selectedIndexes].map((i) => (
                      <li key={model.ids[i]}>
                        {seatName(model, i, intl)}{' '}
                        <RemoveButton
                          type="button"
                          aria-label={intl.formatMessage(
                            { id: 'tickets.selection.remove' },
                            { seat: seatName(model, i, intl) },
                          )}
                          onClick={() => toggle(i)}
                        >
                          <FormattedMessage id="tickets.selection.removeShort" />
                        </RemoveButton>
                      </li>
                    ))}
                  </Seats>
                </details>
              </>
            )
          }
          total={
            <FormattedMessage
              id="tickets.selection.total"
              values={{
                count: selectedIndexes.size,
                total: formatMoney(intl, { amount: total, currency: model.currency }),
              }}
            />
          }
          action="tickets.reserveSeats"
          busy={busy}
          onAction={() => onReserve(total)}
          messages={messages}
        />
      )}
    </>
  );
}

/** Phones keep the bar to one line: the total says how many, the disclosure which. */
const NARROW = '36em';

const Quiet = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};

  @media (max-width: ${NARROW}) {
    display: none;
  }
`;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-weight: 600;

  @media (max-width: ${NARROW}) {
    display: none;
  }
`;

const DetailsSummary = styled.summary`
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  color: ${({ theme }) => theme.colors.accentText};
  cursor: pointer;
`;

const Seats = styled.ul`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  padding-left: ${({ theme }) => theme.space[4]}px;
  max-height: 30vh;
  overflow-y: auto;
`;

const RemoveButton = styled.button`
  min-height: 24px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: underline;
  cursor: pointer;
`;
