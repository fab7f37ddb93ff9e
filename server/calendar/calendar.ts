import type {
  Calendar,
  CalendarArgs,
  CalendarPart,
  CalendarPerformance,
  CalendarPromo,
} from '../../contract/api/calendar';
import type { CalendarAvailability } from '../../contract/api/calendarQuery';
import type { PerformancePart } from '../../contract/api/common';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Queryable } from '../db/database';
import {
  bookablePerformanceIds,
  calendarPerformances,
  findCalendarShow,
  type CalendarPerformanceRow,
} from './queries';
import { availabilityLevel } from '../catalogue';
import { mayBuy, resolvePromo, type PromoResolution, type PromoRule } from '../promo';
import { calendarDiscount } from '../basket';
import { notFound } from '../lib/errors';
import { performanceParts } from '../lib/performanceParts';
import { localDateTime, monthAt, monthBounds } from './months';
import { membersPresaleScheme } from '../members';

const membersOnly = (scheme: string | null): Calendar['membersPresale'] =>
  scheme === 'atg-plus' || scheme === 'access' ? scheme : null;

/** One region's view of the catalogue: another region's venue does not exist here. */
export interface CalendarScope {
  db: Queryable;
  venueOf(slug: string): VenueBundle | undefined;
}

const AVAILABILITY: Record<ReturnType<typeof availabilityLevel>, CalendarAvailability> = {
  good: 'good',
  medium: 'medium',
  low: 'low',
  'sold-out': 'soldOut',
};

/** Issue 24: a two-part pair's parts, each on the venue's clock; null for a single performance. */
function partsOfChoice(
  row: CalendarPerformanceRow,
  timeZone: string,
): [CalendarPart, CalendarPart] | null {
  const parts = performanceParts(row);
  if (!parts) return null;
  const onClock = ({ part, performanceId, startsAt }: PerformancePart): CalendarPart => {
    const { date, time } = localDateTime(new Date(startsAt), timeZone);
    return { part, id: performanceId, startsAt, localDate: date, localTime: time };
  };
  return [onClock(parts[0]), onClock(parts[1])];
}

function toPerformance(
  row: CalendarPerformanceRow,
  timeZone: string,
  currency: Calendar['currency'],
  rule: PromoRule | null,
): CalendarPerformance {
  const { date, time } = localDateTime(row.startsAt, timeZone);
  const availability = AVAILABILITY[availabilityLevel(row.capacity, row.taken)];
  // A performance with a seat left but no price option for it cannot be sold either.
  const fromPrice =
    availability === 'soldOut' || row.fromPrice === null
      ? null
      : { amount: row.fromPrice, currency };
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    localDate: date,
    localTime: time,
    availability,
    fromPrice,
    presale: row.presale,
    unlocked: row.presale && mayBuy(rule, row),
    promoApplied: fromPrice !== null && row.discounted,
    parts: partsOfChoice(row, timeZone),
  };
}

async function promoOf(
  db: Queryable,
  showId: string,
  code: string,
  resolution: PromoResolution,
): Promise<CalendarPromo> {
  const rule = resolution.rule;
  const performanceIds =
    resolution.status === 'applied' && rule !== null
      ? await bookablePerformanceIds(db, showId, rule.kind === 'presale')
      : [];
  return {
    code: rule?.code ?? code,
    status: resolution.status,
    kind: rule?.kind ?? null,
    discountPercent: rule?.discountPercent ?? null,
    performanceIds,
  };
}

/**
 * The calendar of one show for one month on the venue's clock, with the applied code's effect.
 * Venue flags that hide things (availability, "from" prices) are the SPA's to apply: the data is
 * the same for every venue.
 */
export async function loadCalendar(
  scope: CalendarScope,
  args: CalendarArgs,
  now: Date = new Date(),
): Promise<Calendar> {
  const venue = scope.venueOf(args.venueSlug);
  if (!venue) throw notFound('Venue');
  const { settings } = venue;
  const timeZone = settings.timezone;
  const show = await findCalendarShow(scope.db, settings.slug, args.titleSlug);
  if (!show) throw notFound('Show');

  const months =
    show.first && show.last
      ? { first: monthAt(show.first, timeZone), last: monthAt(show.last, timeZone) }
      : null;
  const month = args.month ?? months?.first ?? monthAt(now, timeZone);
  const code = args.promoCode ?? null;
  const resolution =
    code === null
      ? null
      : await resolvePromo(scope.db, {
          venueSlug: settings.slug,
          showId: show.id,
          code,
          at: now,
        });
  const rule = resolution?.status === 'applied' ? resolution.rule : null;
  const { from, to } = monthBounds(month, timeZone);
  // Prices come discounted from the database's one price rule; fees are never discounted.
  const discount = calendarDiscount(rule);
  const rows = await calendarPerformances(scope.db, show.id, from, to, discount);

  return {
    venueSlug: settings.slug,
    titleSlug: args.titleSlug,
    timeZone,
    currency: show.currency,
    startOfWeek: settings.flags.startOfWeek,
    transactionFee: { amount: show.transactionFee, currency: show.currency },
    month,
    months,
    promo:
      code === null || resolution === null
        ? null
        : await promoOf(scope.db, show.id, code, resolution),
    membersPresale: membersOnly(await membersPresaleScheme(scope.db, settings.slug, show.id)),
    performances: rows.map((row) => toPerformance(row, timeZone, show.currency, rule)),
  };
}
