// What other capabilities may call of members: every name is listed, none re-exported wholesale.
export { buyerOf, buyerOfSessionId } from './memberships';
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
