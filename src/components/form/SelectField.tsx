import { useIntl } from 'react-intl';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import type { FieldText } from './FieldText';
import { SelectInput } from './FieldParts';
import { controlProps, LabelledControl } from './LabelledControl';
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
    <LabelledControl state={state} label={label} hint={hint}>
      <SelectInput {...controlProps(state, required)} autoComplete={autoComplete} $width={width}>
        <option value="">{intl.formatMessage({ id: 'form.select.placeholder' })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
    </LabelledControl>
  );
}
