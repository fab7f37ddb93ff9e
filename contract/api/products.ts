/**
 * Catalogue constants both the SPA and the booking API rely on.
 */

/** The one ticket-protection product (spec §3): fixed id and slug, per-ticket fee. */
export const TICKET_PROTECTION = {
  id: '6F1C2A9E-3B7D-4E58-9A0C-5D2E8B4F7A13',
  slug: 'ticket-refund-protection',
  label: 'Ticket refund protection',
} as const;

/** Membership schemes (spec §1, §6): members pay no transaction fee; ATG+ opens some presales. */
export const MEMBERSHIP_SCHEMES = ['atg-plus', 'access'] as const;
export type MembershipScheme = (typeof MEMBERSHIP_SCHEMES)[number];
