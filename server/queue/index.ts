// The onsale queue's public module (issue 23): each name listed. A queued sale's holds need the
// session's pass.
export type { OnsaleQueue } from './queue';
export { requireQueuePass } from './routes';
