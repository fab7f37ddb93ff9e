import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { formatMoney } from '@/i18n/format';
import { priceOptionName } from '@/i18n/priceOptionName';
import { quantityChanged, quantityKey, selectSeats } from '@/features/seatSelection/seatsSlice';
import { StageView } from '@/features/seatSelection/seatMap/ViewFromSeat';
import type { SeatOutlook } from '@/features/seatSelection/seatMap/seatOutlook';
import { hasViewPicture } from '@/features/seatSelection/seatMap/viewThemes';

type Props = {
  plan: SeatingPlan;
  seatStatus: SeatStatus;
  /** Venue flag isSingleLinePriceOption: name and price on one line instead of a card. */
  singleLine: boolean;
  /** Venue flag shouldShowFaceValue: each option's face value beside its all-in price. */
  showFaceValue: boolean;
  /**
   * Venue setting viewFromSeat with `enabledForGeneralAdmissions`: each area (whose theme is
   * listed, when `themes` is given) offers a drawn view of the stage from it. Null: none.
   */
  areaViews?: { themes?: readonly string[] } | null;
};

/**
 * General admission and timed entry: how many places at each price option in each area. Numbers
 * never pass what is left in the area or the venue's selection limit (the slice clamps them).
 */
export function TicketQuantities({
  plan,
  seatStatus,
  singleLine,
  showFaceValue,
  areaViews = null,
}: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { quantities } = useAppSelector(selectSeats);
  const currency = seatStatus.currency;

  return (
    <Areas>
      {plan.areas.map((area) => {
        const remaining = seatStatus.areas.find((a) => a.code === area.code)?.remaining ?? 0;
        const options = seatStatus.priceOptions.filter((option) => option.area === area.code);
        if (options.length === 0) return null;
        return (
          <Area key={area.code} aria-labelledby={`area-${area.code}`}>
            <AreaHeading id={`area-${area.code}`}>
              <FormattedMessage id="tickets.ga.area" values={{ area: area.name }} />
            </AreaHeading>
            <p>
              <FormattedMessage id="tickets.ga.remaining" values={{ remaining }} />
            </p>
            {areaViews !== null && hasViewPicture(areaViews.themes, area.name) ? (
              <details>
                <ViewSummary>
                  <FormattedMessage id="tickets.ga.view" values={{ area: area.name }} />
                </ViewSummary>
                <StageView
                  outlook={areaOutlook(plan.areas.indexOf(area), plan.areas.length)}
                  label={intl.formatMessage({ id: 'tickets.ga.viewLabel' }, { area: area.name })}
                  caption={
                    <FormattedMessage id="tickets.ga.viewCaption" values={{ area: area.name }} />
                  }
                />
              </details>
            ) : null}
            <Options>
              {options.map((option) => {
                const key = quantityKey(area.code, option.code);
                const quantity = quantities[key] ?? 0;
                const inputId = `qty-${key}`;
                const set = (next: number) =>
                  dispatch(
                    quantityChanged({ area: area.code, priceOption: option.code, quantity: next }),
                  );
                const price = formatMoney(intl, { amount: option.price, currency });
                const name = priceOptionName(intl, option.name);
                // The API sends a face value only where the venue shows it.
                const faceValue =
                  showFaceValue && option.faceValue !== null
                    ? formatMoney(intl, { amount: option.faceValue, currency })
                    : null;
                /** One step down or up: named for the option, off where it cannot go. */
                const step = (
                  label: { id: 'tickets.ga.decrease' | 'tickets.ga.increase' },
                  by: -1 | 1,
                  disabled: boolean,
                  sign: string,
                ) => (
                  <StepButton
                    type="button"
                    aria-label={intl.formatMessage(label, { option: name })}
                    disabled={disabled}
                    onClick={() => set(quantity + by)}
                  >
                    {sign}
                  </StepButton>
                );
                return (
                  <Option key={option.code} $singleLine={singleLine}>
                    <Label $singleLine={singleLine}>
                      <label htmlFor={inputId}>
                        <FormattedMessage
                          id="tickets.ga.quantity"
                          values={{ option: name, price }}
                        />
                      </label>
                      {faceValue === null ? null : (
                        <FaceValue id={`${inputId}-face`}>
                          <FormattedMessage id="tickets.ga.faceValue" values={{ faceValue }} />
                        </FaceValue>
                      )}
                    </Label>
                    <Stepper>
                      {step({ id: 'tickets.ga.decrease' }, -1, quantity === 0, '−')}
                      <QuantityInput
                        id={inputId}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={remaining}
                        value={quantity}
                        aria-describedby={faceValue === null ? undefined : `${inputId}-face`}
                        disabled={remaining === 0}
                        onChange={(event) => set(Number(event.target.value) || 0)}
                      />
                      {step({ id: 'tickets.ga.increase' }, 1, remaining === 0, '+')}
                    </Stepper>
                  </Option>
                );
              })}
            </Options>
          </Area>
        );
      })}
    </Areas>
  );
}

/**
 * Where an area stands for its picture: the plan lists a venue's areas from the stage outwards
 * (a standing floor, then a balcony), so each later one is further back and higher. A standing
 * area is seen from its middle, straight on.
 */
function areaOutlook(index: number, count: number): SeatOutlook {
  const along = count > 1 ? index / (count - 1) : 0;
  return { depth: 0.3 + 0.5 * along, side: 0, elevation: along, restrictedView: false };
}

const ViewSummary = styled.summary`
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  margin-block-end: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.accentText};
  cursor: pointer;
`;

const Areas = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
`;

const Area = styled.section`
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
`;

const AreaHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** `isSingleLinePriceOption`: name and price on one line instead of a card. */
const Option = styled.div<{ $singleLine: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme, $singleLine }) => ($singleLine ? 0 : `${theme.space[3]}px`)};
  background: ${({ theme, $singleLine }) => ($singleLine ? 'transparent' : theme.colors.surface)};
  border-radius: ${({ theme }) => theme.radius};
`;

/** Single line: the face value follows the price on the same line; a card puts it beneath. */
const Label = styled.div<{ $singleLine: boolean }>`
  display: flex;
  flex-direction: ${({ $singleLine }) => ($singleLine ? 'row' : 'column')};
  align-items: baseline;
  gap: ${({ theme, $singleLine }) => ($singleLine ? theme.space[2] : 0)}px;
`;

const FaceValue = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const StepButton = styled.button`
  min-width: ${({ theme }) => theme.minTarget};
  min-height: ${({ theme }) => theme.minTarget};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.large};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const QuantityInput = styled.input`
  width: 4rem;
  min-height: ${({ theme }) => theme.minTarget};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;
