// What other capabilities may call of holds: every name is listed, none re-exported wholesale.
export { ownHold } from './holds';
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
