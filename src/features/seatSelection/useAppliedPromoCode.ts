import { useAppSelector } from '@/app/hooks';
import { selectAppliedPromo } from '@/features/promo/promoSlice';

/**
 * The promo or presale code the buyer applied to this show on the calendar: seat prices show its
 * discount, and the hold carries it (a presale performance can only be held with one).
 */
export function useAppliedPromoCode(venueSlug: string, titleSlug: string): string | undefined {
  return useAppSelector((state) => selectAppliedPromo(state, venueSlug, titleSlug))?.code;
}
