import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';
import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import { FieldErrorText, FieldHint, FieldLabel, FieldRow, TextInput } from './FieldParts';
import { INVALID_MARKER } from './fieldIds';
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
      <TextInput
        {...state.field}
        value={state.field.value ?? ''}
        id={state.id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={spellCheck}
        aria-required={required || undefined}
        aria-invalid={state.invalid || undefined}
        aria-describedby={state.describedBy}
        {...{ [INVALID_MARKER]: state.invalid || undefined }}
        $invalid={state.invalid}
        $width={width}
      />
    </FieldRow>
  );
}
