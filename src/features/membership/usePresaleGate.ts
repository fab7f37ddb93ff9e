import type { MembershipScheme } from '@contract/api/members';
import { useSagas } from '@/app/hooks';
import { watchMembership } from './membershipSaga';
import { currentMembership } from './membershipSlice';
import { useMemberships } from './useMembers';

const GATE_SAGAS = [watchMembership];

/**
 * Spec §8's presale gate before any seat is picked, for a members' presale (the calendar and the
 * seat status name its scheme): `open` for a member of the scheme (the server lets them hold without a
 * code) and for everything else the server judges at the hold (general sale, a code presale);
 * `signIn` for a guest; `notQualified` for a signed-in account without the scheme; `checking`
 * while who the buyer is, or what they belong to, is still being read.
 */
export type PresaleGate = 'open' | 'checking' | 'signIn' | 'notQualified';

export function usePresaleGate(scheme: MembershipScheme | null): PresaleGate {
  useSagas(GATE_SAGAS);
  const memberships = useMemberships({ read: scheme !== null });
  if (scheme === null) return 'open';
  if (memberships.signedIn === null) return 'checking';
  if (!memberships.signedIn) return 'signIn';
  if (memberships.status !== 'succeeded') return 'checking';
  return currentMembership(memberships.data, scheme) === undefined ? 'notQualified' : 'open';
}
