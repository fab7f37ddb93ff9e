import creditCardType from 'credit-card-type';

/** The longest card number of any network (ISO/IEC 7812). */
const MAX_DIGITS = 19;
/** Groups of four until the network is known (most cards are Visa or Mastercard). */
const DEFAULT_GAPS = [4, 8, 12, 16];

/**
 * Where the network prints a space in its numbers (credit-card-type's `gaps`: 4-4-4-4 for Visa
 * and Mastercard, 4-6-5 for American Express), so the number on screen reads like the card.
 */
function gapsFor(digits: string): readonly number[] {
  if (digits === '') return DEFAULT_GAPS;
  return creditCardType(digits)[0]?.gaps ?? DEFAULT_GAPS;
}

/** The digits of `input` grouped as the card prints them; anything but digits is dropped. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, MAX_DIGITS);
  const gaps = new Set(gapsFor(digits));
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && gaps.has(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** How many digits stand before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

/** The caret position just after the `count`th digit of `formatted` (0: the start). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

export interface CardNumberEdit {
  value: string;
  caret: number;
}

/**
 * The field after the buyer's edit: the number regrouped and the caret kept after the same
 * digit it followed. Backspace or Delete on a space removes the digit beyond it, as on a card
 * terminal; otherwise the key would seem to do nothing while the space came straight back.
 */
export function editCardNumber(
  previous: string,
  typed: string,
  caret: number,
  inputType?: string,
): CardNumberEdit {
  const before = previous.replace(/\D/g, '');
  let digits = typed.replace(/\D/g, '');
  let digitsLeft = digitsBefore(typed, caret);
  if (digits === before && typed.length < previous.length) {
    if (inputType === 'deleteContentBackward' && digitsLeft > 0) {
      digits = digits.slice(0, digitsLeft - 1) + digits.slice(digitsLeft);
      digitsLeft -= 1;
    } else if (inputType === 'deleteContentForward') {
      digits = digits.slice(0, digitsLeft) + digits.slice(digitsLeft + 1);
    }
  }
  const value = formatCardNumber(digits);
  return { value, caret: caretAfterDigits(value, Math.min(digitsLeft, MAX_DIGITS)) };
}
