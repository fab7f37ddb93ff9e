import { FieldMessageText } from './FieldMessageText';
import { FieldTextView, type FieldText } from './FieldText';
import { ChoiceRow, FieldErrorText, FieldHint, FieldRow, InvalidBar } from './FieldParts';
import { INVALID_MARKER } from './fieldIds';
import { useFieldState } from './useFieldState';

export type CheckboxFieldProps = {
  name: string;
  label: FieldText;
  hint?: FieldText;
  /** Only for boxes that must be ticked (terms); opt-outs are never required. */
  required?: boolean;
};

/** One boolean box (terms, marketing opt-out) with its label beside it. */
export function CheckboxField({ name, label, hint, required = false }: CheckboxFieldProps) {
  const state = useFieldState<boolean>({ name, type: 'checkbox' }, hint !== undefined);
  return (
    <FieldRow>
      <InvalidBar $invalid={state.invalid}>
        {state.error !== undefined && (
          <FieldErrorText id={state.errorId}>
            <FieldMessageText message={state.error} />
          </FieldErrorText>
        )}
        <ChoiceRow>
          <input
            type="checkbox"
            id={state.id}
            name={state.field.name}
            checked={state.field.checked ?? false}
            onChange={state.field.onChange}
            onBlur={state.field.onBlur}
            aria-required={required || undefined}
            aria-invalid={state.invalid || undefined}
            aria-describedby={state.describedBy}
            {...{ [INVALID_MARKER]: state.invalid || undefined }}
          />
          <div>
            <label htmlFor={state.id}>
              <FieldTextView text={label} />
            </label>
            {hint !== undefined && (
              <FieldHint id={state.hintId}>
                <FieldTextView text={hint} />
              </FieldHint>
            )}
          </div>
        </ChoiceRow>
      </InvalidBar>
    </FieldRow>
  );
}
