import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import { useNavigate } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { CheckboxField } from '@/components/form/CheckboxField';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { ErrorSummary } from '@/components/form/ErrorSummary';
import { TextField } from '@/components/form/TextField';
import { CheckoutStepFrame } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import { selectSignedIn } from '@/features/auth/authSlice';
import { nextStep, stepPath } from '@/features/checkout/checkoutSteps';
import { ConsentFields } from '../details/components/ConsentFields';
import { ContinueButton } from '../details/components/ContinueButton';
import { DetailsGate, type LoadedDetails } from '../details/components/DetailsGate';
import { QuestionFields } from '../details/components/QuestionFields';
import { SaveProblem } from '../details/components/SaveProblem';
import { ANY_BASKET, detailsContext } from '../details/detailsContext';
import { contactsBody, contactsValues } from '../details/detailsValues';
import { useDetailsForm } from '../details/useDetailsForm';
import {
  contactsSchema,
  type ContactsValues,
} from '../../../components/form/validation/customerDetailsSchema';
import { fieldSpecs } from '../../../components/form/validation/fieldSpecs';

type ContactsFormValues = ContactsValues & { saveToProfile: boolean };

/**
 * `/checkout/contacts` ("Contact details"): who the buyer is and how to reach them, the venue's
 * questions, the terms and what we may email. Then payment (also for a zero-price order, which
 * confirms there without a card).
 */
export default function ContactsPage() {
  return (
    <CheckoutStepFrame
      step="contacts"
      headingId="steps.contactDetails.heading"
      subheadingId="steps.contactDetails.subheading"
    >
      <DetailsGate>{(loaded) => <ContactsForm {...loaded} />}</DetailsGate>
    </CheckoutStepFrame>
  );
}

function ContactsForm({ target, venue, details, options }: LoadedDetails) {
  const navigate = useNavigate();
  const { basket } = useBasket();
  const context = useMemo(() => detailsContext(venue, options), [venue, options]);
  const { questions } = options;
  const schema = useMemo(() => contactsSchema(context, { questions }), [context, questions]);
  const fieldOrder = useMemo(
    () => [
      'firstName',
      'lastName',
      'email',
      'emailConfirm',
      'phone',
      ...questions.map((question) => `answers.${question.id}`),
      'acceptTerms',
    ],
    [questions],
  );
  // Issue 14: a signed-in buyer's details arrive pre-filled from their profile (the details
  // read does that), and may be saved back to it when they ask.
  const signedIn = useAppSelector(selectSignedIn);
  // The form opens with what was stored; later answers never reset what the buyer is typing.
  const [initialValues] = useState<ContactsFormValues>(() => ({
    ...contactsValues(details, options),
    saveToProfile: false,
  }));
  const { flags } = venue.settings;
  const form = useDetailsForm<ContactsFormValues>({
    step: 'contacts',
    target,
    schema,
    toBody: ({ saveToProfile, ...values }) => ({
      ...contactsBody(values, options, flags),
      ...(signedIn && saveToProfile ? { saveToProfile: true } : {}),
    }),
    homeCountry: context.homeCountry,
    questions,
    onSaved: () => {
      void navigate(stepPath(nextStep('contacts', basket ?? ANY_BASKET)));
    },
  });
  const fields = fieldSpecs(context);

  return (
    <Formik initialValues={initialValues} validate={form.validate} onSubmit={form.onSubmit}>
      <CheckoutForm>
        <ErrorSummary fields={fieldOrder} />
        <TextField {...fields.firstName} />
        <TextField {...fields.lastName} />
        <TextField {...fields.email} />
        <TextField {...fields.emailConfirm} />
        <TextField {...fields.phone} />
        <QuestionFields questions={questions} />
        <ConsentFields venue={venue} />
        {signedIn ? (
          <CheckboxField name="saveToProfile" label="customerDetails.saveToProfile" />
        ) : null}
        <SaveProblem problem={form.problem} />
        <ContinueButton />
      </CheckoutForm>
    </Formik>
  );
}
