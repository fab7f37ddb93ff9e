import type { IntlShape } from 'react-intl';

/**
 * A price option as the buyer reads it: its own name ("Concession"), or for the standard price,
 * which has none, the venue's default label ("Full Price", spec §3).
 */
export function priceOptionName(intl: IntlShape, name: string | null): string {
  return name ?? intl.formatMessage({ id: 'tickets.price.fullPrice' });
}
