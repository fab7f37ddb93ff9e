import { describe, expect, it } from 'vitest';
import type { Schema } from 'yup';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { getVenue } from '@/config/venues';
import { addressSchema, postcodeLookupSchema } from './addressSchema';
import { cardSchema } from './cardSchema';
import { deliveryMethodSchema, paymentMethodSchema, termsSchema } from './choiceSchemas';
import { giftCardSchema, promoCodeSchema, voucherSchema } from './codeSchemas';
import { contactSchema, fullNameSchema } from './contactSchema';
import { customerDetailsSchema, emptyCustomerDetails } from './customerDetailsSchema';
import { isFieldMessage } from './fieldMessage';
import { answersSchema, type CheckoutQuestion } from './questionsSchema';
import { validationContextFor, type ValidationContext } from './validationContext';
import { object } from 'yup';

const GB: ValidationContext = { homeCountry: 'GB', locale: 'en-GB', minVoucherNumberLength: 2 };
const US: ValidationContext = { homeCountry: 'US', locale: 'en-US', minVoucherNumberLength: 8 };

/** Field path → the message id the buyer would see, exactly as the forms get them. */
function messages(schema: Schema, values: object): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (isFieldMessage(node)) {
      found[path] = node.id;
      return;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(validateWithSchema(schema)(values), '');
  return found;
}

function messageFor(schema: Schema, values: object, path: string): string | undefined {
  return messages(schema, values)[path];
}

describe('validation context', () => {
  it('takes the country, locale and voucher length from the venue', () => {
    expect(validationContextFor(getVenue('lumen-theatre')!)).toEqual({
      homeCountry: 'GB',
      locale: 'en-GB',
      minVoucherNumberLength: 2,
    });
    expect(validationContextFor(getVenue('hudson-stage')!)).toMatchObject({
      homeCountry: 'US',
      locale: 'en-US',
    });
  });
});

describe('contact details', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.co.uk',
    emailConfirm: 'ada@example.co.uk',
    phone: '020 7946 0123',
  };

  it('accepts a complete set', () => {
    expect(messages(contactSchema(GB), valid)).toEqual({});
  });

  it.each([
    ['firstName', '', 'validation.name.first'],
    ['firstName', '   ', 'validation.name.first'],
    ['lastName', '', 'validation.name.last'],
    ['email', '', 'validation.email.invalid'],
    ['email', 'ada', 'validation.email.invalid'],
    ['email', 'ada@example', 'validation.email.invalid'],
    ['email', 'ada@@example.com', 'validation.email.invalid'],
    ['email', 'ada example@example.com', 'validation.email.invalid'],
    ['emailConfirm', '', 'validation.email.confirm'],
    ['emailConfirm', 'ada@example.com', 'validation.email.mismatch'],
    ['phone', '', 'validation.phone.invalid'],
    ['phone', '12345', 'validation.phone.invalid'],
    ['phone', '020 7946 012', 'validation.phone.invalid'],
    ['phone', 'call me', 'validation.phone.invalid'],
  ])('%s %j → %s', (field, value, id) => {
    expect(messageFor(contactSchema(GB), { ...valid, [field]: value }, field)).toBe(id);
  });

  it('matches the confirmation ignoring case and surrounding spaces', () => {
    expect(
      messageFor(
        contactSchema(GB),
        { ...valid, emailConfirm: '  ADA@Example.co.uk ' },
        'emailConfirm',
      ),
    ).toBeUndefined();
  });

  it.each([
    [GB, '020 7946 0123', 'a London landline'],
    [GB, '0161 496 0000', 'a Manchester landline'],
    [GB, '07912 345678', 'a UK mobile'],
    [GB, '+44 7912 345678', 'a UK mobile in international form'],
    [GB, '+1 415 555 2671', 'a US number written with +1 at a UK venue'],
    [US, '(415) 555-2671', 'a San Francisco number'],
    [US, '212-555-0100', 'a New York number'],
    [US, '+1 212 555 0100', 'a US number with +1'],
    [US, '+44 20 7946 0123', 'a UK number written with +44 at a US venue'],
  ])('phone: accepts %s', (context, phone) => {
    expect(messageFor(contactSchema(context), { ...valid, phone }, 'phone')).toBeUndefined();
  });

  it.each([
    [GB, '7946 0123', 'too short for the UK'],
    [GB, '020 7946 01234 5', 'too long'],
    [GB, '(415) 555-2671', 'a US number without +1 at a UK venue'],
    [US, '555-2671', 'seven digits, no area code'],
    [US, '(123) 456-7890', 'area codes never start with 1'],
    [US, '020 7946 0123', 'a UK number without +44 at a US venue'],
  ])('phone: refuses %s (%s)', (context, phone) => {
    expect(messageFor(contactSchema(context), { ...valid, phone }, 'phone')).toBe(
      'validation.phone.invalid',
    );
  });

  it.each([
    ['', 'validation.name.full'],
    ['Cher', 'validation.name.full'],
    ['  Ada  ', 'validation.name.full'],
  ])('one full-name field (the name on a card): %j → %s', (name, id) => {
    expect(messageFor(object({ name: fullNameSchema() }), { name }, 'name')).toBe(id);
  });

  it('one full-name field accepts a first and a last name', () => {
    expect(
      messageFor(object({ name: fullNameSchema() }), { name: 'Ada King Lovelace' }, 'name'),
    ).toBeUndefined();
  });
});

