import { CheckoutStepFrame } from '@/features/checkout/CheckoutStepFrame';
import { PaymentStep, usePaymentStep } from '@/features/payment/PaymentStep';

/**
 * The payment step (/checkout/payment): the checkout's frame around what the payment capability
 * shows (vouchers, the methods, the card form, wallets, notices and progress).
 */
export default function PaymentPage() {
  const step = usePaymentStep();
  return (
    <CheckoutStepFrame
      step="payment"
      headingId="steps.payment.heading"
      subheadingId="steps.payment.subheading"
    >
      <PaymentStep step={step} />
    </CheckoutStepFrame>
  );
}
