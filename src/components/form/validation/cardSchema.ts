import { object, string, type TestContext } from 'yup';
import './yupLocale';
import {
  CARD_BRANDS,
  CARD_BRAND_NAMES,
  CARDHOLDER_NAME_MAX_LENGTH,
  checkCardNumber,
  detectCardBrand,
  expiryProblem,
  isCvvValid,
  type CardBrand,
} from '@contract/cards';
import { fullNameSchema } from './contactSchema';
import { fieldMessage as m } from './fieldMessage';
import type { ValidationContext } from './validationContext';

export type CardValues = {
  cardNumber: string;
  cardName: string;
  /** MM/YY as typed. */
  expiry: string;
  cvv: string;
};

export type CardSchemaOptions = {
  /** The brands these seats can be paid with: all of spec §9, or American Express only for amex seats. */
  acceptedBrands?: readonly CardBrand[];
  /** The clock for the expiry rule; tests pass a fixed one. */
  now?: () => Date;
};

/** "American Express", "Visa or Mastercard": the {cardTypes} of the spec's message, in the buyer's language. */
export function acceptedCardTypes(brands: readonly CardBrand[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    brands.map((brand) => CARD_BRAND_NAMES[brand]),
  );
}

/**
 * The card fields of the payment step. The rules themselves (networks, Luhn, CVV length per
 * brand, expiry) live in contract/cards.ts, which the payment service applies again; this only
 * maps each outcome to the spec's message.
 */
export function cardSchema(context: ValidationContext, options: CardSchemaOptions = {}) {
  const accepted = options.acceptedBrands ?? CARD_BRANDS;
  const now = options.now ?? (() => new Date());
  const notAccepted = m('validation.card.numberForTypes', {
    cardTypes: acceptedCardTypes(accepted, context.locale),
  });

  return object({
    cardNumber: string().test('card-number', function (this: TestContext, value) {
      const check = checkCardNumber(value ?? '', accepted);
      if (check === 'valid') return true;
      return this.createError({
        message: check === 'invalid' ? m('validation.card.number') : notAccepted,
      });
    }),
    cardName: fullNameSchema().max(CARDHOLDER_NAME_MAX_LENGTH, m('validation.name.full')),
    expiry: string().test('expiry', function (this: TestContext, value) {
      const problem = expiryProblem(value ?? '', now());
      if (problem === null) return true;
      return this.createError({
        message:
          problem === 'month' ? m('validation.card.expiryMonth') : m('validation.card.expiryYear'),
      });
    }),
    // The length follows the brand of the number typed above (4 for American Express, else 3).
    cvv: string().test('cvv', m('validation.card.cvv'), function (this: TestContext, value) {
      const number = (this.parent as { cardNumber?: string }).cardNumber ?? '';
      return isCvvValid(value ?? '', detectCardBrand(number));
    }),
  });
}
