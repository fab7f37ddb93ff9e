import type { CardToken, TokeniseBody } from '@contract/api/payment';
import type { Wallet } from '@contract/api/paymentMethodKinds';
import { normaliseCardNumber } from '@contract/cards';
import { toApiError, type ApiError } from '@/api/errors';
import { tokeniseCard } from '@/api/payment';
import type { CardValues } from '@/components/form/validation/cardSchema';
import type { CardField, CardProblem, CardProblems } from './paymentSlice';

/**
 * What sending the card to the payment service came to:
 * - `token`: the single-use token the pay request carries;
 * - `refused`: a card field failed the service's rules (the same as the form's, contract/cards.ts);
 * - `unreachable`: the payment service cannot be reached at all — no answer twice in a row, or an
 *   answer that says it is not there (404, 502, 504): spec §8 "no payment options";
 * - `retry`: busy or slow (429 rate limit, 503, a time-out): the retry alert, the card sent again.
 */
export type TokeniseOutcome =
  | { kind: 'token'; token: CardToken }
  | { kind: 'refused'; problems: CardProblems }
  | { kind: 'unreachable' }
  | { kind: 'retry' };

/** One quiet second try after a dropped connection, before the buyer is told. */
const RECONNECT_DELAY_MS = 1_000;

const CARD_CODES: Partial<Record<NonNullable<ApiError['code']>, [CardField, CardProblem]>> = {
  card_number_invalid: ['cardNumber', 'number'],
  card_type_not_accepted: ['cardNumber', 'notAccepted'],
  card_expiry_month_invalid: ['expiry', 'expiryMonth'],
  card_expiry_year_invalid: ['expiry', 'expiryYear'],
  card_cvv_invalid: ['cvv', 'cvv'],
};

function classify(error: ApiError): TokeniseOutcome {
  if (error.kind === 'network') return { kind: 'unreachable' };
  if (error.kind !== 'http') return { kind: 'retry' };
  const refusal = error.code === undefined ? undefined : CARD_CODES[error.code];
  if (refusal !== undefined) return { kind: 'refused', problems: { [refusal[0]]: refusal[1] } };
  // Lengths the form already keeps to; only the name can still be refused (blank once trimmed).
  if (error.code === 'validation_failed' && error.fields?.some((field) => field.endsWith('name')))
    return { kind: 'refused', problems: { cardName: 'name' } };
  if (error.status === 404 || error.status === 502 || error.status === 504)
    return { kind: 'unreachable' };
  return { kind: 'retry' };
}

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Sends the card straight from the form to the payment service. Called by the payment page, not
 * a saga: the card details never enter the Redux store or its action log, only the token does.
 */
export function tokenise(values: CardValues): Promise<TokeniseOutcome> {
  return send({
    number: normaliseCardNumber(values.cardNumber),
    name: values.cardName.trim(),
    expiry: values.expiry.trim(),
    cvv: values.cvv.trim(),
  });
}

/**
 * Exchanges a wallet's token (from its sheet) for a payment token, as typed card details are
 * (issue 15). A refusal has no field to show it on: the wallet's card was not taken.
 */
export async function tokeniseWallet(
  wallet: Wallet,
  walletToken: string,
): Promise<TokeniseOutcome> {
  return send({ wallet, walletToken }, (error) =>
    // The provider could not read or would not take the wallet's card (4xx but a missing
    // service or a rate limit): a refusal of the wallet payment, not a reason to try again.
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 404 &&
    error.status !== 429
      ? { kind: 'refused', problems: {} }
      : classify(error),
  );
}

async function send(
  body: TokeniseBody,
  classifyError: (error: ApiError) => TokeniseOutcome = classify,
): Promise<TokeniseOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { kind: 'token', token: await tokeniseCard(body) };
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.kind === 'network' && attempt === 0) {
        await pause(RECONNECT_DELAY_MS);
        continue;
      }
      return classifyError(apiError);
    }
  }
}
