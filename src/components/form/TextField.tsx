import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';
import type { FieldText } from './FieldText';
import { TextInput } from './FieldParts';
import { controlProps, LabelledControl } from './LabelledControl';
import { useFieldState } from './useFieldState';

export type TextFieldProps = {
  name: string;
  label: FieldText;
  hint?: FieldText;
  type?: 'text' | 'email' | 'tel';
  /** WHATWG autofill token: given-name, email, tel, postal-code, cc-number, ... */
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  spellCheck?: boolean;
  /** Announced as required; optional fields say "(optional)" in their label instead. */
  required?: boolean;
  width?: 'full' | 'short';
};

/** A labelled text input whose hint and error are read out with it (aria-describedby). */
export function TextField({
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  spellCheck,
  required = true,
  width = 'full',
}: TextFieldProps) {
  const state = useFieldState<string>(name, hint !== undefined);
  return (
    <LabelledControl state={state} label={label} hint={hint}>
      <TextInput
        {...controlProps(state, required)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={spellCheck}
        $width={width}
      />
    </LabelledControl>
  );
}
