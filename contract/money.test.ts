import { describe, expect, it } from 'vitest';
import { moneyFormat } from './money';

const written = (locale: string, amount: number, currency: 'GBP' | 'USD') => {
  const { value, options } = moneyFormat(amount, currency);
  return new Intl.NumberFormat(locale, options).format(value);
};

describe('moneyFormat: the one money rule of pages and emails', () => {
  it('writes a whole amount without pence or cents', () => {
    expect(written('en-GB', 4500, 'GBP')).toBe('£45');
    expect(written('en-US', 4500, 'USD')).toBe('$45');
    expect(written('en-GB', 0, 'GBP')).toBe('£0');
  });

  it('writes any other amount with both digits', () => {
    expect(written('en-GB', 4550, 'GBP')).toBe('£45.50');
    expect(written('en-US', 123456, 'USD')).toBe('$1,234.56');
    expect(written('en-GB', 5, 'GBP')).toBe('£0.05');
  });

  it('hands Intl the major amount and the currency', () => {
    expect(moneyFormat(1999, 'USD')).toEqual({
      value: 19.99,
      options: {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      },
    });
  });
});
