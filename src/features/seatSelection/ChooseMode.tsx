import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

export type ChoiceMode = 'pick' | 'bestAvailable';

type Props = { value: ChoiceMode; onChange: (mode: ChoiceMode) => void };

/**
 * Pick my own seats or let the box office choose, as one compact two-way switch (radios, so
 * arrow keys move between them and a screen reader hears one choice of two).
 */
export function ChooseMode({ value, onChange }: Props) {
  return (
    <Switch>
      <legend>
        <FormattedMessage id="tickets.mode.legend" />
      </legend>
      <Options>
        <label>
          <input
            type="radio"
            name="choose-mode"
            checked={value === 'pick'}
            onChange={() => onChange('pick')}
          />
          <FormattedMessage id="tickets.mode.pick" />
        </label>
        <label>
          <input
            type="radio"
            name="choose-mode"
            checked={value === 'bestAvailable'}
            onChange={() => onChange('bestAvailable')}
          />
          <FormattedMessage id="tickets.mode.bestAvailable" />
        </label>
      </Options>
    </Switch>
  );
}

const Switch = styled.fieldset`
  margin: 0;
  border: 0;
  padding: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space[1]}px;
    padding: 0;
    font-weight: 600;
  }
`;

/** Two halves of one outlined control; the chosen half filled, its radio still ticked. */
const Options = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  border: 2px solid ${({ theme }) => theme.colors.accentText};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.minTarget};
    padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[2]}px`};
    font-size: ${({ theme }) => theme.fontSizes.small};
    line-height: 1.25;
    cursor: pointer;
  }

  label + label {
    border-left: 2px solid ${({ theme }) => theme.colors.accentText};
  }

  label:has(input:checked) {
    background: ${({ theme }) => theme.colors.accentSurface};
    color: ${({ theme }) => theme.colors.onAccent};
    font-weight: 600;
  }

  /* The ring goes round the whole switch, on the page background, where its contrast holds. */
  &:has(input:focus-visible) {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  input {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: currentColor;
  }
`;
