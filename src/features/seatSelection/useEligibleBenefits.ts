import type { VenueConfig } from '@/config/venues';
import { useMembershipsOutsideMemberPages } from '@/features/membership/useMembers';

/** What the tickets page may show: `ready` once asked; the scheme whose benefits apply, if any. */
export interface EligibleBenefits {
  ready: boolean;
  scheme: 'atg-plus' | 'access' | null;
}

/**
 * Venue flag shouldCallEligibleExp (docs/venue-settings.md): before prices are shown, the
 * membership service is asked which benefits a signed-in buyer has, so the page never shows a
 * guest's prices to a member and then changes them. A guest, or a venue without the flag, is
 * ready at once with none; so is a buyer whose memberships could not be read (the basket prices
 * the waiver on the server anyway).
 */
export function useEligibleBenefits(venue: VenueConfig | undefined): EligibleBenefits {
  const asks =
    venue !== undefined &&
    venue.settings.flags.shouldCallEligibleExp &&
    !venue.settings.flags.loginDisabled;
  const { status, data, signedIn } = useMembershipsOutsideMemberPages({ read: asks });
  if (!asks || signedIn === false) return { ready: true, scheme: null };
  if (signedIn === null || status === 'idle' || status === 'loading')
    return { ready: false, scheme: null };
  const member = (data ?? []).find(
    (membership) => membership.benefitsActive && membership.waivesTransactionFee,
  );
  return { ready: true, scheme: member?.scheme ?? null };
}
