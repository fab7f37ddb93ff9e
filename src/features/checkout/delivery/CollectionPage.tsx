import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import { useNavigate } from 'react-router';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { ErrorSummary } from '@/components/form/ErrorSummary';
import { CheckoutSignInOffer } from '@/features/auth/CheckoutSignInOffer';
import { CheckoutStepFrame } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import { nextStep, stepPath } from '@/features/checkout/checkoutSteps';
import { AddressFields } from '../details/components/AddressFields';
import { ContinueButton } from '../details/components/ContinueButton';
import { DeliveryMethodField } from '../details/components/DeliveryMethodField';
import { DetailsGate, type LoadedDetails } from '../details/components/DetailsGate';
import { SaveProblem } from '../details/components/SaveProblem';
import { collectionBody, collectionValues } from '../details/detailsValues';
import { ANY_BASKET, detailsContext } from '../details/detailsContext';
import { useDetailsForm } from '../details/useDetailsForm';
import {
  POSTED_DELIVERY,
  collectionSchema,
  type CollectionValues,
} from '../../../components/form/validation/customerDetailsSchema';

/** The step's fields in page order, for the error summary. */
const FIELD_ORDER = [
  'deliveryMethod',
  'address.line1',
  'address.line2',
  'address.city',
  'address.state',
  'address.postcode',
  'address.country',
];

/**
 * `/checkout/collection`, "Ticket delivery": how the tickets reach the buyer — the ways the server
 * offers for this hold, and an address when they are posted. Not the spec's "Delivery and
 * payment": nothing is paid here (payment is its own step).
 */
export default function CollectionPage() {
  return (
    <CheckoutStepFrame
      step="collection"
      headingId="steps.collection.heading"
      subheadingId="steps.customerDetails.subheading"
    >
      <DetailsGate>{(loaded) => <CollectionForm {...loaded} />}</DetailsGate>
    </CheckoutStepFrame>
  );
}

function CollectionForm({ target, venue, details, options }: LoadedDetails) {
  const navigate = useNavigate();
  const { basket } = useBasket();
  const context = useMemo(() => detailsContext(venue, options), [venue, options]);
  const schema = useMemo(
    () => collectionSchema(context, { deliveryMethods: options.deliveryMethods }),
    [context, options.deliveryMethods],
  );
  // The form opens with what was stored; later answers never reset what the buyer is typing.
  const [initialValues] = useState(() => collectionValues(details, options, context));
  const form = useDetailsForm<CollectionValues>({
    step: 'collection',
    target,
    schema,
    toBody: (values) => collectionBody(values, context),
    homeCountry: context.homeCountry,
    questions: options.questions,
    onSaved: () => {
      void navigate(stepPath(nextStep('collection', basket ?? ANY_BASKET)));
    },
  });

  return (
    <>
      <CheckoutSignInOffer venue={venue} />
      <Formik initialValues={initialValues} validate={form.validate} onSubmit={form.onSubmit}>
        {({ values }) => (
          <CheckoutForm>
            <ErrorSummary fields={FIELD_ORDER} />
            <DeliveryMethodField
              methods={options.deliveryMethods}
              eTicketDescription={venue.settings.flags.eTicketDescription}
            />
            {values.deliveryMethod === POSTED_DELIVERY ? (
              <AddressFields context={context} lookup={venue.settings.flags.showAddressLookup} />
            ) : null}
            <SaveProblem problem={form.problem} />
            <ContinueButton />
          </CheckoutForm>
        )}
      </Formik>
    </>
  );
}
