import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatStatusSchema, type SeatStatus } from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * The seat map's price options carry the face value within each all-in price where the venue
 * shows it (shouldShowFaceValue or displayPriceBreakdown), so the tickets page can say it as the
 * basket does; elsewhere the all-in price is the only price sent (issue 24).
 */
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function seatStatusOf(venueSlug: string, titleSlug: string, region: string, code?: string) {
  const { rows } = await db.query<{ id: string; fee: number }>(
    `SELECT upper(p.id::text) AS id, v.booking_fee AS fee FROM performances p
     JOIN shows sh ON sh.id = p.show_id JOIN venues v ON v.slug = sh.venue_slug
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2 AND p.starts_at > now()
       AND p.presale_until IS NULL
     ORDER BY p.starts_at LIMIT 1`,
    [venueSlug, titleSlug],
  );
  const query = code === undefined ? '' : `?promoCode=${code}`;
  const response = await app.inject({
    url: `/api/${region}/performances/${rows[0]!.id}/seats${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { status: seatStatusSchema.parse(response.json()), fee: rows[0]!.fee };
}

const faces = (status: SeatStatus) => status.priceOptions.map((option) => option.faceValue);

describe('face values on the seat map', () => {
  it('are sent where the venue shows them (Lumen Theatre), the all-in price less the booking fee', async () => {
    const { status, fee } = await seatStatusOf('lumen-theatre', 'the-glass-orchard', 'uk');
    expect(status.priceOptions.length).toBeGreaterThan(0);
    for (const option of status.priceOptions) expect(option.faceValue).toBe(option.price - fee);
  });

  it('follow the code’s discount, as the all-in price does', async () => {
    const plain = await seatStatusOf('lumen-theatre', 'the-glass-orchard', 'uk');
    const coded = await seatStatusOf('lumen-theatre', 'the-glass-orchard', 'uk', 'ORCHARD10');
    const bandA = (s: SeatStatus) => s.priceOptions.find((option) => option.code === 'A')!;
    expect(bandA(coded.status).faceValue).toBe(
      bandA(plain.status).faceValue! - Math.round(bandA(plain.status).faceValue! * 0.1),
    );
    expect(bandA(coded.status).price).toBe(bandA(coded.status).faceValue! + coded.fee);
  });

  it('are sent with the price breakdown too (Northern Playhouse)', async () => {
    const { status } = await seatStatusOf('northern-playhouse', 'the-mill-girls', 'uk');
    expect(faces(status).every((face) => typeof face === 'number')).toBe(true);
  });

  it('are left out where the venue shows only the all-in price (Golden Gate Playhouse)', async () => {
    const { status } = await seatStatusOf('golden-gate-playhouse', 'fog-city-follies', 'us-west');
    expect(status.priceOptions.length).toBeGreaterThan(0);
    expect(faces(status).every((face) => face === null)).toBe(true);
  });
});
