import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { normalisePassword } from '../../contract/passwords';

/**
 * Account password hashes: scrypt from node:crypto, stored as a PHC-style string that carries
 * its own parameters and salt (`$scrypt$ln=17,r=8,p=1$<salt>$<hash>`), so the cost can be raised
 * later without breaking the passwords already stored.
 */

export interface ScryptCost {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

/**
 * OWASP's floor for scrypt (N = 2^17, r = 8, p = 1): 128 MiB and about 0.4 s per hash on this
 * project's machines, which is what makes each guess against a stolen table expensive.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { ln: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * Hashes run at once in this process. Each takes 128 MiB and a libuv thread (of 4, shared with
 * file and DNS work), so a burst of sign-ups queues here instead of starving the rest.
 */
const MAX_CONCURRENT_HASHES = 2;

const memoryOf = ({ ln, r }: ScryptCost) => 128 * 2 ** ln * r;

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((go) => waiting.push(go));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.ln,
    r: cost.r,
    p: cost.p,
    // Node refuses by default anything over 32 MiB; allow what the parameters need, and a bit.
    maxmem: memoryOf(cost) * cost.p + 1024 * 1024,
  };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(normalisePassword(password), salt, KEY_BYTES, options, (error, key) => {
          if (error) reject(error);
          else resolve(key);
        });
      }),
  );
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const STORED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]{16,64})\$([\w-]{32,128})$/;

/** Whether `password` is the one `stored` was made from; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, hash] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    ln: Number(ln),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
