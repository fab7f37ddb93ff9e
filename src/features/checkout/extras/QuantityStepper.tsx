import { useIntl } from 'react-intl';
import styled from 'styled-components';

type Props = {
  /** What is counted, for the buttons' and the field's names. */
  name: string;
  /** The heading that names the offer, for the group. */
  labelledBy: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
};

/**
 * − / number / +, each control named after the offer ("Add one Souvenir programme"). At a limit
 * the button stays focusable but does nothing (aria-disabled), so keyboard focus is not lost.
 */
export function QuantityStepper({ name, labelledBy, value, max, onChange }: Props) {
  const intl = useIntl();
  const set = (next: number) => {
    const clamped = Math.min(max, Math.max(0, next));
    if (clamped !== value) onChange(clamped);
  };
  return (
    <Stepper role="group" aria-labelledby={labelledBy}>
      <StepButton
        type="button"
        aria-label={intl.formatMessage({ id: 'upsells.decrease' }, { name })}
        aria-disabled={value <= 0}
        onClick={() => set(value - 1)}
      >
        −
      </StepButton>
      <Count
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={value}
        aria-label={intl.formatMessage({ id: 'upsells.quantity' }, { name })}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          if (Number.isInteger(next)) set(next);
        }}
      />
      <StepButton
        type="button"
        aria-label={intl.formatMessage({ id: 'upsells.increase' }, { name })}
        aria-disabled={value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </StepButton>
    </Stepper>
  );
}

const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const StepButton = styled.button`
  width: ${({ theme }) => theme.minTarget};
  height: ${({ theme }) => theme.minTarget};
  border: 2px solid ${({ theme }) => theme.colors.accentText};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.accentText};
  font-size: ${({ theme }) => theme.fontSizes.h3};
  cursor: pointer;

  &[aria-disabled='true'] {
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

const Count = styled.input`
  width: 4rem;
  min-height: ${({ theme }) => theme.minTarget};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  text-align: center;
  font: inherit;
`;
