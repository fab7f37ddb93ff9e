/** The promo or presale code the buyer applied to this show (wired to the promo slice). */
export function useAppliedPromoCode(_venueSlug: string, _titleSlug: string): string | undefined {
  return undefined;
}
