// What other capabilities may call of orders: every name is listed, none re-exported wholesale.
export { LinkSealer } from './keys';
export { releaseAttempts } from './orders';
export { findOrder } from './queries';
export { orderView } from './view';
export type { OrderScope } from './view';
