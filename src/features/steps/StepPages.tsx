import { StepPage } from './StepPage';

/**
 * The checkout and catalogue steps (spec §2). Each shows its spec heading inside the normal
 * frame; the issues that build a step move it to its own feature folder.
 */

export function ExtrasPage() {
  return <StepPage headingId="steps.upsells.heading" subheadingId="steps.upsells.subheading" />;
}

export function TicketProtectionPage() {
  return (
    <StepPage
      headingId="steps.ticketProtection.heading"
      subheadingId="steps.ticketProtection.subheading"
    />
  );
}

export function CollectionPage() {
  return (
    <StepPage
      headingId="steps.customerDetails.heading"
      subheadingId="steps.customerDetails.subheading"
    />
  );
}

export function ContactsPage() {
  return (
    <StepPage
      headingId="steps.customerDetails.heading"
      subheadingId="steps.customerDetails.subheading"
    />
  );
}

export function PaymentPage() {
  return <StepPage headingId="steps.payment.heading" subheadingId="steps.payment.subheading" />;
}

export function VerifyPage() {
  return <StepPage headingId="steps.verify.heading" subheadingId="steps.verify.subheading" />;
}

export function ConfirmationPage() {
  return (
    <StepPage headingId="steps.confirmation.heading" subheadingId="steps.confirmation.subheading" />
  );
}

export function PaymentFailedPage() {
  return <StepPage headingId="payment.failed.title" subheadingId="payment.failed.subtitle" />;
}

export function MembershipPage() {
  return <StepPage headingId="membership.heading" subheadingId="membership.subheading" />;
}

export function SubscriptionsPage() {
  return <StepPage headingId="subscriptions.heading" subheadingId="subscriptions.subheading" />;
}
