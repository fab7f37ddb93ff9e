import type { VenueBundle } from '../../../contract/venueFiles';
import { hashPassword } from '../../members';
import type { Queryable } from '../../db/database';

/**
 * Memberships' offers and the demo members (issue 14), seeded once under their own marker so a
 * database seeded before them gets them too. README lists the accounts; the password is the
 * same for all and for the demo only.
 */

export const DEMO_MEMBER_PASSWORD = 'stagedoor-demo-2026';

/** What each scheme gives, in the shop's words, and a paid scheme's yearly price. */
export const SCHEME_OFFERS = {
  'atg-plus': {
    benefits: [
      // Worded for buyers of both languages ("general sale" is British).
      'Book in ATG+ presales before tickets go on sale to everyone',
      'No transaction fee on any order',
      'Exclusive offers and member events',
    ],
    prices: { GBP: 4500, USD: 5900 },
  },
  access: {
    benefits: [
      'Book wheelchair spaces and access seats, with a companion seat beside a wheelchair space',
      'No transaction fee on any order',
      'Access information about every performance before you book',
    ],
    prices: {},
  },
} as const;

/** A venue that words the schemes its own way (US English, its own programme name). */
export const VENUE_WORDING = [
  {
    venueSlug: 'hudson-stage',
    scheme: 'access',
    name: 'Hudson Access Program',
    summary:
      'Free for guests with disabilities and their companions: accessible seating and no order fees.',
    benefits: [
      'Reserve wheelchair locations and accessible seats, with a companion seat next to a wheelchair location',
      'No order fee on any purchase',
      'Accessibility details for every performance before you buy',
    ],
  },
] as const;

type DemoMembership =
  | { scheme: 'atg-plus'; startedDaysAgo: number; endsInDays: number; autoRenew: boolean }
  | { scheme: 'access'; startedDaysAgo: number; evidence: { kind: string; reference: string } };

interface DemoMember {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: Record<string, string> | null;
  number: string | null;
  membership: DemoMembership | null;
}

/**
 * The four demo accounts. The lapsing member's ATG+ ends 14 days after seeding, inside the
 * demo's ATG+ presale window (seed day to 30 days on, schedule.ts PRESALE_DAYS) with auto-renew
 * off, so the demo shows a presale open to them at first and a gate once it lapsed.
 */
export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: 'atg@demo.stagedoor.test',
    firstName: 'Amara',
    lastName: 'Grant',
    phone: '020 7946 0321',
    address: {
      line1: '12 Shaftesbury Avenue',
      line2: '',
      city: 'London',
      state: '',
      postcode: 'W1D 7EU',
      country: 'GB',
    },
    number: 'ATG-2026 0001',
    membership: { scheme: 'atg-plus', startedDaysAgo: 60, endsInDays: 305, autoRenew: true },
  },
  {
    email: 'access@demo.stagedoor.test',
    firstName: 'Alex',
    lastName: 'Carter',
    phone: null,
    address: null,
    number: 'ACC-2026 0002',
    membership: {
      scheme: 'access',
      startedDaysAgo: 30,
      evidence: { kind: 'accessCard', reference: '10293847' },
    },
  },
  {
    email: 'plain@demo.stagedoor.test',
    firstName: 'Pat',
    lastName: 'Lane',
    phone: null,
    address: null,
    number: null,
    membership: null,
  },
  {
    email: 'lapsing@demo.stagedoor.test',
    firstName: 'Lee',
    lastName: 'Apsley',
    phone: null,
    address: null,
    number: 'ATG-2026 0004',
    membership: { scheme: 'atg-plus', startedDaysAgo: 351, endsInDays: 14, autoRenew: false },
  },
];

/**
 * One hash of the demo password per process: scrypt is deliberately slow and memory-hard, and
 * every test database seeds these accounts. They share a password anyway (demo only).
 */
let demoHash: Promise<string> | undefined;

const DAY_MS = 86_400_000;

export async function seedMembers(tx: Queryable, venues: VenueBundle[], now: Date): Promise<void> {
  for (const [scheme, offer] of Object.entries(SCHEME_OFFERS)) {
    await tx.query('UPDATE membership_schemes SET benefits = $2 WHERE slug = $1', [
      scheme,
      offer.benefits,
    ]);
    for (const [currency, amount] of Object.entries(offer.prices)) {
      await tx.query(
        'INSERT INTO membership_prices (scheme, currency, amount) VALUES ($1, $2, $3)',
        [scheme, currency, amount],
      );
    }
  }
  const seeded = new Set(venues.map((venue) => venue.settings.slug));
  for (const wording of VENUE_WORDING.filter((w) => seeded.has(w.venueSlug))) {
    await tx.query(
      `INSERT INTO venue_membership_wording (venue_slug, scheme, name, summary, benefits)
       VALUES ($1, $2, $3, $4, $5)`,
      [wording.venueSlug, wording.scheme, wording.name, wording.summary, wording.benefits],
    );
  }
  demoHash ??= hashPassword(DEMO_MEMBER_PASSWORD);
  const passwordHash = await demoHash;
  for (const member of DEMO_MEMBERS) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO accounts (email, first_name, last_name, password_hash, verified_at, phone, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
      [
        member.email,
        member.firstName,
        member.lastName,
        passwordHash,
        now,
        member.phone,
        member.address === null ? null : JSON.stringify(member.address),
      ],
    );
    const accountId = rows[0]?.id;
    const membership = member.membership;
    if (!accountId || !membership || !member.number) continue;
    const startedAt = new Date(now.getTime() - membership.startedDaysAgo * DAY_MS);
    const atg = membership.scheme === 'atg-plus' ? membership : null;
    const access = membership.scheme === 'access' ? membership : null;
    await tx.query(
      `INSERT INTO memberships (account_id, scheme, number, started_at, benefits_until, auto_renew,
                                evidence_kind, evidence_reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        accountId,
        membership.scheme,
        member.number,
        startedAt,
        atg ? new Date(now.getTime() + atg.endsInDays * DAY_MS) : null,
        atg?.autoRenew ?? false,
        access?.evidence.kind ?? null,
        access?.evidence.reference ?? null,
      ],
    );
  }
}
