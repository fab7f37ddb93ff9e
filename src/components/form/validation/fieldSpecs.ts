import type { TextFieldProps } from '@/components/form/TextField';
import type { SelectFieldProps } from '@/components/form/SelectField';
import { CITY_MAX_LENGTH } from '@contract/address/city';
import { VOUCHER_MAX_LENGTH } from './codeSchemas';
import type { ValidationContext } from './validationContext';

type TextSpec = TextFieldProps;
type SelectSpec = Omit<SelectFieldProps, 'options'>;

/** Longest name we keep; the booking API refuses longer. */
export const NAME_MAX_LENGTH = 50;

/**
 * How each checkout field is rendered: the form names the schemas check, labels, and the autofill
 * tokens and keyboards that let a phone fill the form in one tap. A step spreads one of these
 * into <TextField> or <SelectField> (`<TextField {...fields.email} />`).
 */
export function fieldSpecs({ homeCountry }: Pick<ValidationContext, 'homeCountry'>) {
  const code = { spellCheck: false, autoComplete: 'off' } as const;
  return {
    firstName: {
      name: 'firstName',
      label: 'customerDetails.firstName.label',
      autoComplete: 'given-name',
      maxLength: NAME_MAX_LENGTH,
      spellCheck: false,
    },
    lastName: {
      name: 'lastName',
      label: 'customerDetails.lastName.label',
      autoComplete: 'family-name',
      maxLength: NAME_MAX_LENGTH,
      spellCheck: false,
    },
    email: {
      name: 'email',
      label: 'customerDetails.email.label',
      type: 'email',
      autoComplete: 'email',
      inputMode: 'email',
      maxLength: 254,
      spellCheck: false,
    },
    emailConfirm: {
      name: 'emailConfirm',
      label: 'customerDetails.emailConfirm.label',
      type: 'email',
      autoComplete: 'email',
      inputMode: 'email',
      maxLength: 254,
      spellCheck: false,
    },
    phone: {
      name: 'phone',
      label: 'customerDetails.phone.label',
      hint: 'customerDetails.phone.hint',
      type: 'tel',
      autoComplete: 'tel',
      inputMode: 'tel',
      maxLength: 30,
    },
    addressLine1: {
      name: 'address.line1',
      label: 'address.line1.label',
      autoComplete: 'address-line1',
      maxLength: 100,
    },
    addressLine2: {
      name: 'address.line2',
      label: 'address.line2.label',
      autoComplete: 'address-line2',
      maxLength: 100,
      required: false,
    },
    city: {
      name: 'address.city',
      label: 'address.city.label',
      autoComplete: 'address-level2',
      // One more than allowed, so the 40-character message can be seen rather than typing just stopping.
      maxLength: CITY_MAX_LENGTH + 1,
    },
    postcode: {
      name: 'address.postcode',
      label: 'address.postcode.label',
      autoComplete: 'postal-code',
      // ZIP and ZIP+4 are digits (ZIP+4 may be typed without its dash); UK postcodes need letters.
      inputMode: homeCountry === 'US' ? 'numeric' : 'text',
      maxLength: 10,
      spellCheck: false,
      width: 'short',
    },
    lookupPostcode: {
      name: 'lookupPostcode',
      label: 'address.lookup.label',
      autoComplete: 'postal-code',
      inputMode: homeCountry === 'US' ? 'numeric' : 'text',
      maxLength: 10,
      spellCheck: false,
      width: 'short',
    },
    cardNumber: {
      name: 'cardNumber',
      label: 'payment.card.number.label',
      autoComplete: 'cc-number',
      inputMode: 'numeric',
      maxLength: 23,
      spellCheck: false,
    },
    cardName: {
      name: 'cardName',
      label: 'payment.card.name.label',
      autoComplete: 'cc-name',
      maxLength: 100,
      spellCheck: false,
    },
    expiry: {
      name: 'expiry',
      label: 'payment.card.expiry.label',
      hint: 'payment.card.expiry.hint',
      autoComplete: 'cc-exp',
      maxLength: 7,
      spellCheck: false,
      width: 'short',
    },
    cvv: {
      name: 'cvv',
      label: 'payment.card.cvv.label',
      hint: 'payment.card.cvv.hint',
      autoComplete: 'cc-csc',
      inputMode: 'numeric',
      maxLength: 4,
      width: 'short',
    },
    voucherNumber: {
      ...code,
      name: 'voucherNumber',
      label: 'voucher.number.label',
      maxLength: VOUCHER_MAX_LENGTH,
    },
    redemptionCode: {
      ...code,
      name: 'redemptionCode',
      label: 'voucher.redemptionCode.label',
      maxLength: VOUCHER_MAX_LENGTH,
    },
    giftCardNumber: {
      ...code,
      name: 'giftCardNumber',
      label: 'giftCard.number.label',
      maxLength: VOUCHER_MAX_LENGTH,
    },
    accessNumber: {
      ...code,
      name: 'accessNumber',
      label: 'giftCard.accessNumber.label',
      maxLength: VOUCHER_MAX_LENGTH,
    },
    promoCode: { ...code, name: 'promoCode', label: 'promo.code.label', maxLength: 255 },
  } satisfies Record<string, TextSpec>;
}

export function selectSpecs() {
  return {
    state: { name: 'address.state', label: 'address.state.label', autoComplete: 'address-level1' },
    country: { name: 'address.country', label: 'address.country.label', autoComplete: 'country' },
  } satisfies Record<string, SelectSpec>;
}
