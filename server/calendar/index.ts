// The calendar's public module (issue 23): each name listed. The basket's price rule names the
// calendar's discount shape.
export type { CalendarDiscount } from './queries';
