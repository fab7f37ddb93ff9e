/**
 * The catalogue sync (issue 25): every statement that applies the files to the database, with the
 * rules of what it changes and never changes (syncVenue).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { localDate, zonedToUtc } from '../../lib/zonedTime';
import type { CataloguePlan, CatalogueShow, VenueCatalogue } from './load';
import type { SeatingPlan } from './plans';
import { expandSchedule, resolveDate, type PerformanceDef } from './schedule';

/** Lines an operator should read (a performance taken off sale, a changed plan that was kept). */
export type CatalogueLog = (message: string, detail: Record<string, unknown>) => void;

export interface SyncContext {
  tx: Queryable;
  /** When the catalogue was first loaded into this database (relative dates count from it). */
  anchoredAt: Date;
  now: Date;
  log: CatalogueLog;
}

/**
 * Applies one venue's files to the database without touching what is sold or held:
 * - plans: a new file is written; a changed one is rewritten only while no performance on it has
 *   a seat held or sold (otherwise it is kept, with a log line);
 * - shows: text, prices and offers follow the file (a price applies to holds made from now on);
 * - performances: new ones are added; a future one the files no longer list is taken off sale
 *   (never deleted, so its orders and tickets stand), with a log line; one listed again returns;
 * - a show whose file is gone has its future performances taken off sale;
 * - promo codes and extras follow the file; a code removed from it expires now.
 * Past performances are never touched.
 */
export async function syncVenue(ctx: SyncContext, venue: VenueCatalogue): Promise<void> {
  const { tx } = ctx;
  const slug = venue.bundle.settings.slug;
  const planIds = new Map<string, { id: string; plan: SeatingPlan }>();
  for (const plan of venue.plans)
    planIds.set(plan.slug, { id: await syncPlan(ctx, slug, plan), plan: plan.plan });

  const showIds = new Map<string, string>();
  for (const show of venue.shows) {
    const plan = planIds.get(show.file.plan)!;
    showIds.set(show.titleSlug, await syncShow(ctx, venue, show, plan.id, plan.plan));
  }
  const { rows: gone } = await tx.query<{ id: string; title_slug: string }>(
    'SELECT id, title_slug FROM shows WHERE venue_slug = $1 AND NOT (title_slug = ANY($2::text[]))',
    [slug, [...showIds.keys()]],
  );
  for (const show of gone) {
    await takeOffSale(ctx, `${slug}/${show.title_slug}`, show.id, [], 'its show file is gone');
  }
  await syncPromoCodes(ctx, venue, showIds);
  await syncProducts(ctx, venue);
}

/** Whether any seat or place of a performance on this plan is held or sold. */
async function planInUse(tx: Queryable, planId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM seat_allocations a JOIN seats s ON s.id = a.seat_id WHERE s.seating_plan_id = $1
     UNION ALL
     SELECT 1 FROM admission_capacities c WHERE c.seating_plan_id = $1 AND c.sold > 0
     LIMIT 1`,
    [planId],
  );
  return rows.length > 0;
}

async function syncPlan(
  ctx: SyncContext,
  venueSlug: string,
  entry: CataloguePlan,
): Promise<string> {
  const { tx } = ctx;
  const { rows } = await tx.query<{ id: string; content_hash: string | null; kind: string }>(
    'SELECT id, content_hash, kind FROM seating_plans WHERE venue_slug = $1 AND name = $2',
    [venueSlug, entry.plan.name],
  );
  const existing = rows[0];
  if (!existing) return insertPlan(tx, venueSlug, entry);
  // A plan the TypeScript seed wrote came from the same generators the files were made from.
  if (existing.content_hash === null || existing.content_hash === entry.hash) {
    if (existing.content_hash === null) {
      await tx.query('UPDATE seating_plans SET content_hash = $2 WHERE id = $1', [
        existing.id,
        entry.hash,
      ]);
    }
    return existing.id;
  }
  if (existing.kind !== entry.plan.kind || (await planInUse(tx, existing.id))) {
    ctx.log(
      'catalogue: a changed seating plan was kept as it is, since seats on it are held or sold',
      {
        venue: venueSlug,
        plan: entry.slug,
      },
    );
    return existing.id;
  }
  await writePlanContent(tx, existing.id, entry.plan, true);
  await tx.query('UPDATE seating_plans SET content_hash = $2 WHERE id = $1', [
    existing.id,
    entry.hash,
  ]);
  return existing.id;
}

async function insertPlan(tx: Queryable, venueSlug: string, entry: CataloguePlan): Promise<string> {
  const planId = randomUUID();
  const { plan } = entry;
  const stage = plan.kind === 'reserved' ? plan.stage : null;
  await tx.query(
    `INSERT INTO seating_plans (id, venue_slug, name, kind, content_hash,
                                stage_kind, stage_x, stage_y, stage_width, stage_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      planId,
      venueSlug,
      plan.name,
      plan.kind,
      entry.hash,
      stage?.kind ?? null,
      stage?.x ?? null,
      stage?.y ?? null,
      stage?.width ?? null,
      stage?.height ?? null,
    ],
  );
  await writePlanContent(tx, planId, plan, false);
  return planId;
}

