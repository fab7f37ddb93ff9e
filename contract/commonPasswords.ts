import { dictionary } from '@zxcvbn-ts/language-common';
import { normalisePassword } from './passwords';

/**
 * The shipped list of the most common passwords (zxcvbn-ts's 49k leaked passwords), which an
 * attacker tries first whatever their length. A module of its own because the list weighs
 * several hundred kB: the server imports it, the SPA only ever loads it lazily (the sign-up
 * form's chunk), never on its first route. Compared ignoring case, as "Password1234" is guessed
 * as early as "password1234".
 */

let known: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // Built on first use: a server that never sees a sign-up, or a page that never asks, pays nothing.
  known ??= new Set(
    dictionary['passwords-common'].map((entry) => normalisePassword(entry).toLowerCase()),
  );
  return known;
}

/** Whether `password` is on the list (after the same NFKC normalising the hash uses). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalisePassword(password).toLowerCase());
}
