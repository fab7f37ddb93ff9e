import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signerFromPem } from './ticketCodes';

const pemOf = (type: 'ed25519' | 'ed448') =>
  generateKeyPairSync(type as 'ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

const ticket = {
  id: '0B3C8A5E-1F2D-4C3B-9A8E-7D6C5B4A3F21',
  orderNumber: 'SD-7K3QF9XM',
  performanceId: 'C4D5E6F7-0A1B-4C2D-8E3F-405162738495',
  label: 'Dress Circle, Row C, Seat 12',
};

describe('ticket codes', () => {
  const signer = signerFromPem(pemOf('ed25519'));

  it('round-trips what the ticket says, in a code small enough for a dense-free QR code', () => {
    const code = signer.sign(ticket);
    expect(code).toMatch(/^SD1\.[\w-]+\.[\w-]{86}$/);
    expect(code.length).toBeLessThan(200);
    expect(signer.verify(code)).toEqual(ticket);
  });

  it('can be checked offline with the published public key', () => {
    const code = signer.sign(ticket);
    const [, payload, signature] = code.split('.');
    const signed = Buffer.concat([Buffer.from('SD1.'), Buffer.from(payload!, 'base64url')]);
    expect(verify(null, signed, signer.publicKeyPem(), Buffer.from(signature!, 'base64url'))).toBe(
      true,
    );
  });

  it('refuses a code with any byte changed, another key’s code, and garbage', () => {
    const code = signer.sign(ticket);
    const [, payload, signature] = code.split('.') as [string, string, string];
    const bytes = Buffer.from(payload, 'base64url');
    for (let at = 0; at < bytes.length; at += 7) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(signer.verify(`SD1.${changed.toString('base64url')}.${signature}`), `byte ${at}`).toBe(
        null,
      );
    }
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = flipped[0]! ^ 0x80;
    expect(signer.verify(`SD1.${payload}.${flipped.toString('base64url')}`)).toBeNull();

    const other = signerFromPem(pemOf('ed25519'));
    expect(signer.verify(other.sign(ticket))).toBeNull();

    for (const garbage of [
      '',
      'hello',
      'SD1..',
      `SD2.${payload}.${signature}`,
      `SD1.${payload}`,
      `SD1.${payload}.${signature}x`,
      `SD1.${'A'.repeat(40)}.${signature}`,
      'SD1.%%%%.%%%%',
      '\u0000'.repeat(300),
    ]) {
      expect(signer.verify(garbage), JSON.stringify(garbage)).toBeNull();
    }
  });

  it('cuts a very long label at a character boundary rather than making the code huge', () => {
    const code = signer.sign({ ...ticket, label: 'Balcón '.repeat(60) });
    const claim = signer.verify(code);
    expect(claim).not.toBeNull();
    expect(Buffer.byteLength(claim!.label)).toBeLessThanOrEqual(200);
    expect('Balcón '.repeat(60).startsWith(claim!.label)).toBe(true);
  });

  it('takes a PEM written on one line with \\n, and refuses a key that is not Ed25519', () => {
    const pem = pemOf('ed25519');
    const oneLine = signerFromPem(pem.replaceAll('\n', '\\n'));
    expect(signerFromPem(pem).verify(oneLine.sign(ticket))).toEqual(ticket);
    expect(() => signerFromPem(pemOf('ed448'))).toThrow(/Ed25519/);
    expect(() => signerFromPem('not a key')).toThrow();
  });
});