describe('address', () => {
  const uk = {
    line1: '1 Lumen Street',
    line2: '',
    city: 'London',
    state: '',
    postcode: 'SW1A 2AA',
    country: 'GB',
  };
  const us = { ...uk, city: 'New York', state: 'NY', postcode: '10036', country: 'US' };

  it('accepts a complete UK and US address', () => {
    expect(messages(addressSchema(GB), uk)).toEqual({});
    expect(messages(addressSchema(US), us)).toEqual({});
  });

  it.each([
    ['line1', '', 'validation.address.lines'],
    ['city', '', 'validation.address.city'],
    ['city', 'x'.repeat(41), 'validation.address.cityTooLong'],
    ['postcode', '', 'validation.uk.postcodeRequired'],
    ['postcode', '12345', 'validation.uk.postcodeUkOnly'],
    ['postcode', 'SW1A 2A', 'validation.uk.postcodeInvalid'],
    ['country', '', 'validation.address.countryRequired'],
    ['country', 'FR', 'validation.address.postOnlyUk'],
    ['country', 'US', 'validation.address.postOnlyUk'],
  ])('UK venue: %s %j → %s', (field, value, id) => {
    expect(messages(addressSchema(GB), { ...uk, [field]: value })).toEqual({ [field]: id });
  });

  it.each([
    ['city', '', 'validation.address.city'],
    ['city', 'x'.repeat(41), 'validation.address.cityTooLong'],
    ['city', 'Springfield 9', 'validation.us.cityInvalid'],
    ['city', '-Boston', 'validation.us.cityInvalid'],
    ['state', '', 'validation.address.stateRequired'],
    ['state', 'ZZ', 'validation.address.stateRequired'],
    ['postcode', '', 'validation.us.zipRequired'],
    ['postcode', 'SW1A 2AA', 'validation.us.zipUsOnly'],
    ['postcode', '1003', 'validation.us.zipInvalid'],
    ['country', 'GB', 'validation.address.mailOnlyUs'],
    ['country', 'CA', 'validation.address.mailOnlyUs'],
  ])('US venue: %s %j → %s', (field, value, id) => {
    expect(messages(addressSchema(US), { ...us, [field]: value })).toEqual({ [field]: id });
  });

  it('allows exactly 40 characters of city', () => {
    expect(messages(addressSchema(GB), { ...uk, city: 'x'.repeat(40) })).toEqual({});
    expect(messages(addressSchema(US), { ...us, city: 'Y'.repeat(40) })).toEqual({});
  });

  it.each([
    "Coeur d'Alene",
    'St. Louis',
    'Winston-Salem',
    'Española',
    'Wilkes‑Barre'.replace('‑', '-'),
  ])('US city %j is a valid name', (city) => {
    expect(messages(addressSchema(US), { ...us, city })).toEqual({});
  });

  it('posts to the Crown Dependencies, which Royal Mail serves as inland', () => {
    expect(messages(addressSchema(GB), { ...uk, country: 'JE', postcode: 'JE2 3AB' })).toEqual({});
  });

  it('accepts the odd UK forms and ZIP+4 in an address', () => {
    for (const postcode of ['GIR 0AA', 'BFPO 1234', 'ASCN 1ZZ', 'sw1a2aa']) {
      expect(messages(addressSchema(GB), { ...uk, postcode }), postcode).toEqual({});
    }
    expect(messages(addressSchema(US), { ...us, postcode: '10036-1234' })).toEqual({});
  });

  it('says only that the country is refused, not also that its postcode is not British', () => {
    expect(messages(addressSchema(GB), { ...uk, country: 'FR', postcode: '75001' })).toEqual({
      country: 'validation.address.postOnlyUk',
    });
  });

  it.each([
    [GB, '', 'validation.address.postcode'],
    [GB, '10036', 'validation.uk.postcodeUkOnly'],
    [GB, 'SW1', 'validation.uk.postcodeInvalid'],
    [US, '', 'validation.address.postcode'],
    [US, 'M1 1AE', 'validation.us.zipUsOnly'],
    [US, '123', 'validation.us.zipInvalid'],
  ])('address finder: %j %j → %s', (context, lookupPostcode, id) => {
    expect(messages(postcodeLookupSchema(context), { lookupPostcode })).toEqual({
      lookupPostcode: id,
    });
  });
});

