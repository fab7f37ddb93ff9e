import type { Hold } from '@contract/api/holds';
import type { Region } from '@contract/regions';
import type { RootState } from '@/app/store';
import type { HoldChoice } from '@/features/hold/reservationSlice';
import { GLASS_ORCHARD_LUMEN_FIRST } from './fixtures';
import { inventory, seatId } from './inventory';

let holdsMade = 0;
let lastHoldId = '';

/**
 * The id of the hold heldState() made last. Each call makes a new one: a request of the test
 * before may still land after it ended (and write the tab's storage under its hold id).
 */
export function checkoutHoldId(): string {
  return lastHoldId;
}

interface Options {
  venueSlug?: string;
  region?: Region;
  /** Minutes left on the hold. */
  minutes?: number;
  /**
   * The buyer's ticket-protection answer, as the protection step saved it; left out, the
   * question is still open, and the steps after it send the buyer back to it.
   */
  protection?: 'yes' | 'no';
  /** How the seats were chosen; best available unless a test says the buyer picked them. */
  chosenBy?: HoldChoice;
}

/**
 * A live hold of two Stalls seats (A2, A3 at 65 in the region's currency), put in the MSW inventory and returned as the
 * store's reservation, as if the buyer had just reserved them: the start of every checkout test.
 */
export function heldState({
  venueSlug = 'lumen-theatre',
  region = 'uk',
  minutes = 15,
  protection,
  chosenBy = 'bestAvailable',
}: Options = {}): Partial<RootState> {
  const currency = region === 'uk' ? ('GBP' as const) : ('USD' as const);
  holdsMade += 1;
  lastHoldId = `40AD0000-0000-4000-8000-C0DE${holdsMade.toString(16).toUpperCase().padStart(8, '0')}`;
  const hold: Hold = {
    id: lastHoldId,
    performanceId: GLASS_ORCHARD_LUMEN_FIRST,
    expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    extensionsLeft: 10,
    seats: [2, 3].map((number) => ({
      id: seatId(1, 0, number),
      section: 'STALLS',
      row: 'A',
      number,
      priceBand: 'A',
      price: { amount: 6500, currency },
    })),
    admissions: [],
  };
  inventory.holds.set(hold.id, hold);
  if (protection !== undefined)
    inventory.basket.choices.set(hold.id, { upsells: new Map(), protection: protection === 'yes' });
  return {
    reservation: {
      status: 'held',
      pending: null,
      error: null,
      takenSeatIds: [],
      clockOffsetMs: 0,
      region,
      venueSlug,
      titleSlug: 'the-glass-orchard',
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      hold,
      chosenBy,
      expiresAt: hold.expiresAt,
    },
  };
}
