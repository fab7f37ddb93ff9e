import { describe, expect, it } from 'vitest';
import {
  CARD_BRANDS,
  checkCardNumber,
  cvvLength,
  detectCardBrand,
  expiryProblem,
  isCvvValid,
  isExpiryMonthValid,
  isExpiryValid,
  isExpiryYearValid,
  isLuhnValid,
  parseExpiry,
  splitExpiry,
} from './cards';

describe('detectCardBrand', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4111-1111-1111-1111', 'visa'],
    ['4000 0566 5566 5556', 'visa-debit'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0000 0000 0023', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['3400 000000 00009', 'amex'],
    // Partial numbers, as the buyer types them: the best guess so far.
    ['4', 'visa'],
    ['34', 'amex'],
    ['400005', 'visa-debit'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it.each([
    ['6011 1111 1111 1117', 'Discover'],
    ['6759 6498 2643 8453', 'Maestro'],
    ['4011 7800 0000 0000', 'Elo (a 4-prefixed network that is not Visa)'],
    ['', 'nothing typed'],
    ['4111 abcd', 'letters'],
  ])('%s (%s) is no brand we accept', (number) => {
    expect(detectCardBrand(number)).toBeNull();
  });
});

describe('isLuhnValid', () => {
  it('accepts a correct check digit and refuses a wrong one', () => {
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(true);
    expect(isLuhnValid('4111 1111 1111 1112')).toBe(false);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('378282246310006')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 111x')).toBe(false);
  });
});

describe('checkCardNumber', () => {
  it('is valid for a complete number of an accepted brand', () => {
    for (const number of ['4111111111111111', '4000056655665556', '5555555555554444']) {
      expect(checkCardNumber(number)).toBe('valid');
    }
    expect(checkCardNumber('3782 822463 10005')).toBe('valid');
  });

  it('is invalid for a wrong check digit, a short number or an unknown prefix', () => {
    expect(checkCardNumber('4111 1111 1111 1112')).toBe('invalid');
    expect(checkCardNumber('4111 1111 1111')).toBe('invalid');
    expect(checkCardNumber('9111 1111 1111 1111')).toBe('invalid');
    expect(checkCardNumber('')).toBe('invalid');
  });

  it('is not accepted for a real card of another network, or a brand the seats exclude', () => {
    expect(checkCardNumber('6011 1111 1111 1117')).toBe('not_accepted');
    // American Express seats (spec §6) accept only that card.
    expect(checkCardNumber('4111 1111 1111 1111', ['amex'])).toBe('not_accepted');
    expect(checkCardNumber('3782 822463 10005', ['amex'])).toBe('valid');
    // Visa Debit is its own brand: accepting Visa does not accept it.
    expect(checkCardNumber('4000 0566 5566 5556', ['visa'])).toBe('not_accepted');
  });
});

describe('CVV', () => {
  it('is 4 digits for American Express and 3 for the rest', () => {
    expect(CARD_BRANDS.map((brand) => [brand, cvvLength(brand)])).toEqual([
      ['visa', 3],
      ['visa-debit', 3],
      ['mastercard', 3],
      ['amex', 4],
    ]);
    expect(isCvvValid('123', 'visa')).toBe(true);
    expect(isCvvValid('1234', 'visa')).toBe(false);
    expect(isCvvValid('1234', 'amex')).toBe(true);
    expect(isCvvValid('123', 'amex')).toBe(false);
    expect(isCvvValid('12a', 'mastercard')).toBe(false);
  });

  it('takes 3 or 4 digits while the brand is unknown', () => {
    expect(isCvvValid('123', null)).toBe(true);
    expect(isCvvValid('1234', null)).toBe(true);
    expect(isCvvValid('12', null)).toBe(false);
  });
});

describe('expiry', () => {
  // 15 March 2026, mid-afternoon UTC.
  const now = new Date('2026-03-15T15:00:00Z');

  it('splits MM/YY with or without spaces around the slash', () => {
    expect(splitExpiry('04/27')).toEqual({ month: '04', year: '27' });
    expect(splitExpiry(' 4 / 27 ')).toEqual({ month: '4', year: '27' });
    expect(splitExpiry('04')).toEqual({ month: '04', year: '' });
    expect(splitExpiry('04/27/1')).toEqual({ month: '', year: '' });
  });

  it('takes months 01 to 12 only', () => {
    expect(['01', '1', '09', '12'].every(isExpiryMonthValid)).toBe(true);
    expect(['00', '0', '13', '', 'ab', '123'].some(isExpiryMonthValid)).toBe(false);
  });

  it('takes years from this one to 20 years ahead', () => {
    expect(isExpiryYearValid('26', now)).toBe(true);
    expect(isExpiryYearValid('46', now)).toBe(true);
    expect(isExpiryYearValid('47', now)).toBe(false);
    expect(isExpiryYearValid('25', now)).toBe(false);
    expect(isExpiryYearValid('2027', now)).toBe(false);
  });

  it('names the part to fix: the month, the year, or a month already past', () => {
    expect(expiryProblem('04/27', now)).toBeNull();
    expect(expiryProblem('03/26', now)).toBeNull();
    expect(expiryProblem('02/26', now)).toBe('month');
    expect(expiryProblem('13/27', now)).toBe('month');
    expect(expiryProblem('/27', now)).toBe('month');
    expect(expiryProblem('04/25', now)).toBe('year');
    expect(expiryProblem('04/', now)).toBe('year');
    expect(expiryProblem('04/50', now)).toBe('year');
    expect(isExpiryValid('12/46', now)).toBe(true);
    expect(isExpiryValid('01/47', now)).toBe(false);
  });

  it('keeps a card good until its month has ended in every time zone', () => {
    // 1 April 2026 09:00 UTC is still 31 March west of UTC−9: a March card still works there.
    expect(isExpiryValid('03/26', new Date('2026-04-01T09:00:00Z'))).toBe(true);
    expect(isExpiryValid('03/26', new Date('2026-04-01T12:00:00Z'))).toBe(false);
  });

  it('parses a valid expiry into numbers and nothing else', () => {
    expect(parseExpiry('04/27', now)).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('4 / 27', now)).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('02/26', now)).toBeNull();
  });
});
