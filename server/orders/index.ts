// Orders' public module (issue 23): each name listed. Releasing a hold voids its pay attempts; My
// account shows an order as the confirmation does.
export { LinkSealer } from './keys';
export { releaseAttempts } from './orders';
export { findOrder } from './queries';
export { orderView } from './view';
export type { OrderScope } from './view';
