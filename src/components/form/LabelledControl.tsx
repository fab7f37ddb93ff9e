import type { ReactNode } from 'react';
import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import { FieldErrorText, FieldHint, FieldLabel, FieldRow } from './FieldParts';
import { INVALID_MARKER } from './fieldIds';
import type { useFieldState } from './useFieldState';

type FieldState = ReturnType<typeof useFieldState<string>>;

/**
 * The frame of a one-control field (text box, text area, select): label, hint, then the error
 * above the control, as GOV.UK places it so a screen magnifier finds it beside the box.
 */
export function LabelledControl({
  state,
  label,
  hint,
  children,
}: {
  state: FieldState;
  label: FieldText;
  hint?: FieldText;
  children: ReactNode;
}) {
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
      {children}
    </FieldRow>
  );
}

/** What every such control carries: Formik's props, its id and the state screen readers hear. */
export function controlProps(state: FieldState, required: boolean) {
  return {
    ...state.field,
    value: state.field.value ?? '',
    id: state.id,
    'aria-required': required || undefined,
    'aria-invalid': state.invalid || undefined,
    'aria-describedby': state.describedBy,
    [INVALID_MARKER]: state.invalid || undefined,
    $invalid: state.invalid,
  };
}
