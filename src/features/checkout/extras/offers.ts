import type { IntlShape } from 'react-intl';
import type { UpsellOffer } from '@contract/api/basket';

/** The order the kinds are shown in: the small add-ons first, dinner last. */
const KIND_ORDER: readonly UpsellOffer['kind'][] = ['programme', 'drink', 'bistro'];

export function offerGroups(
  offers: readonly UpsellOffer[],
): { kind: UpsellOffer['kind']; offers: UpsellOffer[] }[] {
  return KIND_ORDER.map((kind) => ({
    kind,
    offers: offers.filter((offer) => offer.kind === kind),
  })).filter((group) => group.offers.length > 0);
}

/**
 * An offer's name; a bistro dinner also says which part of the house it is served for, since
 * seats in two zones are offered one dinner for each. Zones are slugs ("dress-circle").
 */
export function offerName(intl: IntlShape, offer: UpsellOffer): string {
  if (offer.priceZone === null) return offer.name;
  const zone = offer.priceZone.replace(/-/g, ' ');
  return intl.formatMessage(
    { id: 'upsells.zone' },
    { name: offer.name, zone: zone.charAt(0).toUpperCase() + zone.slice(1) },
  );
}
