import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { CHECKOUT_PATHS } from '@/config/paths';
import { priceChangeReviewed } from './basketSlice';

type Props = { open: boolean };

/**
 * Spec §4/§8: a price or fee moved since the buyer looked. The step is interrupted until they
 * choose to review the basket; Continue takes them to the first step that lists it, where what
 * they now see becomes the version they agreed to.
 */
export function PriceChangeAlert({ open }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={<FormattedMessage id="payment.priceChange.title" />}
      actions={
        <PrimaryButton
          type="button"
          onClick={() => {
            dispatch(priceChangeReviewed());
            if (pathname !== CHECKOUT_PATHS.reservations)
              void navigate(CHECKOUT_PATHS.reservations);
          }}
        >
          <FormattedMessage id="payment.priceChange.continue" />
        </PrimaryButton>
      }
    >
      <p>
        <FormattedMessage id="payment.priceChange.body" />
      </p>
    </Dialog>
  );
}
