/**
 * Path-parameter patterns of spec §2, shared by the SPA router and the booking API so that a
 * value one side accepts is never refused by the other.
 */

/** A promo or slug-like segment: 1 to 255 of letters, digits and `! . + & -`. */
export const SLUG_PATTERN = /^[A-Za-z0-9!.+&-]{1,255}$/;

/** A calendar date as YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** An id: 36 characters of uppercase hex with dashes (a GUID in 8-4-4-4-12 form). */
export const ID_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG_PATTERN.test(value);
}

export function isId(value: string | undefined): value is string {
  return value !== undefined && ID_PATTERN.test(value);
}

/** True for YYYY-MM-DD strings that name a real day (2026-02-30 is refused). */
export function isCalendarDate(value: string | undefined): value is string {
  if (value === undefined || !DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Campaign attribution (spec §2's crmCampaignId, crmUserId and src): 1 to 255 of letters, digits
 * and the punctuation campaign tools use; nothing that could become markup.
 */
export const ATTRIBUTION_VALUE_PATTERN = /^[A-Za-z0-9 _.,:;@+!~*'()/=-]{1,255}$/;

/** crmEmail: an address as a mailing tool writes it, at most 254 characters. */
export const ATTRIBUTION_EMAIL_PATTERN = /^[^\s@<>"]{1,64}@[^\s@<>"]+\.[^\s@<>"]{2,}$/;
export const ATTRIBUTION_EMAIL_MAX = 254;
