import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './passwordHash';

/** Cheap parameters for the format checks; the default cost is exercised once below. */
const QUICK = { ln: 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('store OWASP-strength scrypt parameters and a salt with the hash, never the password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(DEFAULT_SCRYPT_COST).toEqual({ ln: 17, r: 8, p: 1 });
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('horse');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('salt every hash, so one password gives different hashes, however many run at once', async () => {
    // More than the hashes allowed at once: the rest queue and every one still finishes.
    const hashes = await Promise.all(
      Array.from({ length: 5 }, () => hashPassword('the same password', QUICK)),
    );
    expect(new Set(hashes).size).toBe(5);
    const checks = await Promise.all(
      hashes.map((hash) => verifyPassword('the same password', hash)),
    );
    expect(checks).toEqual([true, true, true, true, true]);
  });

  it('verify with the parameters stored, and refuse a wrong or differently cased password', async () => {
    const stored = await hashPassword('Opera on Tuesdays', QUICK);
    expect(stored.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('Opera on Tuesdays', stored)).toBe(true);
    expect(await verifyPassword('opera on tuesdays', stored)).toBe(false);
    expect(await verifyPassword('Opera on Tuesdays ', stored)).toBe(false);
  });

  it('treat the same characters typed two ways (NFKC) as one password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait please', QUICK);
    expect(await verifyPassword('cafe\u0301 au lait please', stored)).toBe(true);
  });

  it('answer false, not an error, for anything that is not a stored hash', async () => {
    for (const stored of ['', 'plain', '$scrypt$ln=10,r=8,p=1$short$short', '$argon2id$v=19$x']) {
      expect(await verifyPassword('whatever it is', stored)).toBe(false);
    }
  });
});