describe('card', () => {
  // A fixed clock: 15 June 2026.
  const now = () => new Date(Date.UTC(2026, 5, 15, 12));
  const valid = {
    cardNumber: '4111 1111 1111 1111',
    cardName: 'Ada Lovelace',
    expiry: '12/28',
    cvv: '123',
  };
  const schema = cardSchema(GB, { now });

  it.each([
    ['Visa', '4111 1111 1111 1111', '123'],
    ['Visa Debit', '4000 0566 5566 5556', '123'],
    ['Mastercard', '5555 5555 5555 4444', '123'],
    ['Mastercard (2-series)', '2223 0000 0000 0023', '123'],
    ['American Express', '3782 822463 10005', '1234'],
  ])('accepts a %s card with its CVV length', (_brand, cardNumber, cvv) => {
    expect(messages(schema, { ...valid, cardNumber, cvv })).toEqual({});
  });

  it.each([
    ['4111 1111 1111 1112', 'Visa with a wrong check digit'],
    ['5555 5555 5555 4445', 'Mastercard with a wrong check digit'],
    ['3782 822463 10006', 'American Express with a wrong check digit'],
    ['4111 1111 1111', 'too short'],
    ['', 'nothing typed'],
    ['4111 abcd 1111 1111', 'letters'],
  ])('card number %j (%s) → "valid credit card number"', (cardNumber) => {
    expect(messageFor(schema, { ...valid, cardNumber }, 'cardNumber')).toBe(
      'validation.card.number',
    );
  });

  it('names the accepted brands when a real card of another kind is typed', () => {
    const discover = '6011 1111 1111 1117';
    const errors = validateWithSchema(schema)({ ...valid, cardNumber: discover });
    expect(errors.cardNumber).toEqual({
      id: 'validation.card.numberForTypes',
      values: { cardTypes: 'Visa, Visa Debit, Mastercard or American Express' },
    });
  });

  it('asks for American Express on amex seats', () => {
    const amexOnly = cardSchema(GB, { now, acceptedBrands: ['amex'] });
    expect(validateWithSchema(amexOnly)(valid).cardNumber).toEqual({
      id: 'validation.card.numberForTypes',
      values: { cardTypes: 'American Express' },
    });
    expect(messages(amexOnly, { ...valid, cardNumber: '3782 822463 10005', cvv: '1234' })).toEqual(
      {},
    );
  });

  it('joins card types in the buyer’s language', () => {
    const amex = { ...valid, cardNumber: '3782 822463 10005', cvv: '1234' };
    const twoBrands = cardSchema(US, { now, acceptedBrands: ['visa', 'mastercard'] });
    expect(validateWithSchema(twoBrands)(amex)).toEqual({
      cardNumber: {
        id: 'validation.card.numberForTypes',
        values: { cardTypes: 'Visa or Mastercard' },
      },
    });
    const usAll = cardSchema(US, { now, acceptedBrands: ['visa', 'visa-debit', 'mastercard'] });
    expect(validateWithSchema(usAll)(amex).cardNumber).toEqual({
      id: 'validation.card.numberForTypes',
      values: { cardTypes: 'Visa, Visa Debit, or Mastercard' },
    });
  });

  it.each([
    ['3782 822463 10005', '123', 'American Express needs 4 digits'],
    ['4111 1111 1111 1111', '1234', 'Visa needs 3 digits'],
    ['5555 5555 5555 4444', '12', 'too short'],
    ['4111 1111 1111 1111', '', 'nothing typed'],
    ['4111 1111 1111 1111', '12a', 'letters'],
  ])('card %s with CVV %j → CVV message (%s)', (cardNumber, cvv) => {
    expect(messageFor(schema, { ...valid, cardNumber, cvv }, 'cvv')).toBe('validation.card.cvv');
  });

  it.each([
    ['13/28', 'validation.card.expiryMonth', 'month 13'],
    ['00/28', 'validation.card.expiryMonth', 'month 0'],
    ['', 'validation.card.expiryMonth', 'nothing typed'],
    ['05/26', 'validation.card.expiryMonth', 'a month already past this year'],
    ['12/25', 'validation.card.expiryYear', 'last year'],
    ['12/20', 'validation.card.expiryYear', 'a past year'],
    ['12/', 'validation.card.expiryYear', 'no year'],
    ['12/2028', 'validation.card.expiryYear', 'four-digit year'],
    ['12/99', 'validation.card.expiryYear', 'too far ahead'],
  ])('expiry %j → %s (%s)', (expiry, id) => {
    expect(messageFor(schema, { ...valid, expiry }, 'expiry')).toBe(id);
  });

  it('accepts the current month', () => {
    expect(messageFor(schema, { ...valid, expiry: '06/26' }, 'expiry')).toBeUndefined();
  });

  it.each([
    ['', 'validation.name.full'],
    ['Ada', 'validation.name.full'],
    [`Ada ${'x'.repeat(100)}`, 'validation.name.full'],
  ])('name on card %j → %s', (cardName, id) => {
    expect(messageFor(schema, { ...valid, cardName }, 'cardName')).toBe(id);
  });
});

