import { IDEMPOTENCY_HEADER } from '@contract/api/constants';
import type {
  AccessJoinBody,
  AccountOrder,
  AccountOrdersResponse,
  AtgPurchaseBody,
  Membership,
  MembershipOffer,
  MembershipOffersResponse,
  MembershipPurchaseResponse,
  MembershipResponse,
  MembershipScheme,
  MembershipsResponse,
  Profile,
  ProfileBody,
  ProfileResponse,
} from '@contract/api/members';
import type { OrderResponse, OrderView } from '@contract/api/orders';
import { serviceApi } from './client';
import type { WriteContext } from './holds';
import { csrfHeaders } from './session';

/**
 * The member services of issue 14 (contract/api/members.ts): the customer profile, the account's
 * orders and memberships, the membership offers and the ATG+ purchase. Every call rides on the
 * session cookie; one that needs a signed-in session and has none is 401 `sign_in_required`.
 */

const seg = encodeURIComponent;
const profileApi = () => serviceApi('customer-profile');
const accountApi = () => serviceApi('account-management');

/** The purchase waits on the payment provider, as the order's pay request does (orders.ts). */
const PURCHASE_TIMEOUT_MS = 60_000;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return profileApi()
    .get<ProfileResponse>('/profile', { signal })
    .then((response) => response.data.profile);
}

export function putProfile(body: ProfileBody, csrfToken: string): Promise<Profile> {
  return profileApi()
    .put<ProfileResponse>('/profile', body, { headers: csrfHeaders(csrfToken) })
    .then((response) => response.data.profile);
}

export function getAccountOrders(signal?: AbortSignal): Promise<AccountOrder[]> {
  return accountApi()
    .get<AccountOrdersResponse>('/orders', { signal })
    .then((response) => response.data.orders);
}

export function getAccountOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return accountApi()
    .get<OrderResponse>(`/orders/${seg(orderId)}`, { signal })
    .then((response) => response.data.order);
}

export function getMemberships(signal?: AbortSignal): Promise<Membership[]> {
  return accountApi()
    .get<MembershipsResponse>('/memberships', { signal })
    .then((response) => response.data.memberships);
}

/**
 * The venue's offers; with `eligibility` (venue flag shouldCallEligibleExp, signed in) each says
 * whether this buyer may join it.
 */
export function getMembershipOffers(
  venue: string,
  eligibility: boolean,
  signal?: AbortSignal,
): Promise<MembershipOffer[]> {
  return accountApi()
    .get<MembershipOffersResponse>('/membership-offers', {
      signal,
      params: eligibility ? { venue, eligibility: '1' } : { venue },
    })
    .then((response) => response.data.offers);
}

export function setAutoRenew(
  scheme: MembershipScheme,
  autoRenew: boolean,
  csrfToken: string,
): Promise<Membership> {
  return accountApi()
    .patch<MembershipResponse>(
      `/memberships/${seg(scheme)}`,
      { autoRenew },
      { headers: csrfHeaders(csrfToken) },
    )
    .then((response) => response.data.membership);
}

export function cancelMembership(scheme: MembershipScheme, csrfToken: string): Promise<Membership> {
  return accountApi()
    .post<MembershipResponse>(
      `/memberships/${seg(scheme)}/cancel`,
      {},
      { headers: csrfHeaders(csrfToken) },
    )
    .then((response) => response.data.membership);
}

export function joinAccess(body: AccessJoinBody, csrfToken: string): Promise<Membership> {
  return accountApi()
    .post<MembershipResponse>('/memberships/access/join', body, {
      headers: csrfHeaders(csrfToken),
    })
    .then((response) => response.data.membership);
}

/** Pays for ATG+; the Idempotency-Key makes a double click or a retry the same attempt. */
export function purchaseAtgPlus(
  body: AtgPurchaseBody,
  { csrfToken, idempotencyKey }: WriteContext,
): Promise<MembershipPurchaseResponse> {
  return accountApi()
    .post<MembershipPurchaseResponse>('/memberships/atg-plus/purchase', body, {
      timeout: PURCHASE_TIMEOUT_MS,
      headers: { ...csrfHeaders(csrfToken), [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
    .then((response) => response.data);
}

/** Back from 3-D Secure on /membership/verify: what the purchase came to. */
export function continueAtgPurchase(
  purchaseId: string,
  paymentId: string,
  csrfToken: string,
): Promise<MembershipPurchaseResponse> {
  return accountApi()
    .post<MembershipPurchaseResponse>(
      `/memberships/atg-plus/purchases/${seg(purchaseId)}/payments/${seg(paymentId)}/continue`,
      {},
      { timeout: PURCHASE_TIMEOUT_MS, headers: csrfHeaders(csrfToken) },
    )
    .then((response) => response.data);
}
