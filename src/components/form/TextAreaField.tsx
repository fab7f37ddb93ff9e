import type { FieldText } from './FieldText';
import { TextAreaInput } from './FieldParts';
import { controlProps, LabelledControl } from './LabelledControl';
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
    <LabelledControl state={state} label={label} hint={hint}>
      <TextAreaInput {...controlProps(state, required)} rows={3} maxLength={maxLength} />
    </LabelledControl>
  );
}
