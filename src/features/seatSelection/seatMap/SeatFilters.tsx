import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { PickerField } from './PickerField';
import { SecondaryButton } from '@/components/Button';
import { formatMoney } from '@/i18n/format';
import { priceOptionName } from '@/i18n/priceOptionName';
import type { MessageId } from '@/i18n/messageIds';
import {
  NO_FILTERS,
  SEAT_TYPE_FILTERS,
  isFiltering,
  narrowingPriceOptions,
  type SeatFilterState,
  type SeatTypeFilter,
} from './filters';
import { SEAT_FLAGS } from '@contract/api/constants';
import { type SeatMapModel } from './model';
import { seatCounts } from './seatCounts';

const SEAT_TYPE_IDS: Record<SeatTypeFilter, MessageId> = {
  standard: 'seatMap.filters.type.standard',
  restrictedView: 'seatMap.filters.type.restrictedView',
  wheelchair: 'seatMap.filters.type.wheelchair',
  companion: 'seatMap.filters.type.companion',
  accessZone: 'seatMap.filters.type.accessZone',
  amex: 'seatMap.filters.type.amex',
};

export interface SeatFiltersProps {
  model: SeatMapModel;
  value: SeatFilterState;
  onChange: (next: SeatFilterState) => void;
  /** The mask of `value`, to announce how many seats match (optional). */
  filterMask?: Uint8Array | null;
}

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/**
 * The price range filters of spec §3: seat types, price options, part of house, price band and
 * seats together. A controlled form: every change is one `onChange` with the whole new state;
 * choices the plan cannot use (a seat type it lacks, a single part of house) are not offered.
 */
export function SeatFilters({ model, value, onChange, filterMask = null }: SeatFiltersProps) {
  const intl = useIntl();
  const headingId = useId();
  const levelId = useId();
  const togetherId = useId();
  const present = useMemo(() => {
    let all = 0;
    let standard = false;
    for (let i = 0; i < model.count; i += 1) {
      all |= model.flags[i]!;
      if (model.flags[i] === 0) standard = true;
    }
    return SEAT_TYPE_FILTERS.filter((type) =>
      type === 'standard' ? standard : (all & SEAT_FLAGS[type]) !== 0,
    );
  }, [model]);
  const priceOptions = useMemo(() => narrowingPriceOptions(model), [model]);
  const matching = useMemo(
    () => (filterMask === null ? null : seatCounts(model, filterMask).choosable),
    [model, filterMask],
  );
  const money = (amount: number) => formatMoney(intl, { amount, currency: model.currency });
  const largestParty = Math.max(1, model.seatSelectionLimit);

  return (
    <Form aria-labelledby={headingId} onSubmit={(event) => event.preventDefault()}>
      {/* The disclosure around the form shows this name; the form keeps it for screen readers. */}
      <h2 id={headingId} className="visually-hidden">
        <FormattedMessage id="seatMap.filters.heading" />
      </h2>
      <Groups>
        {present.length > 1 && (
          <CheckGroup legend={<FormattedMessage id="seatMap.filters.seatTypes" />}>
            {present.map((type) => (
              <Check
                key={type}
                checked={value.seatTypes.includes(type)}
                onChange={() => onChange({ ...value, seatTypes: toggle(value.seatTypes, type) })}
              >
                <FormattedMessage id={SEAT_TYPE_IDS[type]} />
              </Check>
            ))}
          </CheckGroup>
        )}
        {priceOptions.length > 0 && (
          <CheckGroup legend={<FormattedMessage id="seatMap.filters.priceOptions" />}>
            {priceOptions.map((option) => (
              <Check
                key={option.code}
                checked={value.priceOptions.includes(option.code)}
                onChange={() =>
                  onChange({ ...value, priceOptions: toggle(value.priceOptions, option.code) })
                }
              >
                <FormattedMessage
                  id="seatMap.filters.priceOption"
                  values={{ name: priceOptionName(intl, option.name), price: money(option.price) }}
                />
              </Check>
            ))}
          </CheckGroup>
        )}
        {model.levels.length > 1 && (
          <PickerField>
            <label htmlFor={levelId}>
              <FormattedMessage id="seatMap.filters.partOfHouse" />
            </label>
            <select
              id={levelId}
              value={value.level ?? ''}
              onChange={(event) =>
                onChange({ ...value, level: event.target.value === '' ? null : event.target.value })
              }
            >
              <option value="">{intl.formatMessage({ id: 'seatMap.filters.wholeHouse' })}</option>
              {model.levels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </PickerField>
        )}
        {model.bands.length > 1 && (
          <CheckGroup legend={<FormattedMessage id="seatMap.filters.priceBand" />}>
            {model.bands.map((band) => (
              <Check
                key={band.code}
                checked={value.bands.includes(band.code)}
                onChange={() => onChange({ ...value, bands: toggle(value.bands, band.code) })}
              >
                {band.price === null ? (
                  <FormattedMessage
                    id="seatMap.legend.bandNotOnSale"
                    values={{ band: band.name }}
                  />
                ) : (
                  <FormattedMessage
                    id="seatMap.legend.band"
                    values={{ band: band.name, price: money(band.price) }}
                  />
                )}
              </Check>
            ))}
          </CheckGroup>
        )}
        {largestParty > 1 && (
          <PickerField>
            <label htmlFor={togetherId}>
              <FormattedMessage id="seatMap.filters.together" />
            </label>
            <select
              id={togetherId}
              value={value.together}
              onChange={(event) => onChange({ ...value, together: Number(event.target.value) })}
            >
              <option value={1}>{intl.formatMessage({ id: 'seatMap.filters.togetherAny' })}</option>
              {Array.from({ length: largestParty - 1 }, (_, k) => k + 2).map((count) => (
                <option key={count} value={count}>
                  {intl.formatMessage({ id: 'seatMap.filters.togetherCount' }, { count })}
                </option>
              ))}
            </select>
          </PickerField>
        )}
      </Groups>
      <Footer>
        <p role="status">
          {matching !== null && isFiltering(value) && (
            <FormattedMessage id="seatMap.filters.matching" values={{ count: matching }} />
          )}
        </p>
        {isFiltering(value) && (
          <SecondaryButton type="button" onClick={() => onChange(NO_FILTERS)}>
            <FormattedMessage id="seatMap.filters.clear" />
          </SecondaryButton>
        )}
      </Footer>
    </Form>
  );
}

function CheckGroup({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {children}
    </Fieldset>
  );
}

function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <CheckLabel>
      <input type="checkbox" checked={checked} onChange={onChange} />
      {children}
    </CheckLabel>
  );
}

const Form = styled.form`
  margin: ${({ theme }) => theme.space[4]}px 0;
`;

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** A group of chips: its name above, the chips wrapping beneath. */
const Fieldset = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
  margin: 0;
  border: 0;
  padding: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space[1]}px;
    padding: 0;
    font-weight: 600;
  }
`;

/** A checkbox shown as a chip, filled while it is on (the tick stays, so colour is not alone). */
const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  min-height: 2.25rem;
  padding: 0 ${({ theme }) => theme.space[3]}px 0 ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.small};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.accentText};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
  }

  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin-top: ${({ theme }) => theme.space[2]}px;

  p {
    margin: 0;
  }
`;
