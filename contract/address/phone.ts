import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { HomeCountry } from './countries';

/**
 * A contact number in the venue's country, or any country when written with its +code. The `min`
 * metadata checks each country's number lengths and leading digits; `mobile` would refuse the
 * landlines box offices call, and `max` adds about 65 kB only to tell fixed lines from mobiles.
 */
export function isValidPhone(value: string | undefined, homeCountry: HomeCountry): boolean {
  const phone = (value ?? '').trim();
  return phone !== '' && isValidPhoneNumber(phone, homeCountry);
}
