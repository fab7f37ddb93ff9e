import { useIntl } from 'react-intl';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import { FieldErrorText, FieldHint, FieldLabel, FieldRow, SelectInput } from './FieldParts';
import { INVALID_MARKER } from './fieldIds';
import { useFieldState } from './useFieldState';

/** Option labels arrive as text: country names from Intl.DisplayNames, state names, API answers. */
export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  name: string;
  label: FieldText;
  hint?: FieldText;
  options: readonly SelectOption[];
  autoComplete?: HTMLInputAutoCompleteAttribute;
  required?: boolean;
  width?: 'full' | 'short';
};

/** A labelled native select with an empty first choice, so nothing is chosen for the buyer. */
export function SelectField({
  name,
  label,
  hint,
  options,
  autoComplete,
  required = true,
  width = 'full',
}: SelectFieldProps) {
  const intl = useIntl();
  const state = useFieldState<string>(name, hint !== undefined);
  return (
    <FieldRow>
      <FieldLabel htmlFor={state.id}>
        <FieldTextView text={label} />
      </FieldLabel>
      {hint !== undefined && (
        <FieldHint id={state.hintId}>
          <FieldTextView text={hint} />
        </FieldHint>
      )}
      {state.error !== undefined && (
        <FieldErrorText id={state.errorId}>
          <FieldMessageText message={state.error} />
        </FieldErrorText>
      )}
      <SelectInput
        {...state.field}
        value={state.field.value ?? ''}
        id={state.id}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={state.invalid || undefined}
        aria-describedby={state.describedBy}
        {...{ [INVALID_MARKER]: state.invalid || undefined }}
        $invalid={state.invalid}
        $width={width}
      >
        <option value="">{intl.formatMessage({ id: 'form.select.placeholder' })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
    </FieldRow>
  );
}
