import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { Formik, type FormikValues } from 'formik';
import type { Schema } from 'yup';
import { afterEach } from 'vitest';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import type { ErrorFocus } from '@/components/form/useFocusFirstError';
import { getVenue } from '@/config/venues';
import { VenueIntlProvider } from '@/i18n/VenueIntlProvider';
import { VenueThemeProvider } from '@/theme/VenueThemeProvider';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

type Options<Values> = {
  venueSlug: string;
  schema: Schema;
  initialValues: Values;
  children: ReactNode;
  onSubmit?: (values: Values) => void;
  focusOnError?: ErrorFocus;
};

/**
 * A checkout form as a step builds one: Formik with the schema through validateWithSchema, the
 * CheckoutForm wrapper, and the venue's real text and theme. Resolves once the venue's text has
 * loaded and the form is on screen.
 */
export async function renderForm<Values extends FormikValues>({
  venueSlug,
  schema,
  initialValues,
  children,
  onSubmit = () => undefined,
  focusOnError,
}: Options<Values>) {
  const venue = getVenue(venueSlug);
  if (venue === undefined) throw new Error(`no venue ${venueSlug}`);
  const view = render(
    <VenueThemeProvider venue={venue}>
      <VenueIntlProvider venue={venue}>
        <Formik
          initialValues={initialValues}
          validate={validateWithSchema(schema)}
          onSubmit={onSubmit}
        >
          <CheckoutForm focusOnError={focusOnError} aria-labelledby="form-title">
            <h1 id="form-title">Your details</h1>
            {children}
            <button type="submit">Continue</button>
          </CheckoutForm>
        </Formik>
      </VenueIntlProvider>
    </VenueThemeProvider>,
  );
  await screen.findByRole('button', { name: 'Continue' });
  return view;
}
