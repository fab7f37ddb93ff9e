import type { Image, Money } from '../../contract/api/common';
import type { PerformanceSummary } from '../../contract/api/content';
import { availabilityLevel } from './availability';
import type { Queryable } from '../db/database';

export type Seating = 'reserved' | 'general-admission' | 'timed-entry';

export interface ShowRow {
  id: string;
  titleSlug: string;
  title: string;
  venueSlug: string;
  strapline: string;
  description: string[];
  images: Image[];
  seating: Seating;
  runningTimeMinutes: number;
  intervals: number;
  ageGuidance: string;
  accessInformation: string;
  genre: string;
  /** Upcoming performances only: past ones are not on sale. */
  performanceCount: number;
  firstPerformance: Date | null;
  lastPerformance: Date | null;
  /** Venue-local days with an upcoming performance, soonest first. */
  playingDates: string[];
  fromPrice: Money | null;
}

interface RawShowRow extends Omit<ShowRow, 'fromPrice'> {
  currency: 'GBP' | 'USD';
  fromAmount: number | null;
}

const SHOW_COLUMNS = `
  sh.id, sh.title_slug AS "titleSlug", sh.title, sh.venue_slug AS "venueSlug", sh.strapline, sh.description,
  sh.images, sp.kind AS seating, sh.running_time_minutes AS "runningTimeMinutes", sh.intervals,
  sh.age_guidance AS "ageGuidance", sh.access_information AS "accessInformation", sh.genre, v.currency,
  upcoming.count AS "performanceCount", upcoming.first AS "firstPerformance", upcoming.last AS "lastPerformance",
  upcoming.dates AS "playingDates",
  CASE WHEN upcoming.count > 0
       THEN (SELECT min(po.all_in_price) FROM price_options_all_in po WHERE po.show_id = sh.id)
  END AS "fromAmount"`;

const SHOW_FROM = `
  FROM shows sh
  JOIN venues v ON v.slug = sh.venue_slug
  JOIN seating_plans sp ON sp.id = sh.seating_plan_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS count, min(p.starts_at) AS first, max(p.starts_at) AS last,
           coalesce(
             array_agg(DISTINCT to_char(p.starts_at AT TIME ZONE v.timezone, 'YYYY-MM-DD')
                       ORDER BY to_char(p.starts_at AT TIME ZONE v.timezone, 'YYYY-MM-DD')),
             '{}'
           ) AS dates
    FROM performances p WHERE p.show_id = sh.id AND p.starts_at > now() AND p.off_sale_at IS NULL
  ) upcoming`;

function toShow({ currency, fromAmount, ...row }: RawShowRow): ShowRow {
  return { ...row, fromPrice: fromAmount === null ? null : { amount: fromAmount, currency } };
}

/** Shows at the given venues, by venue then title. */
export async function listShows(db: Queryable, venueSlugs: readonly string[]): Promise<ShowRow[]> {
  const { rows } = await db.query<RawShowRow>(
    `SELECT ${SHOW_COLUMNS} ${SHOW_FROM} WHERE sh.venue_slug = ANY($1::text[]) ORDER BY sh.venue_slug, sh.title`,
    [venueSlugs],
  );
  return rows.map(toShow);
}

export async function findShow(
  db: Queryable,
  venueSlug: string,
  titleSlug: string,
): Promise<ShowRow | undefined> {
  const { rows } = await db.query<RawShowRow>(
    `SELECT ${SHOW_COLUMNS} ${SHOW_FROM} WHERE sh.venue_slug = $1 AND sh.title_slug = $2`,
    [venueSlug, titleSlug],
  );
  return rows[0] ? toShow(rows[0]) : undefined;
}

interface UpcomingRow {
  id: string;
  startsAt: Date;
  isPresale: boolean;
  hasNotice: boolean;
  capacity: number;
  taken: number;
}

/**
 * The next `limit` performances of a show with their availability: seats allocated (held or
 * sold) against the plan's seats, or admissions sold against the performance's capacities.
 */
export async function upcomingPerformances(
  db: Queryable,
  showId: string,
  limit: number,
): Promise<PerformanceSummary[]> {
  const { rows } = await db.query<UpcomingRow>(
    `WITH plan AS (
       SELECT sp.id, sp.kind, sp.seat_count
       FROM shows sh JOIN seating_plans sp ON sp.id = sh.seating_plan_id
       WHERE sh.id = $1
     ),
     next AS (
       SELECT p.id, p.starts_at, p.presale_until, p.notice
       FROM performances p
       -- A two-part show's choice is its Part One (issue 24), as on the calendar.
       WHERE p.show_id = $1 AND p.starts_at > now() AND p.part IS DISTINCT FROM 2
         AND p.off_sale_at IS NULL
       ORDER BY p.starts_at
       LIMIT $2
     )
     SELECT upper(n.id::text) AS id, n.starts_at AS "startsAt",
            coalesce(n.presale_until > now(), false) AS "isPresale", n.notice IS NOT NULL AS "hasNotice",
            CASE WHEN plan.kind = 'reserved'
                 THEN plan.seat_count
                 ELSE (SELECT coalesce(sum(ac.capacity), 0)::int FROM admission_capacities ac WHERE ac.performance_id = n.id)
            END AS capacity,
            CASE WHEN plan.kind = 'reserved'
                 THEN (SELECT count(*)::int FROM seat_allocations a WHERE a.performance_id = n.id)
                 ELSE (SELECT coalesce(sum(ac.sold), 0)::int FROM admission_capacities ac WHERE ac.performance_id = n.id)
            END AS taken
     FROM next n CROSS JOIN plan
     ORDER BY n.starts_at`,
    [showId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    startsAt: new Date(row.startsAt).toISOString(),
    availability: availabilityLevel(row.capacity, row.taken),
    isPresale: row.isPresale,
    hasNotice: row.hasNotice,
  }));
}

export interface VenueRow {
  slug: string;
  description: string[];
  address: { lines: string[]; city: string; postcode: string };
  accessInformation: string;
  image: Image;
  queueActive: boolean;
}

export async function findVenue(db: Queryable, slug: string): Promise<VenueRow | undefined> {
  const { rows } = await db.query<VenueRow>(
    `SELECT slug, description, address, access_information AS "accessInformation", image, queue_active AS "queueActive"
     FROM venues WHERE slug = $1`,
    [slug],
  );
  return rows[0];
}
