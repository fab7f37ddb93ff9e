import { Outlet } from 'react-router';
import { useSagas } from '@/app/hooks';
import { watchMembership } from './membershipSaga';
import { watchPurchase } from './purchaseSaga';

const MEMBER_SAGAS = [watchMembership, watchPurchase];

/**
 * Layout route of the member pages (memberships, subscriptions, My account): its chunk brings
 * the membership slice and flow, so the first page never downloads them.
 */
export default function MemberFlows() {
  useSagas(MEMBER_SAGAS);
  return <Outlet />;
}
