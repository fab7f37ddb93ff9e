import { describe, expect, it } from 'vitest';
import { isCityName } from './city';
import { homeCountryOf } from './countries';
import { isEmailAddress } from './email';
import { isValidPhone } from './phone';

/** The rules both the checkout forms and the booking API apply (the forms' own tests cover the messages). */
describe('shared contact and address rules', () => {
  it.each([
    ['ada@example.co.uk', true],
    ['  ada@example.com  ', true],
    ["o'brien+tickets@example.ie", true],
    ['ada@example', false],
    ['ada@@example.com', false],
    ['ada example@example.com', false],
    ['ada@example.c', false],
    [`${'a'.repeat(250)}@example.com`, false],
    ['', false],
  ])('email %j → %s', (email, valid) => {
    expect(isEmailAddress(email)).toBe(valid);
  });

  it('reads a phone number in the venue’s country, or any with its +code', () => {
    expect(isValidPhone('020 7946 0123', homeCountryOf('uk'))).toBe(true);
    expect(isValidPhone('(415) 555-2671', homeCountryOf('uk'))).toBe(false);
    expect(isValidPhone('+1 415 555 2671', homeCountryOf('uk'))).toBe(true);
    expect(isValidPhone('(415) 555-2671', homeCountryOf('us-west'))).toBe(true);
    expect(isValidPhone('', homeCountryOf('us-east'))).toBe(false);
  });

  it.each([
    ['San Francisco', true],
    ["Coeur d'Alene", true],
    ['St. Mary’s-on-Sea', true],
    ['94102', false],
    ['', false],
  ])('city name %j → %s', (city, valid) => {
    expect(isCityName(city)).toBe(valid);
  });
});
