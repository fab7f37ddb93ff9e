import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import { FieldErrorText, FieldHint, FieldLabel, FieldRow, TextAreaInput } from './FieldParts';
import { INVALID_MARKER } from './fieldIds';
import { useFieldState } from './useFieldState';

export type TextAreaFieldProps = {
  name: string;
  label: FieldText;
  hint?: FieldText;
  maxLength?: number;
  /** Announced as required; optional fields say "(optional)" in their label instead. */
  required?: boolean;
};

/** A labelled multi-line answer whose hint and error are read out with it, like TextField. */
export function TextAreaField({
  name,
  label,
  hint,
  maxLength,
  required = true,
}: TextAreaFieldProps) {
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
      <TextAreaInput
        {...state.field}
        value={state.field.value ?? ''}
        id={state.id}
        rows={3}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={state.invalid || undefined}
        aria-describedby={state.describedBy}
        {...{ [INVALID_MARKER]: state.invalid || undefined }}
        $invalid={state.invalid}
      />
    </FieldRow>
  );
}
