import { StepPage } from './StepPage';

/**
 * The catalogue steps not built yet (spec §2). Each shows its spec heading inside the normal
 * frame; the issues that build a step give it its own page.
 */

export function MembershipPage() {
  return <StepPage headingId="membership.heading" subheadingId="membership.subheading" />;
}

export function SubscriptionsPage() {
  return <StepPage headingId="subscriptions.heading" subheadingId="subscriptions.subheading" />;
}
