// What other capabilities may call of calendar: every name is listed, none re-exported wholesale.
export type { CalendarDiscount } from './queries';
