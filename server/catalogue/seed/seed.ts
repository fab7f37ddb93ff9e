import type { VenueBundle } from '../../../contract/venueFiles';
import { TICKET_PROTECTION } from '../../../contract/api/products';
import type { Database, Queryable } from '../../db/database';
import { SCHEMA_LOCK_KEY } from '../../db/migrate';
import { localDate } from '../../lib/zonedTime';
import { loadCatalogue, type Catalogue } from '../files/load';
import { syncVenue, type CatalogueLog } from '../files/queries';
import { MEMBERSHIPS, TICKET_PROTECTION_FEES } from './products';
import { seedMembers } from './members';
import { seedVouchers } from './vouchers';
import { VENUE_CONTENT, type VenueContentDef } from './venueContent';

/** Memberships' offers and the demo members (issue 14): a marker of their own (members.ts). */
const MEMBERS_MARKER = 'demo-members';
const MEMBERS_VERSION = 1;
/** Demo gift vouchers and gift cards (issue 15): a marker of their own (vouchers.ts). */
const VOUCHERS_MARKER = 'demo-vouchers';
const VOUCHERS_VERSION = 1;

export interface SeedResult {
  /** Whether the catalogue files were applied (false: nothing changed since the last start). */
  seeded: boolean;
  milliseconds: number;
}

export interface SeedOptions {
  /** Where the sync's operator lines go (a performance taken off sale); stderr by default. */
  log?: CatalogueLog;
  /** The catalogue already read (start-up reads it before opening the database). */
  catalogue?: Catalogue;
}

const defaultLog: CatalogueLog = (message, detail) => {
  process.stderr.write(`${JSON.stringify({ level: 'warn', msg: message, ...detail })}\n`);
};

/** A venue's row, written once: its description, address and fees (venueContent.ts). */
async function insertVenue(tx: Queryable, bundle: VenueBundle): Promise<void> {
  const { settings } = bundle;
  const content =
    VENUE_CONTENT.find((venue) => venue.slug === settings.slug) ?? fallbackContent(bundle);
  await tx.query(
    `INSERT INTO venues (slug, region, name, currency, timezone, description, address, access_information, image,
                         booking_fee, transaction_fee, queue_active)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9::jsonb, $10, $11, $12)
     ON CONFLICT (slug) DO NOTHING`,
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
 * A venue folder the demo has no content for still gets a venue row (so its page works).
 */
function fallbackContent(bundle: VenueBundle): VenueContentDef {
  const { settings } = bundle;
  return {
    slug: settings.slug,
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

/** Products every venue shares (ticket protection, membership schemes), written once. */
async function seedSharedProducts(tx: Queryable): Promise<void> {
  await tx.query(
    'INSERT INTO ticket_protection_products (id, slug, label) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [TICKET_PROTECTION.id, TICKET_PROTECTION.slug, TICKET_PROTECTION.label],
  );
  for (const [currency, fee] of Object.entries(TICKET_PROTECTION_FEES)) {
    await tx.query(
      'INSERT INTO ticket_protection_fees (product_id, currency, fee_per_ticket) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [TICKET_PROTECTION.id, currency, fee],
    );
  }
  for (const scheme of MEMBERSHIPS) {
    await tx.query(
      'INSERT INTO membership_schemes (slug, name, description, waives_transaction_fee, presale_access) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [
        scheme.slug,
        scheme.name,
        scheme.description,
        scheme.waivesTransactionFee,
        scheme.presaleAccess,
      ],
    );
  }
}

/**
 * The catalogue tables the sync fills, analysed after it. Not the operational tables it
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
 * What a start applies: the files' hash and each venue's local day (rolling schedules move with
 * the day), so a start on an unchanged catalogue the same day skips the sync.
 */
function appliedHash(catalogue: Catalogue, now: Date): string {
  const days = catalogue.venues.map((v) => localDate(now, v.bundle.settings.timezone));
  return `${catalogue.hash}/${[...new Set(days)].join(',')}`;
}

/**
 * Applies the venues' catalogue files to the database (files/sync.ts says what a sync changes and
 * never changes), then the demo members and vouchers once. Throws a CatalogueError naming every
 * file, JSON path and problem when the files are invalid, before touching the database. The
 * advisory lock makes a second process wait and then find the hash already applied.
 */
export async function seed(
  db: Database,
  venues: VenueBundle[],
  now = new Date(),
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  const catalogue = options.catalogue ?? loadCatalogue(venues);
  const log = options.log ?? defaultLog;
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    const { rows } = await tx.query<{ anchored_at: Date; applied_hash: string | null }>(
      'SELECT anchored_at, applied_hash FROM catalogue_state',
    );
    const state = rows[0];
    const hash = appliedHash(catalogue, now);
    const changed = state?.applied_hash !== hash;
    if (changed) {
      const anchoredAt = state ? new Date(state.anchored_at) : now;
      await seedSharedProducts(tx);
      for (const venue of venues) await insertVenue(tx, venue);
      for (const venue of catalogue.venues) await syncVenue({ tx, anchoredAt, now, log }, venue);
      await tx.query(
        `INSERT INTO catalogue_state (anchored_at, applied_hash) VALUES ($1, $2)
         ON CONFLICT (singleton) DO UPDATE SET applied_hash = excluded.applied_hash`,
        [anchoredAt.toISOString(), hash],
      );
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
    return changed;
  });
  // A bulk load leaves the planner guessing (63 seats in a 1,200-seat plan): refresh the statistics
  // of what it loaded. Only those: a table analysed while empty (holds) is planned as empty, and a
  // hold path's cached plan would then scan every hold of an onsale instead of using its index.
  if (seeded) await db.exec(`ANALYZE ${CATALOGUE_TABLES.join(', ')}`);
  return { seeded, milliseconds: Math.round(performance.now() - started) };
}
