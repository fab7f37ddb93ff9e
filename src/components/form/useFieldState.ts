import { useField, type FieldHookConfig } from 'formik';
import { isFieldMessage, type FieldMessage } from '@/components/form/validation/fieldMessage';
import { describedBy, errorIdOf, fieldId, hintIdOf } from './fieldIds';

/**
 * A Formik field with what every field component needs: its ids, the error to show (only once
 * the buyer has left the field or tried to submit) and the aria-describedby that links them.
 */
export function useFieldState<Value>(config: string | FieldHookConfig<Value>, hasHint: boolean) {
  const name = typeof config === 'string' ? config : config.name;
  const [field, meta, helpers] = useField<Value>(config);
  // Formik types errors as strings; the schemas store FieldMessage descriptors (see validateWithSchema).
  const stored: unknown = meta.error;
  const error: FieldMessage | undefined =
    meta.touched && isFieldMessage(stored) ? stored : undefined;
  return {
    field,
    helpers,
    error,
    invalid: error !== undefined,
    id: fieldId(name),
    hintId: hintIdOf(name),
    errorId: errorIdOf(name),
    describedBy: describedBy(name, hasHint, error !== undefined),
  };
}
