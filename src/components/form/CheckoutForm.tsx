import { useRef, type ReactNode } from 'react';
import { Form } from 'formik';
import { useFocusFirstError, type ErrorFocus } from './useFocusFirstError';

type Props = {
  children: ReactNode;
  /** Where focus goes after a failed submit: the first invalid field (default) or the error summary. */
  focusOnError?: ErrorFocus;
  'aria-labelledby'?: string;
};

/**
 * Formik's <Form> without the browser's own validation bubbles (the schema's messages are the
 * spec's), and with focus moved to the first problem when a submit fails. Values are never reset
 * on failure: Formik keeps them, and nothing here touches them.
 */
export function CheckoutForm({ children, focusOnError = 'field', ...rest }: Props) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, focusOnError);
  return (
    <Form ref={ref} noValidate {...rest}>
      {children}
    </Form>
  );
}
