import { randomUUID } from 'node:crypto';
import type { VenueBundle } from '../../../contract/venueFiles';
import { TICKET_PROTECTION } from '../../../contract/api/products';
import type { Database, Queryable } from '../../db/database';
import { SCHEMA_LOCK_KEY } from '../../db/migrate';
import { addDays, localDate, zonedToUtc } from '../../lib/zonedTime';
import { MEMBERSHIPS, PROMOS, TICKET_PROTECTION_FEES, upsellsFor } from './products';
import { schedulePerformances } from './schedule';
import { seedMembers } from './members';
import { seedVouchers } from './vouchers';
import { planFor, type SeatingPlan } from './seatingPlans';
import { SHOWS, type ShowDef } from './shows';
import { VENUE_CONTENT, type VenueContentDef } from './venueContent';

/** Bump when the catalogue changes shape; a database seeded at this version is left alone. */
export const CATALOGUE_VERSION = 1;
const MARKER = 'demo-catalogue';
/** Memberships' offers and the demo members (issue 14): a marker of their own (members.ts). */
const MEMBERS_MARKER = 'demo-members';
const MEMBERS_VERSION = 1;
/** Demo gift vouchers and gift cards (issue 15): a marker of their own (vouchers.ts). */
const VOUCHERS_MARKER = 'demo-vouchers';
const VOUCHERS_VERSION = 1;
/** Two-part shows (issue 24): a marker of their own, so a database seeded before gets them too. */
const LINKED_MARKER = 'demo-linked-shows';
const LINKED_VERSION = 1;

export interface SeedResult {
  seeded: boolean;
  milliseconds: number;
}

