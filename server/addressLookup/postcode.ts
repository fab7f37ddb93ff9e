import { checkUkPostcode, formatUkPostcode } from '../../contract/address/ukPostcode';
import { checkUsZip, formatUsZip } from '../../contract/address/usZip';

/**
 * A postcode or ZIP as the lookup service takes it: checked with the checkout's own rules
 * (contract/address/) and written one way ("sw1a2aa" → "SW1A 2AA", "10036 4004" → "10036-4004"),
 * so every spelling of one postcode is one provider query and one cache entry.
 */
export function normalisedPostcode(country: 'GB' | 'US', raw: string): string | undefined {
  if (country === 'GB') {
    return checkUkPostcode(raw) === 'valid' ? formatUkPostcode(raw) : undefined;
  }
  return checkUsZip(raw) === 'valid' ? formatUsZip(raw) : undefined;
}
