// Holds' public module (issue 23): each name listed. The basket, details, vouchers, orders and
// sign-out read a buyer's hold and write to it in their own transactions through these; orders'
// release route gives one back with releaseHold.
export { ownHold, releaseHold } from './holds';
export type { HoldScope } from './holds';
export {
  admissionPrices,
  deleteHold,
  lockHold,
  releaseHoldSeats,
  returnExpiredAdmissions,
  returnHoldAdmissions,
  supersedePending,
  takeCapacity,
} from './queries';
export type { AdmissionPriceRow, HoldRow } from './queries';
