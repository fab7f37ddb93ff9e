/**
 * Defaults of the venue settings (spec §3), kept free of zod so the SPA can apply them to the raw
 * `venue.json` without shipping the schema library; contract/venue.ts builds its schema from these
 * same objects, so the server, the build check and the browser always agree.
 */

// Types only: erased at compile time, so the browser never loads zod through this import.
import type { VenueSettings, VenueSettingsInput } from './venue';

export const VENUE_FLAG_DEFAULTS = {
  hideAvailabilityIndicators: false,
  displayPriceBreakdown: false,
  isIncludedPriceBreakdown: false,
  // Spec §9: the calendar week starts on Sunday unless a venue says otherwise.
  startOfWeek: 0,
  hideCalendarMinPrice: false,
  loginDisabled: false,
  hidePecrOptOut: false,
  shouldRemoveLogoLink: false,
  shouldShowOrderConfirmationSignup: false,
  manualPromocodePromptOnCalendar: false,
  shouldHidePriceDrawer: false,
  minVoucherNumberLength: 8,
  displayTransactionFeeInPriceDrawer: false,
  isSingleLinePriceOption: false,
  displayAdditionalFeesInfo: false,
  shouldShowFaceValue: false,
  shouldShowMarketingPreferences: true,
  showAddressLookup: false,
  shouldRedirectSinglePromoCode: false,
  shouldStyleHeaderLogo: false,
  shouldCallEligibleExp: false,
  shouldShowTpUxChanges: false,
  // Issue 24: hand-picked seats may not leave a single seat on its own (contract/seatGaps.ts).
  preventSingleSeatGaps: true,
  viewFromSeat: {
    enabled: false,
    enabledForGeneralAdmissions: false,
    type: 'seat',
    level: 'venue',
  },
} as const;

/** Top-level settings that have a default (design.md: holds last 15 minutes unless a venue says otherwise). */
export const VENUE_SETTING_DEFAULTS = {
  seatSelectionLimit: 10,
  holdMinutes: 15,
  // Collection at the theatre's own desk (theatreCourse) is offered only where a venue lists it.
  deliveryMethods: ['eTicket', 'boxOffice', 'post'],
  // Issue 15: every way to pay, unless a venue lists fewer.
  paymentMethods: ['card', 'google_pay', 'apple_pay', 'paypal', 'gift_voucher', 'gift_card'],
} as const;

/** An onsale queue's sale (issue 16): a pass lets its buyer hold seats this long. */
export const QUEUE_SALE_DEFAULTS = { passMinutes: 20 } as const;

/** A `venue.json` as written: flags and defaulted settings may be left out. */
type RawVenueSettings = VenueSettingsInput;
type VenueSettingsWithDefaults = VenueSettings;

/**
 * Applies the defaults above to a `venue.json` the build has already validated (the Vite venue
 * plugin refuses a bad file), giving the same object the zod schema would, without zod.
 */
export function applyVenueDefaults(raw: RawVenueSettings): VenueSettingsWithDefaults {
  const flags = raw.flags ?? {};
  return {
    ...raw,
    seatSelectionLimit: raw.seatSelectionLimit ?? VENUE_SETTING_DEFAULTS.seatSelectionLimit,
    holdMinutes: raw.holdMinutes ?? VENUE_SETTING_DEFAULTS.holdMinutes,
    deliveryMethods: raw.deliveryMethods ?? [...VENUE_SETTING_DEFAULTS.deliveryMethods],
    paymentMethods: raw.paymentMethods ?? [...VENUE_SETTING_DEFAULTS.paymentMethods],
    checkoutQuestions: raw.checkoutQuestions ?? [],
    queue: {
      ...raw.queue,
      sales: (raw.queue.sales ?? []).map((sale) => ({
        ...sale,
        passMinutes: sale.passMinutes ?? QUEUE_SALE_DEFAULTS.passMinutes,
        scope: sale.scope ?? {},
      })),
    },
    flags: {
      ...VENUE_FLAG_DEFAULTS,
      ...flags,
      viewFromSeat: flags.viewFromSeat ?? { ...VENUE_FLAG_DEFAULTS.viewFromSeat },
    },
  };
}
