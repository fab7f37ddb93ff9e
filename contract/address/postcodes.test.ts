import { describe, expect, it } from 'vitest';
import { checkUkPostcode, formatUkPostcode } from './ukPostcode';
import { checkUsZip, formatUsZip } from './usZip';

describe('UK postcodes', () => {
  it.each([
    ['SW1A 2AA', 'SW1A 2AA'],
    ['sw1a2aa', 'SW1A 2AA'],
    ['  ec1a   1bb ', 'EC1A 1BB'],
    ['W1A 0AX', 'W1A 0AX'],
    ['M1 1AE', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['N1C 4AG', 'N1C 4AG'],
    ['BT1 5GS', 'BT1 5GS'],
    ['ZE1 0AA', 'ZE1 0AA'],
    ['GY1 1AA', 'GY1 1AA'],
    ['JE2 3AB', 'JE2 3AB'],
    ['IM1 1AA', 'IM1 1AA'],
    ['GIR 0AA', 'GIR 0AA'],
    ['gir0aa', 'GIR 0AA'],
    ['BFPO 1234', 'BFPO 1234'],
    ['bfpo 1', 'BFPO 1'],
    ['BFPO801', 'BFPO 801'],
    ['BF1 3AA', 'BF1 3AA'],
    ['BX1 1LT', 'BX1 1LT'],
    ['ASCN 1ZZ', 'ASCN 1ZZ'],
    ['BIQQ 1ZZ', 'BIQQ 1ZZ'],
    ['BBND 1ZZ', 'BBND 1ZZ'],
    ['FIQQ 1ZZ', 'FIQQ 1ZZ'],
    ['PCRN 1ZZ', 'PCRN 1ZZ'],
    ['SIQQ 1ZZ', 'SIQQ 1ZZ'],
    ['sthl1zz', 'STHL 1ZZ'],
    ['TDCU 1ZZ', 'TDCU 1ZZ'],
    ['TKCA 1ZZ', 'TKCA 1ZZ'],
    ['GX11 1AA', 'GX11 1AA'],
  ])('%s is valid and reads %s', (typed, formatted) => {
    expect(checkUkPostcode(typed)).toBe('valid');
    expect(formatUkPostcode(typed)).toBe(formatted);
  });

  it.each([
    ['12345', 'a US ZIP'],
    ['12345-6789', 'a ZIP+4'],
    ['75001', 'a French code'],
    ['1012 AB', 'a Dutch code'],
    ['K1A 0B1', 'a Canadian code'],
    ['D02 X285', 'an Irish Eircode'],
  ])('%s (%s) is another country’s code', (typed) => {
    expect(checkUkPostcode(typed)).toBe('foreign');
  });

  it.each([
    ['SW1A 2A', 'inward code too short'],
    ['SW1A 2AAA', 'inward code too long'],
    ['QQ1 1QQ', 'no QQ area'],
    ['XX1 1XX', 'no XX area'],
    ['ZZ99 9ZZ', 'no ZZ area'],
    ['SW1A 2CA', 'C never in an inward code'],
    ['SW1I 2AA', 'I is not an AA9A sub-district letter'],
    ['W1Z 0AX', 'Z is not an A9A sub-district letter'],
    ['BFPO 12345', 'BFPO numbers have at most four digits'],
    ['ASCN 2ZZ', 'territories have one code each'],
    ['London', 'a town, not a postcode'],
    ['SW1A-2AA!', 'punctuation'],
  ])('%s is not a valid postcode (%s)', (typed) => {
    expect(checkUkPostcode(typed)).toBe('invalid');
    expect(formatUkPostcode(typed)).toBe(typed);
  });

  it.each(['', '   ', undefined])('%j is empty', (typed) => {
    expect(checkUkPostcode(typed)).toBe('empty');
  });
});

describe('US ZIP codes', () => {
  it.each([
    ['10036', '10036'],
    [' 94103 ', '94103'],
    ['10036-1234', '10036-1234'],
    ['10036 1234', '10036-1234'],
    ['100361234', '10036-1234'],
  ])('%s is valid and reads %s', (typed, formatted) => {
    expect(checkUsZip(typed)).toBe('valid');
    expect(formatUsZip(typed)).toBe(formatted);
  });

  it.each(['SW1A 2AA', 'K1A 0B1', 'NY 10036'])('%s is another country’s code', (typed) => {
    expect(checkUsZip(typed)).toBe('foreign');
  });

  it.each(['1003', '100366', '10036-123', '10036-12345', '10036--1234', '1-0036'])(
    '%s is not a valid ZIP code',
    (typed) => {
      expect(checkUsZip(typed)).toBe('invalid');
      expect(formatUsZip(typed)).toBe(typed);
    },
  );

  it.each(['', '  ', undefined])('%j is empty', (typed) => {
    expect(checkUsZip(typed)).toBe('empty');
  });
});
