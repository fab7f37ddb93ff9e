// What other capabilities may call of email: every name is listed, none re-exported wholesale.
export {
  renderAccountExists,
  renderEmailChange,
  renderEmailChangeNotice,
  renderPasswordReset,
} from './accountEmails';
export { renderMembershipConfirmation } from './membershipConfirmation';
export { queueAccountActivation, queueAccountEmail, queueOrderConfirmation } from './outbox';
