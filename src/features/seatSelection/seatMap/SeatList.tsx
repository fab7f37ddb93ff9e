import { useEffect, useId, useMemo, useRef, useState } from 'react';
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
  /** A seat picked elsewhere (on the plan): the list opens its row and scrolls it into view. */
  reveal?: SeatReveal | null;
}

/** A new object for each pick, so picking the same seat again shows it again. */
export interface SeatReveal {
  seat: number;
}

/**
 * The accessible way to choose seats, beside the picture: a section, then a row, then the row's
 * seats as checkboxes named in full ("Dress Circle, Row C, Seat 12, restricted view, £45").
 * Only one row's seats are in the page at a time, so a 20,000-seat arena stays quick; taken seats
 * are listed but disabled, and seats the filters leave out are counted, not listed.
 */
export function SeatList({
  model,
  selected,
  onToggleSeat,
  filterMask = null,
  reveal = null,
}: SeatListProps) {
  const intl = useIntl();
  const sectionId = useId();
  const rowId = useId();
  const counts = useMemo(() => seatCounts(model, filterMask), [model, filterMask]);

  const sectionChoices = model.sections
    .map((_, index) => index)
    .filter((index) => counts.sectionMatching[index]! > 0);
  const [chosenSection, setChosenSection] = useState<number | null>(null);
  const [chosenRow, setChosenRow] = useState<number | null>(null);
  const scrollBox = useRef<HTMLDivElement>(null);

  // A seat picked on the plan opens its own section and row here (state adjusted while
  // rendering, as React advises for a change of props, so the list never shows a stale row).
  const [revealed, setRevealed] = useState<SeatReveal | null>(null);
  if (reveal !== revealed) {
    setRevealed(reveal);
    if (reveal !== null && reveal.seat < model.count) {
      setChosenSection(model.section[reveal.seat]!);
      setChosenRow(model.row[reveal.seat]!);
    }
  }
  // Then scrolls the seat into view inside the list's own box, leaving the page where it is.
  useEffect(() => {
    const box = scrollBox.current;
    const item = reveal === null ? null : box?.querySelector(`[data-seat="${reveal.seat}"]`);
    if (box == null || !(item instanceof HTMLElement)) return;
    // The box is the items' offset parent (position: relative), so offsetTop is inside it.
    const top = item.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = top + item.offsetHeight - box.clientHeight;
  }, [reveal, chosenRow]);

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
  const anyChoosable = shown.some((seat) => isSelectable(model, seat));
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
        {/* Keyboard-scrollable even when every seat in it is taken (no checkbox to tab to). */}
        <ScrollBox ref={scrollBox} tabIndex={anyChoosable ? undefined : 0}>
          <SeatOptions>
            {shown.map((seat) => {
              const choosable = isSelectable(model, seat);
              return (
                <li key={seat} data-seat={seat}>
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
        </ScrollBox>
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

/** The row's seats scroll inside the panel, so the plan and the Reserve bar stay in view. */
const ScrollBox = styled.div`
  position: relative;
  max-height: min(22rem, 50vh);
  overflow-y: auto;
  overscroll-behavior: contain;
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