async function insertPlan(tx: Queryable, venueSlug: string, plan: SeatingPlan): Promise<string> {
  const planId = randomUUID();
  const stage = plan.kind === 'reserved' ? plan.stage : null;
  await tx.query(
    `INSERT INTO seating_plans (id, venue_slug, name, kind,
                                stage_kind, stage_x, stage_y, stage_width, stage_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      planId,
      venueSlug,
      plan.name,
      plan.kind,
      stage?.kind ?? null,
      stage?.x ?? null,
      stage?.y ?? null,
      stage?.width ?? null,
      stage?.height ?? null,
    ],
  );
  if (plan.kind !== 'reserved') {
    await tx.query(
      `INSERT INTO admission_areas (seating_plan_id, code, name, default_capacity)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])`,
      [
        planId,
        plan.areas.map((a) => a.code),
        plan.areas.map((a) => a.name),
        plan.areas.map((a) => a.capacity),
      ],
    );
    return planId;
  }
  await tx.query(
    `INSERT INTO plan_sections (seating_plan_id, code, name, level, sort_order)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])`,
    [
      planId,
      plan.sections.map((s) => s.code),
      plan.sections.map((s) => s.name),
      plan.sections.map((s) => s.level),
      plan.sections.map((s) => s.sortOrder),
    ],
  );
  const seats = plan.seats;
  // One statement for the whole plan: 20,000 seats as 14 arrays.
  await tx.query(
    `INSERT INTO seats (seating_plan_id, section_code, row_label, seat_number, x, y, price_band, price_zone,
                        is_restricted_view, is_wheelchair, is_companion, is_access_zone, is_amex,
                        aisle_before, aisle_after)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[],
                              $9::boolean[], $10::boolean[], $11::boolean[], $12::boolean[], $13::boolean[],
                              $14::boolean[], $15::boolean[])`,
    [
      planId,
      seats.map((s) => s.section),
      seats.map((s) => s.row),
      seats.map((s) => s.number),
      seats.map((s) => s.x),
      seats.map((s) => s.y),
      seats.map((s) => s.band),
      seats.map((s) => s.zone),
      seats.map((s) => s.restrictedView),
      seats.map((s) => s.wheelchair),
      seats.map((s) => s.companion),
      seats.map((s) => s.accessZone),
      seats.map((s) => s.amex),
      seats.map((s) => s.aisleBefore),
      seats.map((s) => s.aisleAfter),
    ],
  );
  return planId;
}

async function insertShow(
  tx: Queryable,
  show: ShowDef,
  planId: string,
  plan: SeatingPlan,
  timeZone: string,
  now: Date,
): Promise<string> {
  const showId = randomUUID();
  await tx.query(
    `INSERT INTO shows (id, venue_slug, title_slug, title, strapline, description, images, running_time_minutes,
                        intervals, age_guidance, access_information, genre, seating_plan_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13)`,
    [
      showId,
      show.venueSlug,
      show.titleSlug,
      show.title,
      show.strapline,
      JSON.stringify(show.description),
      JSON.stringify(show.images),
      show.runningTimeMinutes,
      show.intervals,
      show.ageGuidance,
      show.accessInformation,
      show.genre,
      planId,
    ],
  );
  await tx.query(
    `INSERT INTO price_options (show_id, code, name, price_band, admission_area, face_value, sort_order)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])`,
    [
      showId,
      show.prices.map((p) => p.code),
      show.prices.map((p) => p.name ?? null),
      show.prices.map((p) => p.band ?? null),
      show.prices.map((p) => p.area ?? null),
      show.prices.map((p) => p.faceValue),
      show.prices.map((_, index) => index),
    ],
  );
  if (show.offers.length > 0) {
    await tx.query(
      `INSERT INTO offers (show_id, type, name, description, extra_amount)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])`,
      [
        showId,
        show.offers.map((o) => o.type),
        show.offers.map((o) => o.name),
        show.offers.map((o) => o.description),
        show.offers.map((o) => o.extraAmount ?? null),
      ],
    );
  }

  const performances = schedulePerformances(show, timeZone, now);
  await tx.query(
    `INSERT INTO performances (id, show_id, starts_at, presale_until, notice, admission_section_message)
     SELECT id, $1, starts_at, presale_until, notice, message
     FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[])
       AS t(id, starts_at, presale_until, notice, message)`,
    [
      showId,
      performances.map((p) => p.id),
      performances.map((p) => p.startsAt.toISOString()),
      performances.map((p) => p.presaleUntil?.toISOString() ?? null),
      performances.map((p) => p.notice),
      performances.map((p) => p.admissionSectionMessage),
    ],
  );
  const linked = performances.filter((p) => p.part !== undefined);
  if (linked.length > 0) {
    // Linked after the insert, so each part's reference finds the other already written.
    await tx.query(
      `UPDATE performances p SET part = t.part, linked_performance_id = t.linked
       FROM unnest($1::uuid[], $2::int[], $3::uuid[]) AS t(id, part, linked) WHERE p.id = t.id`,
      [linked.map((p) => p.id), linked.map((p) => p.part), linked.map((p) => p.linkedTo)],
    );
  }
  const selling = performances.filter((p) => p.soldPercent > 0);
  if (plan.kind === 'reserved') {
    // A seeded hash picks which seats are sold, so sales look scattered rather than in blocks.
    // The two parts of a pair hash by Part One's id: a pair is sold together, same seats in both.
    await tx.query(
      `INSERT INTO seat_allocations (performance_id, seat_id, status)
       SELECT t.performance_id, s.id, 'sold'
       FROM unnest($1::uuid[], $2::int[], $4::uuid[]) AS t(performance_id, sold_percent, sold_as)
       JOIN seats s ON s.seating_plan_id = $3
       WHERE t.sold_percent >= 100 OR abs(hashtext(s.id::text || t.sold_as::text)) % 100 < t.sold_percent`,
      [
        selling.map((p) => p.id),
        selling.map((p) => p.soldPercent),
        planId,
        selling.map((p) => (p.part === 2 ? p.linkedTo : p.id)),
      ],
    );
  } else {
    await tx.query(
      `INSERT INTO admission_capacities (performance_id, seating_plan_id, area_code, capacity, sold)
       SELECT t.performance_id, a.seating_plan_id, a.code, a.default_capacity, a.default_capacity * t.sold_percent / 100
       FROM unnest($1::uuid[], $2::int[]) AS t(performance_id, sold_percent)
       JOIN admission_areas a ON a.seating_plan_id = $3`,
      [performances.map((p) => p.id), performances.map((p) => p.soldPercent), planId],
    );
  }
  return showId;
}

async function insertVenue(
  tx: Queryable,
  bundle: VenueBundle,
  content: VenueContentDef,
): Promise<void> {
  const { settings } = bundle;
  await tx.query(
    `INSERT INTO venues (slug, region, name, currency, timezone, description, address, access_information, image,
                         booking_fee, transaction_fee, queue_active)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9::jsonb, $10, $11, $12)`,
    [
      settings.slug,
      settings.region,
      settings.name,
      settings.currency,
      settings.timezone,
      JSON.stringify(content.description),
      JSON.stringify(content.address),
      content.accessInformation,
      JSON.stringify(content.image),
      content.bookingFee,
      content.transactionFee,
      content.queueActive,
    ],
  );
}

/**
 * A venue folder the catalogue has no content for still gets a venue row (so its page works)
 * and no shows.
 */
function fallbackContent(bundle: VenueBundle): VenueContentDef {
  const { settings } = bundle;
  return {
    slug: settings.slug,
    plan: 'theatre',
    description: [`${settings.name}, ${settings.city}.`],
    address: { lines: [], city: settings.city, postcode: '' },
    accessInformation: '',
    image: {
      src: `/images/venues/${settings.slug}.svg`,
      alt: settings.name,
      width: 1200,
      height: 600,
    },
    bookingFee: 0,
    transactionFee: 0,
    queueActive: false,
  };
}

async function seedCatalogue(tx: Queryable, venues: VenueBundle[], now: Date): Promise<void> {
  const showIds = new Map<string, string>();
  for (const bundle of venues) {
    const { slug, timezone } = bundle.settings;
    const content = VENUE_CONTENT.find((venue) => venue.slug === slug) ?? fallbackContent(bundle);
    await insertVenue(tx, bundle, content);
    const shows = SHOWS.filter((show) => show.venueSlug === slug && !show.parts);
    if (shows.length > 0) {
      const plan = planFor(content.plan, bundle.settings.locale);
      const planId = await insertPlan(tx, slug, plan);
      for (const show of shows) {
        showIds.set(
          `${slug}/${show.titleSlug}`,
          await insertShow(tx, show, planId, plan, timezone, now),
        );
      }
    }
    const upsells = upsellsFor(content.plan, bundle.settings.currency, bundle.settings.locale);
    await tx.query(
      `INSERT INTO upsell_products (venue_slug, kind, name, description, price_zone, amount)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[])`,
      [
        slug,
        upsells.map((u) => u.kind),
        upsells.map((u) => u.name),
        upsells.map((u) => u.description),
        upsells.map((u) => u.priceZone),
        upsells.map((u) => u.amount),
      ],
    );
  }

  await tx.query('INSERT INTO ticket_protection_products (id, slug, label) VALUES ($1, $2, $3)', [
    TICKET_PROTECTION.id,
    TICKET_PROTECTION.slug,
    TICKET_PROTECTION.label,
  ]);
  for (const [currency, fee] of Object.entries(TICKET_PROTECTION_FEES)) {
    await tx.query(
      'INSERT INTO ticket_protection_fees (product_id, currency, fee_per_ticket) VALUES ($1, $2, $3)',
      [TICKET_PROTECTION.id, currency, fee],
    );
  }
  for (const scheme of MEMBERSHIPS) {
    await tx.query(
      'INSERT INTO membership_schemes (slug, name, description, waives_transaction_fee, presale_access) VALUES ($1, $2, $3, $4, $5)',
      [
        scheme.slug,
        scheme.name,
        scheme.description,
        scheme.waivesTransactionFee,
        scheme.presaleAccess,
      ],
    );
  }
  const seeded = new Set(venues.map((venue) => venue.settings.slug));
  for (const promo of PROMOS.filter((p) => seeded.has(p.venueSlug))) {
    const timeZone = venues.find((venue) => venue.settings.slug === promo.venueSlug)!.settings
      .timezone;
    const today = localDate(now, timeZone);
    await tx.query(
      `INSERT INTO promo_codes (code, venue_slug, show_id, kind, description, discount_percent, membership_scheme,
                                single_use, valid_from, valid_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        promo.code,
        promo.venueSlug,
        promo.titleSlug ? (showIds.get(`${promo.venueSlug}/${promo.titleSlug}`) ?? null) : null,
        promo.kind,
        promo.description,
        promo.discountPercent,
        promo.membershipScheme,
        promo.singleUse,
        zonedToUtc(addDays(today, promo.fromDay), '00:00', timeZone).toISOString(),
        zonedToUtc(addDays(today, promo.untilDay), '23:59', timeZone).toISOString(),
      ],
    );
  }
}