describe('choices', () => {
  it.each([
    [deliveryMethodSchema(['eTicket', 'post']), '', 'validation.select.deliveryMethod'],
    [deliveryMethodSchema(['eTicket', 'post']), 'boxOffice', 'validation.select.deliveryMethod'],
    [paymentMethodSchema(['card', 'paypal']), '', 'validation.select.paymentMethod'],
    [paymentMethodSchema(['card', 'paypal']), 'cash', 'validation.select.paymentMethod'],
    [termsSchema(), false, 'validation.select.terms'],
  ])('%#: %j → %s', (rule, value, id) => {
    expect(messageFor(object({ choice: rule }), { choice: value }, 'choice')).toBe(id);
  });

  it('accepts an offered method and ticked terms', () => {
    const schema = object({
      delivery: deliveryMethodSchema(['eTicket', 'post']),
      payment: paymentMethodSchema(['card']),
      terms: termsSchema(),
    });
    expect(messages(schema, { delivery: 'post', payment: 'card', terms: true })).toEqual({});
  });
});

describe('questions', () => {
  const questions: CheckoutQuestion[] = [
    { id: 'heardFrom', kind: 'choice', required: true, options: ['Radio', 'Friend'] },
    { id: 'access', kind: 'text', required: true },
    { id: 'occasion', kind: 'text', required: false },
    { id: 'seatPref', kind: 'choice', required: false, options: ['Aisle', 'Centre'] },
  ];
  const schema = answersSchema(questions);

  it('asks for every required answer with its own message', () => {
    expect(messages(schema, { heardFrom: '', access: ' ', occasion: '', seatPref: '' })).toEqual({
      heardFrom: 'validation.question.select',
      access: 'validation.question.write',
    });
  });

  it('refuses a choice that was not offered, even for an optional question', () => {
    expect(
      messages(schema, { heardFrom: 'Poster', access: 'Step-free', occasion: '', seatPref: 'Box' }),
    ).toEqual({ heardFrom: 'validation.question.select', seatPref: 'validation.question.select' });
  });

  it('accepts complete answers', () => {
    expect(
      messages(schema, { heardFrom: 'Radio', access: 'None', occasion: '', seatPref: '' }),
    ).toEqual({});
  });
});

