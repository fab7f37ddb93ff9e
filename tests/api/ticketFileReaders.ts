import { createHash, X509Certificate } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import yauzl from 'yauzl';

/**
 * Reading an order's files as a calendar app and Apple Wallet would (issue 25): the .ics events
 * with their properties unfolded and unescaped, and the .pkpass unzipped (yauzl, already in
 * node_modules through the test tools), its manifest hashes and its PKCS#7 signature checked
 * (pkijs, through selfsigned).
 */

export type CalendarEvent = Record<string, string>;

/** Every VEVENT's properties, by name (parameters dropped), values unescaped. */
export function calendarEvents(ics: string): CalendarEvent[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events: CalendarEvent[] = [];
  let current: CalendarEvent | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!;
      current[name] = line
        .slice(colon + 1)
        .replace(/\\([,;\\])/g, '$1')
        .replace(/\\n/gi, '\n');
    }
  }
  return events;
}

/** "20261130T193000Z" as an instant. */
export function utcInstant(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`not a UTC date-time: ${value}`);
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** The files of a zip, by name. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

export interface OpenedPass {
  files: Map<string, Buffer>;
  manifest: Record<string, string>;
  pass: Record<string, unknown> & {
    barcodes: { format: string; message: string }[];
    eventTicket: Record<string, { key: string; label?: string; value: string }[]>;
  };
}

export async function openPass(pkpass: Buffer): Promise<OpenedPass> {
  const files = await unzip(pkpass);
  return {
    files,
    manifest: JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>,
    pass: JSON.parse(files.get('pass.json')!.toString('utf8')) as OpenedPass['pass'],
  };
}

/** Each file of the pass but the manifest and signature, with the SHA-1 Wallet checks. */
export function fileHashes(files: Map<string, Buffer>): Record<string, string> {
  return Object.fromEntries(
    [...files]
      .filter(([name]) => name !== 'manifest.json' && name !== 'signature')
      .map(([name, content]) => [name, createHash('sha1').update(content).digest('hex')]),
  );
}

/**
 * Whether `signature` is a PKCS#7 detached signature over `manifest` by a certificate that
 * `issuer` issued; the signer's subject for the caller to check.
 */
export async function verifySignature(
  signature: Buffer,
  manifest: Buffer,
  issuerPem: string,
): Promise<{ verified: boolean; signerSubject: string }> {
  const bytes = (buffer: Buffer) => Uint8Array.from(buffer).buffer;
  const content = pkijs.ContentInfo.fromBER(bytes(signature));
  const signed = new pkijs.SignedData({ schema: content.content as asn1js.Sequence });
  const issuer = pkijs.Certificate.fromBER(bytes(new X509Certificate(issuerPem).raw));
  // pkijs throws when the digest or the chain does not match: that is a failed check too.
  const result = await signed
    .verify({
      signer: 0,
      data: bytes(manifest),
      trustedCerts: [issuer],
      checkChain: true,
      extendedMode: true,
    })
    .catch(() => undefined);
  if (!result) return { verified: false, signerSubject: '' };
  const subject =
    result.signerCertificate?.subject.typesAndValues
      .map((entry) => String((entry.value.valueBlock as { value: unknown }).value))
      .join(', ') ?? '';
  return { verified: result.signatureVerified === true, signerSubject: subject };
}
