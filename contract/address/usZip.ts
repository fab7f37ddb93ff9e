import type { PostcodeVerdict } from './ukPostcode';

/** ZIP (12345) and ZIP+4 (12345-6789; a space or nothing between the parts is accepted too). */
const ZIP = /^(\d{5})(?:[ -]?(\d{4}))?$/;

export function checkUsZip(value: string | undefined): PostcodeVerdict {
  const zip = (value ?? '').trim();
  if (zip === '') return 'empty';
  if (ZIP.test(zip)) return 'valid';
  // A letter means a postcode of another country (a UK or Canadian code): not a mistyped ZIP.
  return /[A-Za-z]/.test(zip) ? 'foreign' : 'invalid';
}

/** "123456789" or "12345 6789" → "12345-6789"; anything else is returned as typed. */
export function formatUsZip(value: string): string {
  const match = ZIP.exec(value.trim());
  if (match === null) return value;
  const [, five, four] = match;
  return four === undefined ? five! : `${five}-${four}`;
}
