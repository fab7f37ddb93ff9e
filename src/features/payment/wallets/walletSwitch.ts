import { tabStorage } from '@/lib/tabStorage';

/**
 * Whether this tab offers the sandbox's wallet sheet (demos and tests). The payment service's
 * sandbox cannot read a real Apple Pay or Google Pay token, so with the sandbox provider the
 * wallets are offered only in a browser told to: `?wallets=sandbox` on the payment step's address
 * turns it on for the tab (kept in sessionStorage, so PayPal's return and a reload keep it),
 * `?wallets=off` turns it off.
 */
export const WALLETS_PARAM = 'wallets';
const SANDBOX = 'sandbox';

const stored = tabStorage<typeof SANDBOX>('stagedoor.wallets', (value) =>
  value === SANDBOX ? SANDBOX : null,
);

/** Reads the switch from the address (if there) and answers whether the sandbox sheet is on. */
export function sandboxWalletsOffered(search: string): boolean {
  const asked = new URLSearchParams(search).get(WALLETS_PARAM);
  if (asked === SANDBOX) stored.store(SANDBOX);
  else if (asked === 'off') stored.forget();
  return stored.read() === SANDBOX;
}
