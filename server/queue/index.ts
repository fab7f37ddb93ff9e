// What other capabilities may call of queue: every name is listed, none re-exported wholesale.
export type { OnsaleQueue } from './queue';
export { requireQueuePass } from './routes';
