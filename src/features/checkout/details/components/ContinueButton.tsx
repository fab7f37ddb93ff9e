import type { MouseEvent } from 'react';
import { useFormikContext } from 'formik';
import { FormattedMessage } from 'react-intl';
import { PrimaryButton } from '@/components/Button';
import { StickyActions } from '@/components/form/StickyActions';

/**
 * The step's submit. While a save is out it stays focusable but does nothing (a second click
 * or Enter would start a second save), and says it is busy.
 */
export function ContinueButton() {
  const { isSubmitting } = useFormikContext();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isSubmitting) event.preventDefault();
  };
  return (
    <StickyActions>
      <PrimaryButton
        type="submit"
        aria-disabled={isSubmitting}
        aria-busy={isSubmitting}
        onClick={onClick}
      >
        <FormattedMessage id="customerDetails.continue" />
      </PrimaryButton>
    </StickyActions>
  );
}
