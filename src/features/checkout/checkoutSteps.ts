import type { Basket } from '@contract/api/basket';
import { CHECKOUT_PATHS } from '@/config/paths';

/**
 * The order of the checkout steps after seats are held (spec §2), and which of them a basket
 * needs: Extras only when the hold is offered some, ticket protection only when the product has
 * a fee in the basket's currency. Every step asks this module where "Continue" and "Back" go, so
 * the order is written once.
 */

export const CHECKOUT_STEPS = [
  'reservations',
  'extras',
  'ticketProtection',
  'collection',
  'contacts',
  'payment',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

type BasketShape = Pick<Basket, 'upsellsOffered' | 'ticketProtection'>;

export function stepApplies(step: CheckoutStep, basket: BasketShape): boolean {
  if (step === 'extras') return basket.upsellsOffered.length > 0;
  if (step === 'ticketProtection') return basket.ticketProtection !== null;
  return true;
}

export function stepPath(step: CheckoutStep): string {
  return CHECKOUT_PATHS[step];
}

/** The step after `current` that this basket needs. */
export function nextStep(current: CheckoutStep, basket: BasketShape): CheckoutStep {
  const after = CHECKOUT_STEPS.slice(CHECKOUT_STEPS.indexOf(current) + 1);
  return after.find((step) => stepApplies(step, basket)) ?? 'payment';
}

/** The step before `current` that this basket needs (the review step first of all). */
export function previousStep(current: CheckoutStep, basket: BasketShape): CheckoutStep {
  const before = CHECKOUT_STEPS.slice(0, CHECKOUT_STEPS.indexOf(current)).reverse();
  return before.find((step) => stepApplies(step, basket)) ?? 'reservations';
}

/**
 * The step whose question is still open before `current` can be shown: ticket protection wants a
 * yes or a no, and a buyer who goes straight to a later address has not given one. Null when
 * nothing is owed (the server refuses to sell without the answer too).
 */
export function unansweredStepBefore(
  current: CheckoutStep,
  basket: Pick<Basket, 'ticketProtection'>,
): CheckoutStep | null {
  const after = CHECKOUT_STEPS.indexOf(current) > CHECKOUT_STEPS.indexOf('ticketProtection');
  return after && basket.ticketProtection?.choice === 'undecided' ? 'ticketProtection' : null;
}
