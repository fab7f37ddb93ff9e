// Members' public module (issue 23): each name listed. Holds, the basket, details and the calendar
// ask who the buyer is and what their membership opens, orders' account routes whose account a
// session is; the demo data hashes its passwords.
export { accountOf, buyerOf, buyerOfSessionId } from './memberships';
export { hashPassword } from './passwordHash';
export {
  heldWheelchairSpaces,
  membersPresaleScheme,
  planAccessSeats,
  sessionMember,
} from './queries/memberships';
export type { AccessSeatRow } from './queries/memberships';
export { findProfile, saveCheckoutContact } from './queries/profile';
export type { ProfileRow } from './queries/profile';