describe('vouchers, gift cards and promo codes', () => {
  it.each([
    [GB, { voucherNumber: '', redemptionCode: 'R1' }, 'voucherNumber', 'validation.voucher.number'],
    [
      GB,
      { voucherNumber: 'A', redemptionCode: 'R1' },
      'voucherNumber',
      'validation.voucher.number',
    ],
    [
      US,
      { voucherNumber: '1234 567', redemptionCode: 'R1' },
      'voucherNumber',
      'validation.voucher.number',
    ],
    [
      GB,
      { voucherNumber: 'AB!', redemptionCode: 'R1' },
      'voucherNumber',
      'validation.voucher.number',
    ],
    [
      GB,
      { voucherNumber: 'AB', redemptionCode: ' ' },
      'redemptionCode',
      'validation.voucher.redemptionCode',
    ],
  ])('voucher %#: %j → %s %s', (context, values, field, id) => {
    expect(messages(voucherSchema(context), values)).toEqual({ [field]: id });
  });

  it('takes the minimum voucher length from the venue (2 at some, 8 by default)', () => {
    expect(messages(voucherSchema(GB), { voucherNumber: 'AB', redemptionCode: 'X' })).toEqual({});
    expect(
      messages(voucherSchema(US), { voucherNumber: '1234-5678', redemptionCode: 'X' }),
    ).toEqual({});
  });

  it.each([
    [
      { giftCardNumber: '', accessNumber: '1234' },
      'giftCardNumber',
      'validation.voucher.giftCardNumber',
    ],
    [
      { giftCardNumber: 'GC1234567', accessNumber: '' },
      'accessNumber',
      'validation.voucher.giftCardAccess',
    ],
  ])('gift card %#: → %s %s', (values, field, id) => {
    expect(messages(giftCardSchema(US), values)).toEqual({ [field]: id });
  });

  it.each([
    ['', 'validation.promo.invalid'],
    ['SPRING SALE', 'validation.promo.invalid'],
    ['50%OFF', 'validation.promo.invalid'],
    ['x'.repeat(256), 'validation.promo.invalid'],
  ])('promo code %j → %s', (promoCode, id) => {
    expect(messages(promoCodeSchema(), { promoCode })).toEqual({ promoCode: id });
  });

  it.each(['SPRING24', 'a.b+c&d-e!', ' SPRING24 '])('promo code %j is accepted', (promoCode) => {
    expect(messages(promoCodeSchema(), { promoCode })).toEqual({});
  });
});

describe('the details step', () => {
  const questions: CheckoutQuestion[] = [{ id: 'q1', kind: 'text', required: true }];
  const schema = customerDetailsSchema(GB, { deliveryMethods: ['eTicket', 'post'], questions });
  const filled = {
    ...emptyCustomerDetails(GB, questions),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    emailConfirm: 'ada@example.com',
    phone: '020 7946 0123',
    answers: { q1: 'Nothing' },
    acceptTerms: true,
  };

  it('starts blank, with the venue’s country for the address', () => {
    const blank = emptyCustomerDetails(US, questions);
    expect(blank.address.country).toBe('US');
    expect(blank.answers).toEqual({ q1: '' });
    expect(blank.deliveryMethod).toBe('');
  });

  it('asks an eTicket buyer for no address', () => {
    expect(messages(schema, { ...filled, deliveryMethod: 'eTicket' })).toEqual({});
  });

  it('asks for the address when tickets are posted', () => {
    expect(messages(schema, { ...filled, deliveryMethod: 'post' })).toEqual({
      'address.line1': 'validation.address.lines',
      'address.city': 'validation.address.city',
      'address.postcode': 'validation.uk.postcodeRequired',
    });
  });

  it('reports every blank field of an empty form, each with its own message', () => {
    expect(messages(schema, emptyCustomerDetails(GB, questions))).toEqual({
      firstName: 'validation.name.first',
      lastName: 'validation.name.last',
      email: 'validation.email.invalid',
      emailConfirm: 'validation.email.confirm',
      phone: 'validation.phone.invalid',
      deliveryMethod: 'validation.select.deliveryMethod',
      'answers.q1': 'validation.question.write',
      acceptTerms: 'validation.select.terms',
    });
  });
});

describe('yup defaults', () => {
  it('never shows yup’s English: an unlabelled rule falls back to a catalogue message', () => {
    const errors = validateWithSchema(object({ age: object({}).required() }))({ age: undefined });
    expect(errors).toEqual({ age: { id: 'validation.field.invalid' } });
  });
});
