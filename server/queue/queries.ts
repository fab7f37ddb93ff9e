import type { Queryable } from '../db/database';

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

/** These sales' rows, in one read (the operator's metrics, issue 25). */
export async function readSales(db: Queryable, saleIds: readonly string[]): Promise<SaleRow[]> {
  const { rows } = await db.query<SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM queue_sales s WHERE s.sale_id = ANY($1::text[]) ORDER BY s.sale_id`,
    [saleIds],
  );
  return rows;
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
 * Gives each session a place, in one statement for the whole batch: in the pre-queue (no place
 * until the draw) or, after the draw, the next places in the order of `sessionIds`. The sale's row
 * lock orders the batches of every process and keeps the draw and a join from missing each
 * other. A session with a live place is left as it is; one whose pass has expired (a spent place)
 * gets a new place at the back. A second tab racing the first within one instant may leave one
 * place nobody holds, which the outflow passes over like a buyer who left.
 */
export async function takePlaces(
  db: Queryable,
  saleId: string,
  sessionIds: readonly string[],
): Promise<void> {
  await db.query(
    `WITH wanted AS (
       SELECT DISTINCT ON (session_id) session_id, n
       FROM unnest($2::uuid[]) WITH ORDINALITY AS t(session_id, n)
       ORDER BY session_id, n
     ), fresh AS (
       SELECT w.session_id, w.n, e.session_id IS NOT NULL AS again
       FROM wanted w
       LEFT JOIN queue_entries e ON e.sale_id = $1 AND e.session_id = w.session_id
       WHERE e.session_id IS NULL OR e.pass_expires_at <= now()
     ), numbered AS (
       SELECT session_id, again, row_number() OVER (ORDER BY n) AS k, count(*) OVER () AS size
       FROM fresh
     ), bump AS (
       UPDATE queue_sales
       SET entries = entries + (SELECT count(*) FROM numbered WHERE NOT again),
           last_place = last_place + drawn::int * (SELECT count(*) FROM numbered)
       WHERE sale_id = $1 AND EXISTS (SELECT 1 FROM numbered)
       RETURNING drawn, last_place
     )
     INSERT INTO queue_entries (sale_id, session_id, place)
     SELECT $1, numbered.session_id,
       CASE WHEN bump.drawn THEN bump.last_place - numbered.size + numbered.k END
     FROM numbered CROSS JOIN bump
     ON CONFLICT (sale_id, session_id) DO UPDATE
       SET place = EXCLUDED.place, pass_expires_at = NULL, joined_at = now()
       WHERE queue_entries.pass_expires_at <= now()`,
    [saleId, sessionIds],
  );
}

/**
 * The entries of these sessions (readEntry for a batch), by session id. Driven by the list, so
 * each is a primary-key probe even while the table grows faster than its statistics (an onsale's
 * first minutes), which would otherwise scan the whole sale.
 */
export async function readEntries(
  db: Queryable,
  saleId: string,
  sessionIds: readonly string[],
): Promise<Map<string, EntryRow>> {
  const { rows } = await db.query<EntryRow & { sessionId: string }>(
    `SELECT ${SALE_COLUMNS}, e.session_id::text AS "sessionId", e.place,
       e.pass_expires_at AS "passExpiresAt", now() AS now
     FROM unnest($2::uuid[]) AS wanted (session_id)
     JOIN queue_entries e ON e.sale_id = $1 AND e.session_id = wanted.session_id
     JOIN queue_sales s ON s.sale_id = e.sale_id`,
    [saleId, sessionIds],
  );
  return new Map(rows.map((row) => [row.sessionId, row]));
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
