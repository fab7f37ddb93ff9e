import { createPrivateKey } from 'node:crypto';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../contract/api/orders';
import { fileHashes, openPass, verifySignature } from '../../../tests/api/ticketFileReaders';
import { venues } from '../../../tests/setup/venues';
import type { TicketFacts } from './ticketFacts';
import { walletPass } from './walletPass';
import { walletSettingsFromEnv } from './walletSettings';

/**
 * The operator's wallet certificate (issue 25): WALLET_* read and checked at start, and a pass
 * signed with it verifies against the WWDR certificate the operator gave.
 */

interface Issued {
  wwdr: { key: string; cert: string };
  cert: string;
  key: string;
}

const PASS_TYPE_ID = 'pass.example.lumentheatre.tickets';

async function issue(subject = PASS_TYPE_ID): Promise<Issued> {
  const wwdr = await generate([{ name: 'commonName', value: 'Test WWDR' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }],
  });
  const pass = await generate(
    [
      { name: 'commonName', value: `Pass Type ID: ${subject}` },
      // The subject's UID, as in the certificates Apple issues (selfsigned takes it by OID).
      { shortName: '0.9.2342.19200300.100.1.1', value: subject },
    ],
    { keySize: 2048, algorithm: 'sha256', ca: { key: wwdr.private, cert: wwdr.cert } },
  );
  return { wwdr: { key: wwdr.private, cert: wwdr.cert }, cert: pass.cert, key: pass.private };
}

let issued: Issued;
beforeAll(async () => {
  issued = await issue();
});

const envOf = (overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
  WALLET_TEAM_ID: 'ABCDE12345',
  // As an operator writes PEM into one line of an env file.
  WALLET_CERT: issued.cert.replaceAll('\n', '\\n'),
  WALLET_KEY: issued.key,
  WALLET_WWDR: issued.wwdr.cert,
  ...overrides,
});

describe('WALLET_* settings', () => {
  it('are all unset for the demo certificate', () => {
    expect(walletSettingsFromEnv({})).toBeUndefined();
  });

  it('read the pass type, team, certificate, key and WWDR certificate', () => {
    const settings = walletSettingsFromEnv(envOf())!;
    expect(settings.passTypeIdentifier).toBe(PASS_TYPE_ID);
    expect(settings.teamIdentifier).toBe('ABCDE12345');
    expect(settings.signerCert).toContain('BEGIN CERTIFICATE');
  });

  it('open an encrypted key with WALLET_KEY_PASSPHRASE, and hold it unencrypted', () => {
    const encrypted = createPrivateKey(issued.key)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'box office' })
      .toString();
    const settings = walletSettingsFromEnv(
      envOf({ WALLET_KEY: encrypted, WALLET_KEY_PASSPHRASE: 'box office' }),
    )!;
    expect(settings.signerKey).toContain('BEGIN PRIVATE KEY');
    expect(() => walletSettingsFromEnv(envOf({ WALLET_KEY: encrypted }))).toThrow(
      /WALLET_KEY is not a readable private key/,
    );
    expect(() =>
      walletSettingsFromEnv(envOf({ WALLET_KEY: encrypted, WALLET_KEY_PASSPHRASE: 'wrong' })),
    ).toThrow(/cannot be opened with WALLET_KEY_PASSPHRASE/);
  });

  it('stop the start with a message naming what is wrong, never the secret', async () => {
    const other = await issue();
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ WALLET_WWDR: undefined }, /WALLET_WWDR unset/],
      [{ WALLET_PASS_TYPE_ID: 'com.example' }, /WALLET_PASS_TYPE_ID must be/],
      [{ WALLET_TEAM_ID: 'abc' }, /WALLET_TEAM_ID must be ten/],
      [{ WALLET_CERT: 'not a certificate' }, /WALLET_CERT is not a readable certificate/],
      [{ WALLET_KEY: other.key }, /WALLET_KEY is not the key of WALLET_CERT/],
      [{ WALLET_WWDR: other.wwdr.cert }, /WALLET_CERT was not issued by WALLET_WWDR/],
      [{ WALLET_PASS_TYPE_ID: 'pass.example.other' }, /WALLET_CERT is for pass.example.lumen/],
    ];
    for (const [overrides, message] of cases) {
      let error: Error | undefined;
      try {
        walletSettingsFromEnv(envOf(overrides));
      } catch (thrown) {
        error = thrown as Error;
      }
      expect(error?.message, JSON.stringify(Object.keys(overrides))).toMatch(message);
      expect(error?.message).not.toContain('PRIVATE KEY');
    }
    expect(() => walletSettingsFromEnv({ WALLET_KEY_PASSPHRASE: 'x' })).toThrow(
      /WALLET_KEY_PASSPHRASE is set without/,
    );
  });

  it('sign passes that verify against the operator’s WWDR certificate', async () => {
    const certificates = walletSettingsFromEnv(envOf())!;
    const lumen = venues.find((venue) => venue.settings.slug === 'lumen-theatre')!;
    const ticket = {
      id: '6F1C2A4E-0D4B-4C55-9C1B-2F6A3E1D9B10',
      kind: 'seat' as const,
      section: 'Stalls',
      row: 'F',
      number: 12,
      area: null,
      priceOptionName: null,
      code: 'SD1.test-code',
    };
    const facts: TicketFacts = {
      order: {
        id: '1E0B6F8C-3A59-4C2B-8E44-5B7D0C1A2F33',
        number: 'SD-ABCDEFGH',
        customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        show: {
          title: 'The Glass Orchard',
          venueName: 'The Lumen Theatre',
          venueSlug: 'lumen-theatre',
          performanceId: '9A7F3E21-8B6C-4D5E-A1F2-3B4C5D6E7F80',
          startsAt: '2026-12-05T19:30:00.000Z',
          timezone: 'Europe/London',
        },
        delivery: { method: 'eTicket', address: null },
        tickets: [ticket],
      } as unknown as OrderView,
      venue: lumen.settings,
      theme: lumen.theme,
      address: { lines: ['12 Lantern Street'], city: 'London', postcode: 'WC2E 7LM' },
      runningTimeMinutes: 150,
    };
    const { files, manifest, pass } = await openPass(walletPass(facts, ticket, certificates));
    expect(manifest).toEqual(fileHashes(files));
    expect(pass).toMatchObject({ passTypeIdentifier: PASS_TYPE_ID, teamIdentifier: 'ABCDE12345' });
    expect(
      await verifySignature(files.get('signature')!, files.get('manifest.json')!, issued.wwdr.cert),
    ).toMatchObject({ verified: true });
    // Not by anyone else's authority.
    const other = await issue();
    expect(
      (await verifySignature(files.get('signature')!, files.get('manifest.json')!, other.wwdr.cert))
        .verified,
    ).toBe(false);
    // The front names the time on the venue's clock (19:30 in London in December).
    expect(JSON.stringify(pass.eventTicket.auxiliaryFields)).toContain('19:30');
  });
});
