// Email's public module (issue 23): each name listed. Capabilities render and queue their emails
// here; the dispatcher sends them (email/jobs.ts, run by the app).
export {
  renderAccountExists,
  renderEmailChange,
  renderEmailChangeNotice,
  renderPasswordReset,
} from './accountEmails';
export { renderMembershipConfirmation } from './membershipConfirmation';
export {
  queueAccountActivation,
  queueAccountEmail,
  queueConfirmationCopy,
  queueOrderConfirmation,
} from './outbox';
// Issue 25: the operator's /metrics reads the backlog at every scrape.
export { outboxBacklog } from './backlog';
// Issue 25: orders words an order's calendar file and wallet passes as its emails are worded, and
// hands the dispatcher their attachments through the app.
export { emailText, type EmailText } from './messages';
export { formatPerformance } from './format';
export type { AttachmentSource } from './dispatcher';
export type { EmailAttachment } from './transport';
