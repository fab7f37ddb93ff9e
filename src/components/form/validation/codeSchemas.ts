import { object, string } from 'yup';
import './yupLocale';
import { SLUG_PATTERN } from '@contract/patterns';
import { fieldMessage as m, type FieldMessage } from './fieldMessage';
import type { ValidationContext } from './validationContext';

/** Longest voucher or gift card number the box office issues; the field stops typing there. */
export const VOUCHER_MAX_LENGTH = 64;

/** Printed codes are read with spaces and dashes ("1234 5678", "ABCD-EFGH"): they don't count. */
function compactCode(value: string | undefined): string {
  return (value ?? '').replace(/[\s-]+/g, '');
}

/** A voucher or gift card number: letters and digits, at least the venue's minimum length. */
function cardNumberRule(minLength: number, message: FieldMessage) {
  return string().test('code', message, (value) => {
    const code = compactCode(value);
    return (
      /^[A-Za-z0-9]+$/.test(code) && code.length >= minLength && code.length <= VOUCHER_MAX_LENGTH
    );
  });
}

function requiredCode(message: FieldMessage) {
  return string().trim().required(message).max(VOUCHER_MAX_LENGTH, message);
}

/** A gift voucher: its number (at least `minVoucherNumberLength`) and the redemption code. */
export function voucherSchema(context: ValidationContext) {
  return object({
    voucherNumber: cardNumberRule(context.minVoucherNumberLength, m('validation.voucher.number')),
    redemptionCode: requiredCode(m('validation.voucher.redemptionCode')),
  });
}

/** A gift card: its number and the access number (PIN) printed beside it. */
export function giftCardSchema(context: ValidationContext) {
  return object({
    giftCardNumber: cardNumberRule(
      context.minVoucherNumberLength,
      m('validation.voucher.giftCardNumber'),
    ),
    accessNumber: requiredCode(m('validation.voucher.giftCardAccess')),
  });
}

/** A promo code typed by the buyer: the spec's slug rule (1-255 of letters, digits and ! . + & -). */
export function promoCodeSchema() {
  const invalid = m('validation.promo.invalid');
  return object({
    promoCode: string().trim().required(invalid).matches(SLUG_PATTERN, { message: invalid }),
  });
}
