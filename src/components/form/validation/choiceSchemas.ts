import { boolean, string } from 'yup';
import './yupLocale';
import { fieldMessage as m, type FieldMessage } from './fieldMessage';

function oneOfOffered(offered: readonly string[], message: FieldMessage) {
  return string().test(
    'offered',
    message,
    (value) => value !== undefined && offered.includes(value),
  );
}

/** The delivery methods this basket is offered (boxOffice, eTicket, post, ...). */
export function deliveryMethodSchema(offered: readonly string[]) {
  return oneOfOffered(offered, m('validation.select.deliveryMethod'));
}

export function paymentMethodSchema(offered: readonly string[]) {
  return oneOfOffered(offered, m('validation.select.paymentMethod'));
}

/** The terms box must be ticked; false and untouched are the same refusal. */
export function termsSchema() {
  return boolean().oneOf([true], m('validation.select.terms'));
}
