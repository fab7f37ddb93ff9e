import { StepPage } from './StepPage';

/**
 * The checkout and catalogue steps (spec §2). Each shows its spec heading inside the normal
 * frame; the issues that build a step move it to its own feature folder.
 */

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

export function MembershipPage() {
  return <StepPage headingId="membership.heading" subheadingId="membership.subheading" />;
}

export function SubscriptionsPage() {
  return <StepPage headingId="subscriptions.heading" subheadingId="subscriptions.subheading" />;
}
