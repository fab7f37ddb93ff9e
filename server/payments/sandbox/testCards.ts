import type { CardBrand } from '../../../contract/cards';
import { normaliseCardNumber } from '../../../contract/cards';

/**
 * The sandbox gateway's documented test cards (README "Test cards"; the tests read this list).
 * Any name, any future expiry and any security code of the right length (3, or 4 for American
 * Express) work with each. Any other valid number of an accepted brand is approved frictionless,
 * as most gateways' sandboxes do.
 *
 * Every card payment is a 3-D Secure 2 flow, so every one first asks for device-data
 * collection; then the card's behaviour decides:
 * - approve: frictionless, authorised straight after device-data collection;
 * - challenge: the challenge page follows ("Authenticate" authorises, "Fail authentication"
 *   declines with authentication_failed);
 * - decline / insufficient_funds: declined after device-data collection;
 * - timeout: the gateway never answers the authorisation, so the payment service gives up at
 *   its time limit, cancels the attempt and reports timed_out (nothing is charged).
 */
export type SandboxBehaviour =
  'approve' | 'challenge' | 'decline' | 'insufficient_funds' | 'timeout';

export interface TestCard {
  /** As printed on the card (groups of digits). */
  number: string;
  brand: CardBrand;
  behaviour: SandboxBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111 1111 1111 1111', brand: 'visa', behaviour: 'approve' },
  { number: '4000 0566 5566 5556', brand: 'visa-debit', behaviour: 'approve' },
  { number: '5555 5555 5555 4444', brand: 'mastercard', behaviour: 'approve' },
  { number: '2223 0000 0000 0023', brand: 'mastercard', behaviour: 'approve' },
  { number: '3782 822463 10005', brand: 'amex', behaviour: 'approve' },
  { number: '4000 0000 0000 3220', brand: 'visa', behaviour: 'challenge' },
  { number: '4000 0560 0000 3222', brand: 'visa-debit', behaviour: 'challenge' },
  { number: '5200 0000 0000 3225', brand: 'mastercard', behaviour: 'challenge' },
  { number: '3714 496353 98431', brand: 'amex', behaviour: 'challenge' },
  { number: '4000 0000 0000 0002', brand: 'visa', behaviour: 'decline' },
  { number: '5105 1051 0510 5100', brand: 'mastercard', behaviour: 'decline' },
  { number: '3400 000000 00009', brand: 'amex', behaviour: 'decline' },
  { number: '4000 0000 0000 9995', brand: 'visa', behaviour: 'insufficient_funds' },
  { number: '3764 000000 00008', brand: 'amex', behaviour: 'insufficient_funds' },
  { number: '4000 0000 0000 0119', brand: 'visa', behaviour: 'timeout' },
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [normaliseCardNumber(card.number), card]));

/** What the sandbox does with a card number (digits, spaces allowed). */
export function behaviourOf(number: string): SandboxBehaviour {
  return BY_NUMBER.get(normaliseCardNumber(number))?.behaviour ?? 'approve';
}

/** The first test card of a brand and behaviour (tests and the README table). */
export function testCard(brand: CardBrand, behaviour: SandboxBehaviour): TestCard {
  const card = TEST_CARDS.find((each) => each.brand === brand && each.behaviour === behaviour);
  if (!card) throw new Error(`no ${brand} test card that does ${behaviour}`);
  return card;
}