/** A plan's sections and seats, or its admission areas; `replace` clears an unused plan's first. */
async function writePlanContent(
  tx: Queryable,
  planId: string,
  plan: SeatingPlan,
  replace: boolean,
): Promise<void> {
  if (plan.kind !== 'reserved') {
    await tx.query(
      `INSERT INTO admission_areas (seating_plan_id, code, name, default_capacity)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])
       ON CONFLICT (seating_plan_id, code) DO UPDATE SET name = excluded.name,
         default_capacity = excluded.default_capacity`,
      [
        planId,
        plan.areas.map((a) => a.code),
        plan.areas.map((a) => a.name),
        plan.areas.map((a) => a.capacity),
      ],
    );
    // Performances not yet selling take the new allowance (none has sold a place: planInUse).
    await tx.query(
      `UPDATE admission_capacities c SET capacity = a.default_capacity
       FROM admission_areas a WHERE a.seating_plan_id = c.seating_plan_id AND a.code = c.area_code
         AND c.seating_plan_id = $1`,
      [planId],
    );
    return;
  }
  if (replace) {
    await tx.query('DELETE FROM seats WHERE seating_plan_id = $1', [planId]);
    await tx.query('DELETE FROM plan_sections WHERE seating_plan_id = $1', [planId]);
    await tx.query(
      `UPDATE seating_plans SET stage_kind = $2, stage_x = $3, stage_y = $4, stage_width = $5,
         stage_height = $6 WHERE id = $1`,
      [planId, plan.stage.kind, plan.stage.x, plan.stage.y, plan.stage.width, plan.stage.height],
    );
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
  await tx.query('UPDATE seating_plans SET seat_count = $2 WHERE id = $1', [planId, seats.length]);
}

async function syncShow(
  ctx: SyncContext,
  venue: VenueCatalogue,
  { titleSlug, file }: CatalogueShow,
  planId: string,
  plan: SeatingPlan,
): Promise<string> {
  const { tx } = ctx;
  const slug = venue.bundle.settings.slug;
  const text = [
    file.title,
    file.strapline,
    JSON.stringify(file.description),
    JSON.stringify(file.images),
    file.runningTimeMinutes,
    file.intervals,
    file.ageGuidance,
    file.accessInformation,
    file.genre,
  ];
  const { rows } = await tx.query<{ id: string; seating_plan_id: string }>(
    `INSERT INTO shows (id, venue_slug, title_slug, title, strapline, description, images, running_time_minutes,
                        intervals, age_guidance, access_information, genre, seating_plan_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (venue_slug, title_slug) DO UPDATE SET title = excluded.title,
       strapline = excluded.strapline, description = excluded.description, images = excluded.images,
       running_time_minutes = excluded.running_time_minutes, intervals = excluded.intervals,
       age_guidance = excluded.age_guidance, access_information = excluded.access_information,
       genre = excluded.genre
     RETURNING id, seating_plan_id`,
    [randomUUID(), slug, titleSlug, ...text, planId],
  );
  const showId = rows[0]!.id;
  if (rows[0]!.seating_plan_id !== planId) {
    // Its performances' seats and places belong to the plan they were sold on.
    ctx.log('catalogue: a show keeps the seating plan it was first loaded with', {
      venue: slug,
      show: titleSlug,
    });
  }

  // A live hold keeps the price it was made at (hold_prices, read by the basket); holds made from
  // now on pay the file's. Orders keep the price they were paid at in their own rows.
  await tx.query(
    `INSERT INTO hold_prices (hold_id, code, face_value)
     SELECT h.id, po.code, po.face_value
     FROM price_options po
     JOIN unnest($2::text[], $3::int[]) AS f(code, face_value) ON f.code = po.code
     JOIN performances p ON p.show_id = po.show_id
     JOIN holds h ON h.performance_id = p.id
     WHERE po.show_id = $1 AND po.face_value <> f.face_value AND h.expires_at > $4
     ON CONFLICT (hold_id, code) DO NOTHING`,
    [
      showId,
      file.prices.map((p) => p.code),
      file.prices.map((p) => p.faceValue),
      ctx.now.toISOString(),
    ],
  );
  await tx.query(
    `INSERT INTO price_options (show_id, code, name, price_band, admission_area, face_value, sort_order)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
     ON CONFLICT (show_id, code) DO UPDATE SET name = excluded.name, price_band = excluded.price_band,
       admission_area = excluded.admission_area, face_value = excluded.face_value,
       sort_order = excluded.sort_order`,
    [
      showId,
      file.prices.map((p) => p.code),
      file.prices.map((p) => p.name ?? null),
      file.prices.map((p) => p.band ?? null),
      file.prices.map((p) => p.area ?? null),
      file.prices.map((p) => p.faceValue),
      file.prices.map((_, index) => index),
    ],
  );
  // A removed price is removed unless a hold of an admission still names it.
  await tx.query(
    `DELETE FROM price_options po WHERE po.show_id = $1 AND NOT (po.code = ANY($2::text[]))
       AND NOT EXISTS (SELECT 1 FROM hold_admissions ha JOIN performances p ON p.id = ha.performance_id
                       WHERE p.show_id = po.show_id AND ha.price_option = po.code)`,
    [showId, file.prices.map((p) => p.code)],
  );
  await tx.query('DELETE FROM offers WHERE show_id = $1', [showId]);
  if (file.offers.length > 0) {
    await tx.query(
      `INSERT INTO offers (show_id, type, name, description, extra_amount)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])`,
      [
        showId,
        file.offers.map((o) => o.type),
        file.offers.map((o) => o.name),
        file.offers.map((o) => o.description),
        file.offers.map((o) => o.extraAmount ?? null),
      ],
    );
  }
  await syncPerformances(
    ctx,
    venue,
    { id: showId, titleSlug, file },
    rows[0]!.seating_plan_id,
    plan,
  );
  return showId;
}

const keyOf = (startsAt: Date, part: number | null | undefined) =>
  `${startsAt.getTime()}/${part ?? 0}`;

async function syncPerformances(
  ctx: SyncContext,
  venue: VenueCatalogue,
  show: { id: string; titleSlug: string; file: CatalogueShow['file'] },
  planId: string,
  plan: SeatingPlan,
): Promise<void> {
  const { tx, now } = ctx;
  const { timezone } = venue.bundle.settings;
  const planned = expandSchedule(show.file, {
    anchor: localDate(ctx.anchoredAt, timezone),
    today: localDate(now, timezone),
    onSaleDays: venue.settings.onSaleDays,
    timeZone: timezone,
  });
  const { rows: existing } = await tx.query<{ id: string; starts_at: Date; part: number | null }>(
    'SELECT id, starts_at, part FROM performances WHERE show_id = $1 AND starts_at > $2',
    [show.id, now.toISOString()],
  );
  const byKey = new Map(existing.map((row) => [keyOf(new Date(row.starts_at), row.part), row.id]));
  const ids = planned.map((p) => byKey.get(keyOf(p.startsAt, p.part)) ?? randomUUID());
  const isFuture = (p: PerformanceDef) => p.startsAt > now;
  const fresh = planned
    .map((p, index) => ({ p, id: ids[index]!, index }))
    .filter(({ p, id }) => isFuture(p) && !existing.some((row) => row.id === id))
    // A pair whose Part One has started is not added for its Part Two alone.
    .filter(({ p }) => p.part !== 2 || isFuture(planned[p.other!]!));
  const kept = planned
    .map((p, index) => ({ p, id: ids[index]! }))
    .filter(({ id }) => existing.some((row) => row.id === id));

  if (fresh.length > 0) {
    await tx.query(
      `INSERT INTO performances (id, show_id, starts_at, presale_until, notice, admission_section_message)
       SELECT id, $1, starts_at, presale_until, notice, message
       FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[])
         AS t(id, starts_at, presale_until, notice, message)`,
      [
        show.id,
        fresh.map(({ id }) => id),
        fresh.map(({ p }) => p.startsAt.toISOString()),
        fresh.map(({ p }) => p.presaleUntil?.toISOString() ?? null),
        fresh.map(({ p }) => p.notice),
        fresh.map(({ p }) => p.admissionSectionMessage),
      ],
    );
    const linked = fresh.filter(({ p }) => p.part !== undefined);
    if (linked.length > 0) {
      // Linked after the insert, so each part's reference finds the other already written.
      await tx.query(
        `UPDATE performances p SET part = t.part, linked_performance_id = t.linked
         FROM unnest($1::uuid[], $2::int[], $3::uuid[]) AS t(id, part, linked) WHERE p.id = t.id`,
        [
          linked.map(({ id }) => id),
          linked.map(({ p }) => p.part),
          linked.map(({ p }) => ids[p.other!]),
        ],
      );
    }
    await startSelling(tx, venue.settings.demoSales, planId, plan, fresh, ids);
  }
  if (kept.length > 0) {
    // What the file says of a performance already on sale, and back on sale if it was taken off.
    await tx.query(
      `UPDATE performances p SET presale_until = t.presale_until, notice = t.notice,
         admission_section_message = t.message, off_sale_at = NULL
       FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[])
         AS t(id, presale_until, notice, message) WHERE p.id = t.id`,
      [
        kept.map(({ id }) => id),
        kept.map(({ p }) => p.presaleUntil?.toISOString() ?? null),
        kept.map(({ p }) => p.notice),
        kept.map(({ p }) => p.admissionSectionMessage),
      ],
    );
  }
  await takeOffSale(
    ctx,
    `${venue.bundle.settings.slug}/${show.titleSlug}`,
    show.id,
    ids,
    'the show file no longer lists it',
  );
}

/**
 * A new performance's inventory: a general-admission or timed-entry performance gets its areas'
 * places; with the venue's `demoSales`, the demo selling pattern marks seats or places sold.
 */
async function startSelling(
  tx: Queryable,
  demoSales: boolean,
  planId: string,
  plan: SeatingPlan,
  fresh: { p: PerformanceDef; id: string }[],
  ids: string[],
): Promise<void> {
  const percent = (p: PerformanceDef) => (demoSales ? p.soldPercent : 0);
  if (plan.kind === 'reserved') {
    const selling = fresh.filter(({ p }) => percent(p) > 0);
    if (selling.length === 0) return;
    // A seeded hash picks which seats are sold, so sales look scattered rather than in blocks.
    // The two parts of a pair hash by Part One's id: a pair is sold together, same seats in both.
    await tx.query(
      `INSERT INTO seat_allocations (performance_id, seat_id, status)
       SELECT t.performance_id, s.id, 'sold'
       FROM unnest($1::uuid[], $2::int[], $4::uuid[]) AS t(performance_id, sold_percent, sold_as)
       JOIN seats s ON s.seating_plan_id = $3
       WHERE t.sold_percent >= 100 OR abs(hashtext(s.id::text || t.sold_as::text)) % 100 < t.sold_percent`,
      [
        selling.map(({ id }) => id),
        selling.map(({ p }) => percent(p)),
        planId,
        selling.map(({ p, id }) => (p.part === 2 ? ids[p.other!] : id)),
      ],
    );
    return;
  }
  await tx.query(
    `INSERT INTO admission_capacities (performance_id, seating_plan_id, area_code, capacity, sold)
     SELECT t.performance_id, a.seating_plan_id, a.code, a.default_capacity, a.default_capacity * t.sold_percent / 100
     FROM unnest($1::uuid[], $2::int[]) AS t(performance_id, sold_percent)
     JOIN admission_areas a ON a.seating_plan_id = $3`,
    [fresh.map(({ id }) => id), fresh.map(({ p }) => percent(p)), planId],
  );
}

/**
 * Takes off sale every future performance of a show not in `keep`: never deleted, since orders,
 * tickets and holds refer to it; each with a log line saying how many seats or places it had sold
 * or held (no buyer's data).
 */
async function takeOffSale(
  ctx: SyncContext,
  show: string,
  showId: string,
  keep: string[],
  reason: string,
): Promise<void> {
  const { rows } = await ctx.tx.query<{ id: string; starts_at: Date; taken: number }>(
    `UPDATE performances p SET off_sale_at = $3
     WHERE p.show_id = $1 AND p.starts_at > $3 AND p.off_sale_at IS NULL AND NOT (p.id = ANY($2::uuid[]))
     RETURNING p.id, p.starts_at,
       ((SELECT count(*) FROM seat_allocations a WHERE a.performance_id = p.id)
        + (SELECT coalesce(sum(c.sold), 0) FROM admission_capacities c WHERE c.performance_id = p.id))::int AS taken`,
    [showId, keep, ctx.now.toISOString()],
  );
  for (const row of rows) {
    ctx.log(`catalogue: performance taken off sale: ${reason}`, {
      show,
      performance: row.id.toUpperCase(),
      startsAt: new Date(row.starts_at).toISOString(),
      soldOrHeld: row.taken,
    });
  }
}

async function syncPromoCodes(
  ctx: SyncContext,
  venue: VenueCatalogue,
  showIds: Map<string, string>,
): Promise<void> {
  const { tx } = ctx;
  const { slug, timezone } = venue.bundle.settings;
  const anchor = localDate(ctx.anchoredAt, timezone);
  const codes = venue.settings.promoCodes;
  for (const promo of codes) {
    await tx.query(
      `INSERT INTO promo_codes (code, venue_slug, show_id, kind, description, discount_percent, membership_scheme,
                                single_use, valid_from, valid_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (code) DO UPDATE SET show_id = excluded.show_id, kind = excluded.kind,
         description = excluded.description, discount_percent = excluded.discount_percent,
         membership_scheme = excluded.membership_scheme, single_use = excluded.single_use,
         valid_from = excluded.valid_from, valid_until = excluded.valid_until
       WHERE promo_codes.venue_slug = excluded.venue_slug`,
      [
        promo.code,
        slug,
        promo.show ? showIds.get(promo.show) : null,
        promo.kind,
        promo.description,
        promo.discountPercent,
        promo.membershipScheme ?? null,
        promo.singleUse,
        zonedToUtc(resolveDate(promo.validFrom, anchor), '00:00', timezone).toISOString(),
        zonedToUtc(resolveDate(promo.validUntil, anchor), '23:59', timezone).toISOString(),
      ],
    );
  }
  // A code taken out of the file stops working now; its redemptions and holds still refer to it.
  await tx.query(
    `UPDATE promo_codes SET valid_until = greatest(valid_from + interval '1 second', $3::timestamptz)
     WHERE venue_slug = $1 AND NOT (code = ANY($2::text[])) AND valid_until > $3::timestamptz`,
    [slug, codes.map((c) => c.code), ctx.now.toISOString()],
  );
}

async function syncProducts(ctx: SyncContext, venue: VenueCatalogue): Promise<void> {
  const { tx } = ctx;
  const slug = venue.bundle.settings.slug;
  const products = venue.settings.products;
  const { rows } = await tx.query<{
    id: string;
    kind: string;
    name: string;
    price_zone: string | null;
  }>('SELECT id, kind, name, price_zone FROM upsell_products WHERE venue_slug = $1', [slug]);
  const keyOfProduct = (p: { kind: string; name: string; priceZone?: string | null }) =>
    `${p.kind}/${p.name}/${p.priceZone ?? ''}`;
  const existing = new Map(
    rows.map((row) => [keyOfProduct({ ...row, priceZone: row.price_zone }), row.id]),
  );
  for (const product of products) {
    const id = existing.get(keyOfProduct(product));
    if (id) {
      await tx.query('UPDATE upsell_products SET description = $2, amount = $3 WHERE id = $1', [
        id,
        product.description,
        product.amount,
      ]);
    } else {
      await tx.query(
        `INSERT INTO upsell_products (venue_slug, kind, name, description, price_zone, amount)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          slug,
          product.kind,
          product.name,
          product.description,
          product.priceZone ?? null,
          product.amount,
        ],
      );
    }
  }
  const wanted = new Set(products.map(keyOfProduct));
  const removed = rows.filter(
    (row) => !wanted.has(keyOfProduct({ ...row, priceZone: row.price_zone })),
  );
  if (removed.length > 0) {
    // An extra a basket has chosen stays until that basket is gone.
    await tx.query(
      `DELETE FROM upsell_products u WHERE u.id = ANY($1::uuid[])
         AND NOT EXISTS (SELECT 1 FROM basket_upsells b WHERE b.upsell_id = u.id)`,
      [removed.map((row) => row.id)],
    );
  }
}
