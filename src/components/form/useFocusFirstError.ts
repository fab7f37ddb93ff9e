import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useFormikContext } from 'formik';
import { ERROR_SUMMARY_MARKER, INVALID_MARKER } from './fieldIds';

export type ErrorFocus = 'field' | 'summary';

/**
 * Once per failed submit, focuses the first invalid control in page order (or the error summary),
 * so keyboard and screen-reader users land on the problem instead of a button that did nothing.
 * A layout effect, so the messages and the focus arrive in the same commit.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, focus: ErrorFocus) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const handledSubmit = useRef(0);

  useLayoutEffect(() => {
    if (isSubmitting || isValidating || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    if (Object.keys(errors).length === 0 || form.current === null) return;
    const invalid = form.current.querySelector<HTMLElement>(`[${INVALID_MARKER}="true"]`);
    const summary = form.current.querySelector<HTMLElement>(`[${ERROR_SUMMARY_MARKER}="true"]`);
    (focus === 'summary' ? (summary ?? invalid) : invalid)?.focus();
  }, [form, focus, submitCount, isSubmitting, isValidating, errors]);
}
