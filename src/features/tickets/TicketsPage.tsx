import { StepPage } from '@/features/steps/StepPage';

/** Seat selection for one performance (the route has validated its id). */
export default function TicketsPage() {
  return <StepPage headingId="steps.seatmap.heading" subheadingId="steps.seatmap.subheading" />;
}
