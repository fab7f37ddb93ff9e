import { setIn, type FormikErrors, type FormikValues } from 'formik';
import { ValidationError, type Schema } from 'yup';
import { isFieldMessage, type FieldMessage } from '@/components/form/validation/fieldMessage';

/**
 * Formik's `validate` for a yup schema whose messages are FieldMessage descriptors. Formik's own
 * `validationSchema` would copy the descriptors in as if they were strings; doing it here keeps
 * the one unchecked step in one place, and keeps only the first failing rule of each field (rules
 * are declared in the order a buyer should hear them: required before format).
 */
export function validateWithSchema<Values extends FormikValues>(schema: Schema) {
  return (values: Values): FormikErrors<Values> => {
    try {
      schema.validateSync(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!ValidationError.isError(error)) throw error;
      return collectErrors<Values>(error);
    }
  };
}

function collectErrors<Values>(error: ValidationError): FormikErrors<Values> {
  const failures = error.inner.length > 0 ? error.inner : [error];
  let errors: FormikErrors<Values> = {};
  const seen = new Set<string>();
  for (const failure of failures) {
    const path = failure.path ?? '';
    // yup types messages as strings; ours are descriptors (fieldMessage.ts).
    const message: unknown = failure.message;
    if (seen.has(path) || !isFieldMessage(message)) continue;
    seen.add(path);
    errors = setIn(errors, path, message satisfies FieldMessage) as FormikErrors<Values>;
  }
  return errors;
}
