import type { Money } from './api/common';

/*
 * How the shop writes an amount, on a page and in an email alike: amounts travel in minor units
 * (pence, cents), whole amounts are written without them (£45, not £45.00), others with both
 * digits. Zod-free, so the SPA's first route can import it. Each side formats with its own
 * `Intl` (react-intl's `formatNumber` on a page, `Intl.NumberFormat` in an email); this module
 * is the rule both give it.
 */

export type Currency = Money['currency'];

/** Digits after the point in each currency the shop sells in. */
const MINOR_UNITS: Record<Currency, number> = { GBP: 2, USD: 2 };

export interface MoneyFormat {
  /** The amount in major units (pounds, dollars), as `Intl` takes it. */
  value: number;
  /** Only what both `Intl.NumberFormat` and react-intl's `formatNumber` take alike. */
  options: {
    style: 'currency';
    currency: Currency;
    minimumFractionDigits: number;
    maximumFractionDigits: number;
  };
}

/** What to hand `Intl` for `amount` minor units of `currency`. */
export function moneyFormat(amount: number, currency: Currency): MoneyFormat {
  const digits = MINOR_UNITS[currency];
  const unit = 10 ** digits;
  return {
    value: amount / unit,
    options: {
      style: 'currency',
      currency,
      minimumFractionDigits: amount % unit === 0 ? 0 : digits,
      maximumFractionDigits: digits,
    },
  };
}
