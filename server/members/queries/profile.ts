import type { Address } from '../../../contract/api/checkout';
import type { Queryable } from '../../db/database';

/** The SQL of an account's profile (migrations 0012, 0020): names, email, phone, address. */

export interface ProfileRow {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: Address | null;
  marketingOptIn: boolean;
}

const PROFILE_COLUMNS = `email, first_name AS "firstName", last_name AS "lastName", phone,
  address, marketing_opt_in AS "marketingOptIn"`;

export async function findProfile(
  db: Queryable,
  accountId: string,
): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${PROFILE_COLUMNS} FROM accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0];
}

export async function updateProfile(
  db: Queryable,
  accountId: string,
  profile: Omit<ProfileRow, 'email'>,
): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `UPDATE accounts SET first_name = $2, last_name = $3, phone = $4, address = $5::jsonb,
       marketing_opt_in = $6
     WHERE id = $1 RETURNING ${PROFILE_COLUMNS}`,
    [
      accountId,
      profile.firstName,
      profile.lastName,
      profile.phone,
      profile.address === null ? null : JSON.stringify(profile.address),
      profile.marketingOptIn,
    ],
  );
  return rows[0];
}

/** What checkout copies back when the buyer asks ("save to my profile"): only what was sent. */
export async function saveCheckoutContact(
  db: Queryable,
  accountId: string,
  contact: { firstName: string; lastName: string; phone: string | null; address: Address | null },
): Promise<void> {
  await db.query(
    `UPDATE accounts SET first_name = $2, last_name = $3, phone = coalesce($4, phone),
       address = coalesce($5::jsonb, address)
     WHERE id = $1`,
    [
      accountId,
      contact.firstName,
      contact.lastName,
      contact.phone,
      contact.address === null ? null : JSON.stringify(contact.address),
    ],
  );
}

export interface AccountOrderRow {
  orderId: string;
  reference: string;
  venueSlug: string;
  showName: string;
  performanceStartsAt: Date;
  ticketCount: number;
  total: number;
  currency: 'GBP' | 'USD';
  status: 'pending' | 'confirmed' | 'failed';
}

/** Every order of the account, newest first (an attempt that never sold is left out). */
export async function accountOrders(db: Queryable, accountId: string): Promise<AccountOrderRow[]> {
  const { rows } = await db.query<AccountOrderRow>(
    `SELECT upper(o.id::text) AS "orderId", o.number AS reference, sh.venue_slug AS "venueSlug",
            sh.title AS "showName", p.starts_at AS "performanceStartsAt",
            (SELECT count(*)::int FROM order_tickets t WHERE t.order_id = o.id) AS "ticketCount",
            o.total, o.currency, o.status
     FROM orders o
     JOIN performances p ON p.id = o.performance_id
     JOIN shows sh ON sh.id = p.show_id
     WHERE o.account_id = $1 AND o.status = 'confirmed'
     ORDER BY o.confirmed_at DESC NULLS LAST, o.id`,
    [accountId],
  );
  return rows;
}

/** Whether the order is the account's (anything else is 404 to it). */
export async function orderOfAccount(
  db: Queryable,
  accountId: string,
  orderId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM orders WHERE id = $1 AND account_id = $2 AND status = 'confirmed'`,
    [orderId, accountId],
  );
  return rows.length > 0;
}
