import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { PickerField } from './PickerField';
import { isSelectable, type SeatMapModel } from './model';
import { seatCounts } from './seatCounts';
import { seatName } from './seatName';

export interface SeatListProps {
  model: SeatMapModel;
  selected: ReadonlySet<number>;
  onToggleSeat: (index: number) => void;
  /** One byte per seat, 1 = matches the buyer's filters; others are left out of the list. */
  filterMask?: Uint8Array | null;
}

/**
 * The accessible way to choose seats, beside the picture: a section, then a row, then the row's
 * seats as checkboxes named in full ("Dress Circle, Row C, Seat 12, restricted view, £45").
 * Only one row's seats are in the page at a time, so a 20,000-seat arena stays quick; taken seats
 * are listed but disabled, and seats the filters leave out are counted, not listed.
 */
export function SeatList({ model, selected, onToggleSeat, filterMask = null }: SeatListProps) {
  const intl = useIntl();
  const sectionId = useId();
  const rowId = useId();
  const counts = useMemo(() => seatCounts(model, filterMask), [model, filterMask]);

  const sectionChoices = model.sections
    .map((_, index) => index)
    .filter((index) => counts.sectionMatching[index]! > 0);
  const [chosenSection, setChosenSection] = useState<number | null>(null);
  const [chosenRow, setChosenRow] = useState<number | null>(null);

  // Start where there is something to buy; a filter change that empties the chosen section or
  // row falls back the same way rather than showing an empty list.
  const firstChoosable = (choices: number[], choosable: Int32Array) =>
    choices.find((index) => choosable[index]! > 0) ?? choices[0] ?? null;
  const section =
    chosenSection !== null && sectionChoices.includes(chosenSection)
      ? chosenSection
      : firstChoosable(sectionChoices, counts.sectionChoosable);
  const rowChoices =
    section === null
      ? []
      : model.sections[section]!.rows.filter((row) => counts.rowMatching[row]! > 0);
  const row =
    chosenRow !== null && rowChoices.includes(chosenRow)
      ? chosenRow
      : firstChoosable(rowChoices, counts.rowChoosable);

  if (section === null || row === null) {
    return (
      <p role="status">
        <FormattedMessage id="seatMap.list.noMatches" />
      </p>
    );
  }

  const rowSeats = model.rows[row]!.seats;
  const shown = [...rowSeats].filter((seat) => filterMask === null || filterMask[seat] === 1);
  const hidden = rowSeats.length - shown.length;
  const sectionName = model.sections[section]!.name;
  const rowLabel = model.rows[row]!.label;
  const levels = model.levels.filter((level) =>
    sectionChoices.some((index) => model.sections[index]!.level === level),
  );

  return (
    <div>
      <Pickers>
        <PickerField>
          <label htmlFor={sectionId}>
            <FormattedMessage id="seatMap.list.section" />
          </label>
          <select
            id={sectionId}
            value={section}
            onChange={(event) => {
              setChosenSection(Number(event.target.value));
              setChosenRow(null);
            }}
          >
            {levels.map((level) => (
              <optgroup key={level} label={level}>
                {sectionChoices
                  .filter((index) => model.sections[index]!.level === level)
                  .map((index) => (
                    <option key={index} value={index}>
                      {intl.formatMessage(
                        { id: 'seatMap.list.sectionOption' },
                        {
                          name: model.sections[index]!.name,
                          count: counts.sectionChoosable[index]!,
                        },
                      )}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </PickerField>
        <PickerField>
          <label htmlFor={rowId}>
            <FormattedMessage id="seatMap.list.row" />
          </label>
          <select
            id={rowId}
            value={row}
            onChange={(event) => setChosenRow(Number(event.target.value))}
          >
            {rowChoices.map((index) => (
              <option key={index} value={index}>
                {intl.formatMessage(
                  { id: 'seatMap.list.rowOption' },
                  { row: model.rows[index]!.label, count: counts.rowChoosable[index]! },
                )}
              </option>
            ))}
          </select>
        </PickerField>
      </Pickers>
      <Seats>
        <legend>
          <FormattedMessage
            id="seatMap.list.seatsLegend"
            values={{ section: sectionName, row: rowLabel }}
          />
        </legend>
        <SeatOptions>
          {shown.map((seat) => {
            const choosable = isSelectable(model, seat);
            return (
              <li key={seat}>
                <SeatLabel $disabled={!choosable}>
                  <input
                    type="checkbox"
                    checked={selected.has(seat)}
                    disabled={!choosable}
                    onChange={() => onToggleSeat(seat)}
                  />
                  {seatName(model, seat, intl)}
                </SeatLabel>
              </li>
            );
          })}
        </SeatOptions>
        {hidden > 0 && (
          <Note>
            <FormattedMessage id="seatMap.list.hiddenByFilters" values={{ count: hidden }} />
          </Note>
        )}
      </Seats>
    </div>
  );
}

const Pickers = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]}px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

const Seats = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space[3]}px;
`;

const SeatOptions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const SeatLabel = styled.label<{ $disabled: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.minTarget};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.textMuted : theme.colors.text)};

  input {
    width: 1.25rem;
    height: 1.25rem;
    flex: none;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
