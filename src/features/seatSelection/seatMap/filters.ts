import { SEAT_FLAGS } from '@contract/api/constants';
import { SEAT_FLAG_NAMES, isSelectable, type SeatFlagName, type SeatMapModel } from './model';

/**
 * The seat filters of spec §3 (seat types, price options, part of house, price band, seats
 * together) as pure functions over the model. `filterMask` combines them into one byte per
 * seat, which the canvas uses to dim and the list picker to hide.
 */

/** "standard" is a seat with no flag; the others are the SEAT_FLAGS names. */
export type SeatTypeFilter = 'standard' | SeatFlagName;
export const SEAT_TYPE_FILTERS: readonly SeatTypeFilter[] = ['standard', ...SEAT_FLAG_NAMES];

export interface SeatFilterState {
  /** Any of these types; empty = every type. */
  seatTypes: readonly SeatTypeFilter[];
  /** Price option codes ("Full Price", "Concession"…): seats in a band that offers any of them. */
  priceOptions: readonly string[];
  /** Part of house (section level), or null for the whole house. */
  level: string | null;
  /** Price band codes; empty = every band. */
  bands: readonly string[];
  /** Only seats in a run of at least this many adjacent free seats; 1 = no constraint. */
  together: number;
}

export const NO_FILTERS: SeatFilterState = {
  seatTypes: [],
  priceOptions: [],
  level: null,
  bands: [],
  together: 1,
};

export function isFiltering(filters: SeatFilterState): boolean {
  return activeFilterCount(filters) > 0;
}

/** How many choices narrow the seats (each ticked box, a part of house, a party size). */
export function activeFilterCount(filters: SeatFilterState): number {
  return (
    filters.seatTypes.length +
    filters.priceOptions.length +
    (filters.level === null ? 0 : 1) +
    filters.bands.length +
    (filters.together > 1 ? 1 : 0)
  );
}

export function matchesSeatTypes(flags: number, types: readonly SeatTypeFilter[]): boolean {
  if (types.length === 0) return true;
  return types.some((type) =>
    type === 'standard' ? flags === 0 : (flags & SEAT_FLAGS[type]) !== 0,
  );
}

/** Per band index: 1 if the band is allowed by the chosen band codes (all when none chosen). */
export function allowedBands(model: SeatMapModel, codes: readonly string[]): Uint8Array {
  return Uint8Array.from(model.bands, (band) =>
    codes.length === 0 || codes.includes(band.code) ? 1 : 0,
  );
}

/** Per band index: 1 if the band sells any of the chosen price options (all when none chosen). */
export function bandsOfferingPriceOptions(
  model: SeatMapModel,
  codes: readonly string[],
): Uint8Array {
  const offering = new Set(
    model.priceOptions
      .filter((option) => option.band !== null && codes.includes(option.code))
      .map((option) => option.band),
  );
  return Uint8Array.from(model.bands, (band) =>
    codes.length === 0 || offering.has(band.code) ? 1 : 0,
  );
}

/** Per section index: 1 if the section is in the chosen part of house (all when null). */
export function sectionsInLevel(model: SeatMapModel, level: string | null): Uint8Array {
  return Uint8Array.from(model.sections, (section) =>
    level === null || section.level === level ? 1 : 0,
  );
}

/** The price options a buyer can filter by: one per code, at its lowest all-in price. */
export function priceOptionChoices(
  model: SeatMapModel,
): { code: string; name: string | null; price: number }[] {
  const byCode = new Map<string, { code: string; name: string | null; price: number }>();
  for (const option of model.priceOptions) {
    if (option.band === null) continue;
    const seen = byCode.get(option.code);
    if (seen === undefined) {
      byCode.set(option.code, { code: option.code, name: option.name, price: option.price });
    } else if (option.price < seen.price) seen.price = option.price;
  }
  return [...byCode.values()];
}

/**
 * The price options worth a filter of their own. Choosing options only ever keeps the bands that
 * sell them, so an option says something the price band filter does not only when it is a
 * choice within a band: not sold in every band on sale (that keeps everything), and sold in at
 * least one band beside another option (an option that is its bands' only one is just those
 * bands again, as at venues whose price options are their bands). One filter per idea.
 */
export function narrowingPriceOptions(
  model: SeatMapModel,
): { code: string; name: string | null; price: number }[] {
  const onSale = model.bands.filter((band) => band.price !== null).length;
  const optionsPerBand = new Map<string, Set<string>>();
  for (const option of model.priceOptions) {
    if (option.band === null) continue;
    const codes = optionsPerBand.get(option.band) ?? new Set<string>();
    codes.add(option.code);
    optionsPerBand.set(option.band, codes);
  }
  return priceOptionChoices(model).filter((choice) => {
    const offered = bandsOfferingPriceOptions(model, [choice.code]);
    const bands = model.bands.filter((band, b) => band.price !== null && offered[b] === 1);
    return (
      bands.length < onSale && bands.some((band) => (optionsPerBand.get(band.code)?.size ?? 0) > 1)
    );
  });
}

/** Two seats next to each other in a row: consecutive numbers, and no aisle between them. */
function adjacent(model: SeatMapModel, a: number, b: number, spacing: number): boolean {
  if (model.number[b]! - model.number[a]! !== 1) return false;
  const distance = Math.hypot(model.x[b]! - model.x[a]!, model.y[b]! - model.y[a]!);
  return distance <= spacing * 1.5;
}

/**
 * Marks the candidate seats that belong to a run of at least `size` adjacent candidates in one
 * row; a shorter run (or a lone seat) is left out, since the party could not sit together there.
 */
export function contiguousSeats(
  model: SeatMapModel,
  candidates: Uint8Array,
  size: number,
): Uint8Array {
  if (size <= 1) return candidates.slice();
  const marked = new Uint8Array(model.count);
  for (const row of model.rows) {
    const seats = row.seats;
    let start = 0;
    while (start < seats.length) {
      if (candidates[seats[start]!] === 0) {
        start += 1;
        continue;
      }
      let end = start + 1;
      while (
        end < seats.length &&
        candidates[seats[end]!] === 1 &&
        adjacent(model, seats[end - 1]!, seats[end]!, row.spacing)
      ) {
        end += 1;
      }
      if (end - start >= size) for (let k = start; k < end; k += 1) marked[seats[k]!] = 1;
      start = end;
    }
  }
  return marked;
}

/**
 * One byte per seat: 1 where the seat matches every filter. With a "seats together" filter only
 * seats the buyer could choose (free, on sale) count, so a run never spans a taken seat.
 */
export function filterMask(model: SeatMapModel, filters: SeatFilterState): Uint8Array {
  const bands = allowedBands(model, filters.bands);
  const offered = bandsOfferingPriceOptions(model, filters.priceOptions);
  const sections = sectionsInLevel(model, filters.level);
  const mask = new Uint8Array(model.count);
  for (let i = 0; i < model.count; i += 1) {
    const b = model.band[i]!;
    if (bands[b] === 1 && offered[b] === 1 && sections[model.section[i]!] === 1) {
      mask[i] = matchesSeatTypes(model.flags[i]!, filters.seatTypes) ? 1 : 0;
    }
  }
  if (filters.together <= 1) return mask;
  for (let i = 0; i < model.count; i += 1) {
    if (mask[i] === 1 && !isSelectable(model, i)) mask[i] = 0;
  }
  return contiguousSeats(model, mask, filters.together);
}
