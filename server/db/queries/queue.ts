import type { Queryable } from '../database';

/** The SQL of the onsale queue (migration 0030). Every instant comes from the database's clock. */

export interface SaleRow {
  saleId: string;
  opensAt: Date;
  drawn: boolean;
  entries: number;
  lastPlace: number;
  admittedThrough: number;
}

/** A buyer's entry with what their position needs of the sale, as of `now`. */
export interface EntryRow extends SaleRow {
  place: number | null;
  passExpiresAt: Date | null;
  now: Date;
}

const SALE_COLUMNS = `s.sale_id AS "saleId", s.opens_at AS "opensAt", s.drawn,
  s.entries, s.last_place AS "lastPlace", s.admitted_through AS "admittedThrough"`;

/**
 * Writes the sale unless it exists. An instant from the config replaces the stored opening until
 * the draw; a relative one (`openInSeconds`) is fixed by the first process to start, so every
 * process and every restart keep that same opening.
 */
export async function ensureSale(
  db: Queryable,
  sale: { saleId: string; venueSlug: string; opensAt: Date | null; openInSeconds: number | null },
): Promise<SaleRow> {
  await db.query(
    `INSERT INTO queue_sales (sale_id, venue_slug, opens_at)
     VALUES ($1, $2, coalesce($3::timestamptz, now() + make_interval(secs => $4::double precision)))
     ON CONFLICT (sale_id) DO UPDATE SET opens_at = EXCLUDED.opens_at
       WHERE $3::timestamptz IS NOT NULL AND NOT queue_sales.drawn`,
    [sale.saleId, sale.venueSlug, sale.opensAt, sale.openInSeconds],
  );
  return (await readSale(db, sale.saleId))!;
}

export async function readSale(db: Queryable, saleId: string): Promise<SaleRow | undefined> {
  const { rows } = await db.query<SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM queue_sales s WHERE s.sale_id = $1`,
    [saleId],
  );
  return rows[0];
}

/** Whether the venue's queue is switched on (venues.queue_active, seeded per venue). */
export async function venueQueueActive(db: Queryable, venueSlug: string): Promise<boolean> {
  const { rows } = await db.query<{ active: boolean }>(
    'SELECT queue_active AS active FROM venues WHERE slug = $1',
    [venueSlug],
  );
  return rows[0]?.active ?? false;
}

/** The buyer's entry, or undefined without one: two primary-key reads, whatever the queue's length. */
export async function readEntry(
  db: Queryable,
  saleId: string,
  sessionId: string,
): Promise<EntryRow | undefined> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${SALE_COLUMNS}, e.place, e.pass_expires_at AS "passExpiresAt", now() AS now
     FROM queue_entries e JOIN queue_sales s ON s.sale_id = e.sale_id
     WHERE e.sale_id = $1 AND e.session_id = $2`,
    [saleId, sessionId],
  );
  return rows[0];
}

/**
 * Gives the session a place, in one statement: in the pre-queue (no place until the draw) or,
 * after the draw, the next place in order of arrival. The sale's row lock orders the arrivals and
 * keeps the draw and a join from missing each other. A place whose pass has expired is spent: the
 * session gets a new one at the back. Returns nothing when the session already has a live place
 * (a second tab racing the first); the caller then reads it.
 */
export async function takePlace(db: Queryable, saleId: string, sessionId: string): Promise<void> {
  await db.query(
    `WITH mine AS (
       SELECT pass_expires_at FROM queue_entries WHERE sale_id = $1 AND session_id = $2::uuid
     ), bump AS (
       UPDATE queue_sales
       SET entries = entries + (NOT EXISTS (SELECT 1 FROM mine))::int,
           last_place = last_place + drawn::int
       WHERE sale_id = $1
         AND (NOT EXISTS (SELECT 1 FROM mine)
              OR EXISTS (SELECT 1 FROM mine WHERE pass_expires_at <= now()))
       RETURNING drawn, last_place
     )
     INSERT INTO queue_entries (sale_id, session_id, place)
     SELECT $1, $2::uuid, CASE WHEN drawn THEN last_place END FROM bump
     ON CONFLICT (sale_id, session_id) DO UPDATE
       SET place = EXCLUDED.place, pass_expires_at = NULL, joined_at = now()
       WHERE queue_entries.pass_expires_at <= now()`,
    [saleId, sessionId],
  );
}

/**
 * Starts the pass of a buyer let through, once: later reads get the same expiry, so polling
 * never lengthens a pass.
 */