/**
 * The two-part shows (ShowDef.parts), on the plan their venue already has: after the catalogue
 * in a fresh database, or on their own in one seeded before they existed.
 */
async function seedLinkedShows(tx: Queryable, venues: VenueBundle[], now: Date): Promise<void> {
  for (const show of SHOWS.filter((def) => def.parts)) {
    const bundle = venues.find((venue) => venue.settings.slug === show.venueSlug);
    const content = VENUE_CONTENT.find((venue) => venue.slug === show.venueSlug);
    if (!bundle || !content) continue;
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM seating_plans WHERE venue_slug = $1 ORDER BY name LIMIT 1',
      [show.venueSlug],
    );
    const plan = planFor(content.plan, bundle.settings.locale);
    const planId = rows[0]?.id ?? (await insertPlan(tx, show.venueSlug, plan));
    await insertShow(tx, show, planId, plan, bundle.settings.timezone, now);
  }
}

/**
 * The catalogue tables seedCatalogue fills, analysed after it. Not the operational tables it
 * leaves empty (holds) or writes a few rows of (seat_allocations: sold seats only): statistics
 * taken now would tell the hold path's cached plans that they stay that small.
 */
const CATALOGUE_TABLES = [
  'venues',
  'membership_schemes',
  'seating_plans',
  'plan_sections',
  'seats',
  'admission_areas',
  'shows',
  'performances',
  'admission_capacities',
  'price_options',
  'offers',
  'promo_codes',
  'ticket_protection_products',
  'ticket_protection_fees',
  'upsell_products',
];

