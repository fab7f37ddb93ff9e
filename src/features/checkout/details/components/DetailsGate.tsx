import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CheckoutDetails, CheckoutOptions } from '@contract/api/checkout';
import { SecondaryButton } from '@/components/Button';
import { ProblemPanel } from '@/components/errors/ProblemPanel';
import { LoadingBlock } from '@/components/LoadingBlock';
import type { VenueConfig } from '@/config/venues';
import type { DetailsTarget } from '@/features/checkout/details/detailsSlice';
import { useCheckoutDetails } from '@/features/checkout/details/useCheckoutDetails';

export type LoadedDetails = {
  target: DetailsTarget;
  venue: VenueConfig;
  details: CheckoutDetails;
  options: CheckoutOptions;
};

type Props = { children: (loaded: LoadedDetails) => ReactNode };

/**
 * A details step's form opens only with what the server has stored, so it starts prefilled
 * and never resets under the buyer's fingers when the answer arrives.
 */
export function DetailsGate({ children }: Props) {
  const { target, venue, status, details, options, retry } = useCheckoutDetails();
  if (target !== null && venue !== undefined && details !== null && options !== null)
    return <>{children({ target, venue, details, options })}</>;
  if (status === 'failed')
    return (
      <ProblemPanel role="alert">
        <p>
          <FormattedMessage id="customerDetails.load.failed" />
        </p>
        <SecondaryButton type="button" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </SecondaryButton>
      </ProblemPanel>
    );
  return <LoadingBlock minHeight="24rem" />;
}