export async function collectPass(
  db: Queryable,
  saleId: string,
  sessionId: string,
  passMinutes: number,
): Promise<Date> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `UPDATE queue_entries
     SET pass_expires_at = coalesce(pass_expires_at, now() + make_interval(mins => $3::int))
     WHERE sale_id = $1 AND session_id = $2
     RETURNING pass_expires_at AS "expiresAt"`,
    [saleId, sessionId, passMinutes],
  );
  return rows[0]!.expiresAt;
}

export interface MeterSettings {
  outflowPerMinute: number;
  maxChoosing: number | null;
  /** Longest stretch one metering step makes up for (a step missed while every process was down). */
  maxCatchUpSeconds: number;
}

export type MeterResult =
  | { kind: 'busy' }
  | { kind: 'waiting'; sale: SaleRow }
  | { kind: 'drawn'; sale: SaleRow }
  | { kind: 'metered'; sale: SaleRow; admitted: number };

/**
 * One metering step of the sale, run by whichever process claims the sale's row first
 * (FOR UPDATE SKIP LOCKED; the others skip it this tick). At the opening it draws the pre-queue:
 * everyone in it gets a random place. After that it lets through outflow × the time since the
 * last step (database clock), plus the fraction of a buyer owed from before, never more than are
 * waiting nor more than the cap on live passes leaves room for.
 */
export async function meterSale(
  tx: Queryable,
  saleId: string,
  settings: MeterSettings,
): Promise<MeterResult> {
  const { rows } = await tx.query<
    SaleRow & { credit: number; elapsed: number | null; open: boolean }
  >(
    `SELECT ${SALE_COLUMNS}, s.credit, s.opens_at <= now() AS open,
       extract(epoch FROM now() - s.metered_at)::double precision AS elapsed
     FROM queue_sales s WHERE s.sale_id = $1 FOR UPDATE SKIP LOCKED`,
    [saleId],
  );
  const sale = rows[0];
  if (!sale) return { kind: 'busy' };
  if (!sale.drawn) {
    if (!sale.open) return { kind: 'waiting', sale };
    // The draw: random places for the whole pre-queue, then arrivals queue behind it.
    const drawn = await tx.query<SaleRow>(
      `WITH draw AS (
         SELECT session_id, row_number() OVER (ORDER BY random()) AS place
         FROM queue_entries WHERE sale_id = $1 AND place IS NULL
       ), placed AS (
         UPDATE queue_entries e SET place = draw.place
         FROM draw WHERE e.sale_id = $1 AND e.session_id = draw.session_id
         RETURNING 1
       )
       UPDATE queue_sales s
       SET drawn = true, last_place = (SELECT count(*) FROM placed), metered_at = now(), credit = 0
       WHERE s.sale_id = $1
       RETURNING ${SALE_COLUMNS}`,
      [saleId],
    );
    return { kind: 'drawn', sale: drawn.rows[0]! };
  }
  const elapsed = Math.min(Math.max(sale.elapsed ?? 0, 0), settings.maxCatchUpSeconds);
  const allowance = sale.credit + (elapsed * settings.outflowPerMinute) / 60;
  const waiting = sale.lastPlace - sale.admittedThrough;
  let room = waiting;
  if (settings.maxChoosing !== null) {
    const live = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM queue_entries
       WHERE sale_id = $1 AND pass_expires_at > now()`,
      [saleId],
    );
    room = Math.min(room, Math.max(0, settings.maxChoosing - live.rows[0]!.n));
  }
  const admitted = Math.min(Math.floor(allowance), room);
  // Held back by the queue or the cap, the meter keeps at most one buyer owed: an empty queue
  // must not bank a burst for the next arrivals.
  const credit =
    admitted < Math.floor(allowance) ? Math.min(allowance - admitted, 1) : allowance - admitted;
  const updated = await tx.query<SaleRow>(
    `UPDATE queue_sales s
     SET admitted_through = admitted_through + $2, credit = $3, metered_at = now()
     WHERE s.sale_id = $1
     RETURNING ${SALE_COLUMNS}`,
    [saleId, admitted, credit],
  );
  return { kind: 'metered', sale: updated.rows[0]!, admitted };
}

/** The ids of the venue's shows with these slugs (a sale's scope names shows by slug). */
export async function showIdsOf(
  db: Queryable,
  venueSlug: string,
  titleSlugs: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM shows WHERE venue_slug = $1 AND title_slug = ANY($2::text[])',
    [venueSlug, titleSlugs],
  );
  return rows.map((row) => row.id);
}
