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
