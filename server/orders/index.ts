// Orders' public module (issue 23): each name listed. Releasing a hold voids its pay attempts; My
// account shows an order as the confirmation does.
export { LinkSealer } from './keys';
export { releaseAttempts } from './orders';
export { findOrder } from './queries';
export { orderView } from './view';
export type { OrderScope } from './view';
// Issue 25: the confirmation email's calendar file and wallet passes, which the app hands the
// email dispatcher; who signs the passes.
export { confirmationAttachments } from './ticketFiles/ticketFiles';
export { walletCertificates } from './ticketFiles/walletCertificates';
export type { WalletCertificates } from './ticketFiles/walletSettings';
