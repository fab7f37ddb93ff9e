// Holds' public module (issue 23): each name listed. The basket, details, vouchers and orders read
// a buyer's hold and write to it in their own transactions through these; orders' release route
// gives one back with releaseHold, and the app hands releaseSessionHolds to members' sign-out.
export { ownHold, releaseHold, releaseSessionHolds } from './holds';
export type { HoldScope } from './holds';
export {
  admissionPrices,
  dropPromoCode,
  lockHold,
  returnExpiredAdmissions,
  takeCapacity,
} from './queries';
export type { AdmissionPriceRow, HoldRow } from './queries';
