import type { CalendarPerformance } from '@contract/api/calendar';

/**
 * Whether the buyer may book a performance now: on general sale, or a presale that the server
 * says is unlocked for them. The server decides `unlocked` (server/promo/promo.ts): today a
 * presale code opens a presale; members' presales are the hook for accounts — once a signed-in
 * buyer's schemes reach `resolvePromo` (its `buyer`), an eligible ATG+ member's calendar comes
 * back with those performances unlocked and nothing here changes.
 */
export function mayBook(performance: Pick<CalendarPerformance, 'presale' | 'unlocked'>): boolean {
  return !performance.presale || performance.unlocked;
}
