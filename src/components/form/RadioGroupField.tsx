import type { ChangeEvent, ReactNode } from 'react';
import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import {
  ChoiceRow,
  FieldErrorText,
  FieldHint,
  Fieldset,
  FieldRow,
  InvalidBar,
  Legend,
} from './FieldParts';
import { INVALID_MARKER, fieldId } from './fieldIds';
import { useFieldState } from './useFieldState';

export type RadioOption = {
  value: string;
  label: FieldText;
  hint?: FieldText;
  /** Drawn after the label's words, inside the label (a payment method's mark). */
  mark?: ReactNode;
};

export type RadioGroupFieldProps = {
  name: string;
  legend: FieldText;
  hint?: FieldText;
  options: readonly RadioOption[];
};

/**
 * One choice among a few (delivery method, payment method, a question's answers): a fieldset
 * whose legend names it and whose hint and error are linked to it. On a failed submit the
 * chosen radio, or else the first, takes focus (arrow keys then move between them).
 */
export function RadioGroupField({ name, legend, hint, options }: RadioGroupFieldProps) {
  const state = useFieldState<string>(name, hint !== undefined);
  const chosen = state.field.value ?? '';
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === chosen),
  );
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void state.helpers.setValue(event.target.value);
  };
  return (
    <FieldRow>
      <Fieldset aria-describedby={state.describedBy}>
        <Legend>
          <FieldTextView text={legend} />
        </Legend>
        {hint !== undefined && (
          <FieldHint id={state.hintId}>
            <FieldTextView text={hint} />
          </FieldHint>
        )}
        <InvalidBar $invalid={state.invalid}>
          {state.error !== undefined && (
            <FieldErrorText id={state.errorId}>
              <FieldMessageText message={state.error} />
            </FieldErrorText>
          )}
          {options.map((option, index) => {
            const id = index === 0 ? state.id : fieldId(`${name}-${option.value}`);
            const optionHintId = `${id}-hint`;
            return (
              <ChoiceRow key={option.value}>
                <input
                  type="radio"
                  id={id}
                  name={name}
                  value={option.value}
                  checked={chosen === option.value}
                  onChange={onChange}
                  onBlur={state.field.onBlur}
                  aria-describedby={option.hint === undefined ? undefined : optionHintId}
                  {...{ [INVALID_MARKER]: (state.invalid && index === focusIndex) || undefined }}
                />
                <div>
                  <label htmlFor={id}>
                    <FieldTextView text={option.label} />
                    {option.mark}
                  </label>
                  {option.hint !== undefined && (
                    <FieldHint id={optionHintId}>
                      <FieldTextView text={option.hint} />
                    </FieldHint>
                  )}
                </div>
              </ChoiceRow>
            );
          })}
        </InvalidBar>
      </Fieldset>
    </FieldRow>
  );
}
