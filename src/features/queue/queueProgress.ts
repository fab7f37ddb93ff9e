import type { QueueTicket } from '@contract/api/queue';

/**
 * The share of the people who were ahead of the buyer at the draw (or on joining) who have
 * since gone through: `place` is the buyer's number in the sale's order and `ahead` those still
 * in front, so the bar moves with the queue, not with the clock. Null before the draw.
 */
export function queueProgress(ticket: QueueTicket): number | null {
  if (ticket.phase === 'admitted') return 1;
  if (ticket.place === null || ticket.ahead === null) return null;
  if (ticket.place <= 1) return 1;
  const gone = ticket.place - 1 - ticket.ahead;
  return Math.min(1, Math.max(0, gone / (ticket.place - 1)));
}

/** The estimated wait still to go, counted down in the browser between two answers. */
export function remainingWaitSeconds(
  ticket: QueueTicket,
  receivedAt: number | null,
  now: number,
): number | null {
  if (ticket.estimatedWaitSeconds === null) return null;
  const elapsed = receivedAt === null ? 0 : Math.max(0, now - receivedAt) / 1000;
  return Math.max(0, Math.ceil(ticket.estimatedWaitSeconds - elapsed));
}

/** "1:02:03" past an hour, "02:03" below: a countdown's digits. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
