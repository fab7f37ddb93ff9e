import { FormattedMessage } from 'react-intl';
import { SecondaryButton } from '@/components/Button';
import { ProblemPanel } from '@/components/errors/ProblemPanel';
import type { BasketError } from './basketSlice';

type Props = {
  error: BasketError | null;
  onRetry: () => void;
  /** A change of the buyer's that did not save, rather than the basket that did not load. */
  change?: boolean;
};

/**
 * The basket could not be read or a change not saved: said in words, with "Try again". An
 * expired hold needs no retry; the reservation's expiry dialog takes over.
 */
export function BasketProblem({ error, onRetry, change = false }: Props) {
  return (
    <ProblemPanel role="alert">
      <p>
        <FormattedMessage id={change ? 'customer.update.failed' : 'basket.error.load'} />{' '}
        {error === 'connection' ? <FormattedMessage id="reservation.error.connection" /> : null}
      </p>
      {error === 'expired' ? null : (
        <SecondaryButton type="button" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </SecondaryButton>
      )}
    </ProblemPanel>
  );
}