/**
 * Writes the demo catalogue once. Idempotent: a version marker is written in the same
 * transaction, and the advisory lock makes a second process wait and then find the marker.
 */
export async function seed(
  db: Database,
  venues: VenueBundle[],
  now = new Date(),
): Promise<SeedResult> {
  const started = performance.now();
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    const { rows } = await tx.query<{ version: number }>(
      'SELECT version FROM seed_versions WHERE name = $1',
      [MARKER],
    );
    const fresh = rows.length === 0;
    if (fresh) {
      await seedCatalogue(tx, venues, now);
      await tx.query(
        'UPDATE seating_plans sp SET seat_count = (SELECT count(*) FROM seats s WHERE s.seating_plan_id = sp.id)',
      );
      await tx.query('INSERT INTO seed_versions (name, version) VALUES ($1, $2)', [
        MARKER,
        CATALOGUE_VERSION,
      ]);
    }
    // A database seeded before the members came gets them now, without a new catalogue.
    const members = await tx.query('SELECT 1 FROM seed_versions WHERE name = $1', [MEMBERS_MARKER]);
    if (members.rows.length === 0) {
      await seedMembers(tx, venues, now);
      await tx.query('INSERT INTO seed_versions (name, version) VALUES ($1, $2)', [
        MEMBERS_MARKER,
        MEMBERS_VERSION,
      ]);
    }
    const linked = await tx.query('SELECT 1 FROM seed_versions WHERE name = $1', [LINKED_MARKER]);
    if (linked.rows.length === 0) {
      await seedLinkedShows(tx, venues, now);
      await tx.query('INSERT INTO seed_versions (name, version) VALUES ($1, $2)', [
        LINKED_MARKER,
        LINKED_VERSION,
      ]);
    }
    const vouchers = await tx.query('SELECT 1 FROM seed_versions WHERE name = $1', [
      VOUCHERS_MARKER,
    ]);
    if (vouchers.rows.length === 0) {
      await seedVouchers(tx, now);
      await tx.query('INSERT INTO seed_versions (name, version) VALUES ($1, $2)', [
        VOUCHERS_MARKER,
        VOUCHERS_VERSION,
      ]);
    }
    return fresh;
  });
  // A bulk load leaves the planner guessing (63 seats in a 1,200-seat plan): refresh the statistics
  // of what it loaded. Only those: a table analysed while empty (holds) is planned as empty, and a
  // hold path's cached plan would then scan every hold of an onsale instead of using its index.
  if (seeded) await db.exec(`ANALYZE ${CATALOGUE_TABLES.join(', ')}`);
  return { seeded, milliseconds: Math.round(performance.now() - started) };
}
