import { object, string } from 'yup';
import './yupLocale';
import { isEmailAddress } from '@contract/address/email';
import { isValidPhone } from '@contract/address/phone';
import { fieldMessage as m } from './fieldMessage';
import type { ValidationContext } from './validationContext';

/** Emails compare trimmed and case-blind: no mail system delivers differently by case. */
function sameEmail(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

export function emailSchema() {
  const invalid = m('validation.email.invalid');
  // The booking API checks the same rule (contract/address/email.ts).
  return string().trim().required(invalid).test('email', invalid, isEmailAddress);
}

/** The confirmation field; it reads the sibling `email` field of the same object. */
export function emailConfirmSchema() {
  return string()
    .trim()
    .required(m('validation.email.confirm'))
    .test('same-email', m('validation.email.mismatch'), function (value) {
      return sameEmail(value, (this.parent as { email?: string }).email);
    });
}

export function firstNameSchema() {
  return string().trim().required(m('validation.name.first'));
}

export function lastNameSchema() {
  return string().trim().required(m('validation.name.last'));
}

/**
 * One field for the whole name: the name on a card. It asks for "first and last name", so it
 * needs at least two words.
 */
export function fullNameSchema() {
  const full = m('validation.name.full');
  return string()
    .trim()
    .required(full)
    .test('two-names', full, (value) => (value ?? '').split(/\s+/).length >= 2);
}

export function phoneSchema(context: ValidationContext) {
  return string()
    .trim()
    .test('phone', m('validation.phone.invalid'), (value) =>
      isValidPhone(value, context.homeCountry),
    );
}

/**
 * A phone the buyer may leave out (the profile's: the account needs none, and the server
 * accepts an empty one), judged by the checkout's rule once anything is typed.
 */
export function optionalPhoneSchema(context: ValidationContext) {
  return string()
    .trim()
    .test(
      'phone',
      m('validation.phone.invalid'),
      (value) => value === undefined || value === '' || isValidPhone(value, context.homeCountry),
    );
}

export function contactSchema(context: ValidationContext) {
  return object({
    firstName: firstNameSchema(),
    lastName: lastNameSchema(),
    email: emailSchema(),
    emailConfirm: emailConfirmSchema(),
    phone: phoneSchema(context),
  });
}
