import { cardNumber } from 'card-validator/dist/card-number';
import luhn10 from 'card-validator/dist/luhn-10';
import creditCardType from 'credit-card-type';

/**
 * Card checks shared by the checkout form (its yup messages) and the payment service (which has
 * the last word). Zod-free and small, so the SPA bundle stays light: network detection, lengths
 * and Luhn come from Braintree's credit-card-type and two single-purpose modules of its
 * card-validator (about 4 kB gzip together, instead of the whole package). The expiry rules
 * are ours, because card-validator reads the clock itself (the server and tests must pass their
 * own `now`) and allows 19 years ahead where we allow 20.
 */

/** The card types of spec §9, in the order the form lists them. */
export const CARD_BRANDS = ['visa', 'visa-debit', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Names as the spec writes them, for "Please enter a valid {cardTypes} card number". */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  'visa-debit': 'Visa Debit',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/**
 * Visa Debit is a Visa product, not a network: only the issuer's BIN table tells debit from
 * credit, and a real gateway reports it when it tokenises. The sandbox knows these test BIN
 * (first six digits) ranges as Visa Debit; every other Visa number is Visa.
 */
export const VISA_DEBIT_TEST_BINS: readonly string[] = ['400005'];

/** credit-card-type's network ids for the networks we accept. */
const NETWORK_BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
};

/** The digits of a card number as typed: spaces and hyphens are only grouping. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * The brand a (possibly partial) card number belongs to, or null when it is not one we accept
 * or cannot be told yet. For a partial number this is the best guess (a lone "4" is Visa).
 */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = normaliseCardNumber(number);
  if (!/^\d{1,19}$/.test(digits)) return null;
  const network = creditCardType(digits)[0]?.type;
  const brand = network === undefined ? undefined : NETWORK_BRANDS[network];
  if (!brand) return null;
  if (brand === 'visa' && VISA_DEBIT_TEST_BINS.some((bin) => digits.startsWith(bin))) {
    return 'visa-debit';
  }
  return brand;
}

/** The Luhn (mod 10) check digit is right. Says nothing about the network or the length. */
export function isLuhnValid(number: string): boolean {
  const digits = normaliseCardNumber(number);
  return /^\d{2,19}$/.test(digits) && luhn10(digits);
}

/**
 * `invalid`: not a complete card number of any network (length, Luhn, unknown prefix) — "Please
 * enter a valid credit card number". `not_accepted`: a real card of a network or brand that is
 * not accepted here — "Please enter a valid {cardTypes} card number".
 */
export type CardNumberCheck = 'valid' | 'invalid' | 'not_accepted';

export function checkCardNumber(
  number: string,
  accepted: readonly CardBrand[] = CARD_BRANDS,
): CardNumberCheck {
  const digits = normaliseCardNumber(number);
  if (!/^\d{12,19}$/.test(digits)) return 'invalid';
  const verification = cardNumber(digits);
  if (!verification.isValid) return 'invalid';
  const brand = detectCardBrand(digits);
  return brand && accepted.includes(brand) ? 'valid' : 'not_accepted';
}

/** Security code digits: 4 on the front of an American Express card, 3 on the back of others. */
export function cvvLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/** With no brand known yet, either length passes; the number's own check reports the brand. */
export function isCvvValid(cvv: string, brand: CardBrand | null): boolean {
  const trimmed = cvv.trim();
  if (brand === null) return /^\d{3,4}$/.test(trimmed);
  return new RegExp(`^\\d{${cvvLength(brand)}}$`).test(trimmed);
}

/** A card expiring further ahead than this is a typing mistake. */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

/**
 * A card is good to the last day of its expiry month in the cardholder's own time zone. The
 * last zone to leave a month is UTC−12, so the month counts as current until 12:00 UTC of the
 * next month's first day: a buyer anywhere is never told a card is expired while it is not.
 */
const LATEST_ZONE_OFFSET_MS = 12 * 60 * 60 * 1000;

function monthNow(now: Date): { year: number; month: number } {
  const latest = new Date(now.getTime() - LATEST_ZONE_OFFSET_MS);
  return { year: latest.getUTCFullYear(), month: latest.getUTCMonth() + 1 };
}

/** The two parts of "MM/YY" as typed (spaces around the slash allowed); missing parts are empty. */
export function splitExpiry(mmYY: string): { month: string; year: string } {
  const [month = '', year = '', ...rest] = mmYY.split('/').map((part) => part.trim());
  return rest.length > 0 ? { month: '', year: '' } : { month, year };
}

/** "01" to "12" (a single digit "1" to "9" too). */
export function isExpiryMonthValid(month: string): boolean {
  return /^(0?[1-9]|1[0-2])$/.test(month.trim());
}

/** Two digits, this year up to MAX_EXPIRY_YEARS_AHEAD years ahead. */
export function isExpiryYearValid(year: string, now: Date): boolean {
  if (!/^\d{2}$/.test(year.trim())) return false;
  const full = 2000 + Number(year.trim());
  const current = monthNow(now).year;
  return full >= current && full <= current + MAX_EXPIRY_YEARS_AHEAD;
}

/**
 * Which message an expiry earns, checked in typing order: `month` for a missing or bad month,
 * `year` for a missing, past or too distant year, `month` again for a month already past in
 * the current year; null when the card has not expired.
 */
export function expiryProblem(mmYY: string, now: Date): 'month' | 'year' | null {
  const { month, year } = splitExpiry(mmYY);
  if (!isExpiryMonthValid(month)) return 'month';
  if (!isExpiryYearValid(year, now)) return 'year';
  const current = monthNow(now);
  if (2000 + Number(year) === current.year && Number(month) < current.month) return 'month';
  return null;
}

export function isExpiryValid(mmYY: string, now: Date): boolean {
  return expiryProblem(mmYY, now) === null;
}

/** The expiry as numbers (four-digit year), or null when it is not a valid future MM/YY. */
export function parseExpiry(mmYY: string, now: Date): { month: number; year: number } | null {
  if (!isExpiryValid(mmYY, now)) return null;
  const { month, year } = splitExpiry(mmYY);
  return { month: Number(month), year: 2000 + Number(year) };
}

/** Name on card: required, at most this long (spec §3 names the field, not its bounds). */
export const CARDHOLDER_NAME_MAX_LENGTH = 100;
