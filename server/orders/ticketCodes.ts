import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * E-ticket QR codes: each ticket's code is a compact payload signed with Ed25519, so a scanner
 * can trust it offline with the public key (GET /tickets/public-key) or ask POST /tickets/verify.
 *
 * Format: `SD1.<payload>.<signature>`, both base64url. The payload is binary, to keep the QR
 * code small: ticket id (16 bytes), performance id (16 bytes), the 8 characters of the order
 * number after "SD-", then the seat or area label in UTF-8. The signature covers `SD1.` and the
 * payload bytes, so a code of another format version can never pass as this one.
 */

export interface TicketClaim {
  /** Upper-case UUIDs, as every id leaves the API. */
  id: string;
  orderNumber: string;
  performanceId: string;
  /** "Stalls, Row F, Seat 12" or the area's name. */
  label: string;
}

const VERSION = 'SD1';
const PREFIX = Buffer.from(`${VERSION}.`, 'ascii');
const FIXED_BYTES = 16 + 16 + 8;
/** A label longer than this is cut (at a character boundary) rather than making the QR code dense. */
const MAX_LABEL_BYTES = 200;
const CODE_PATTERN = /^SD1\.([A-Za-z0-9_-]{54,400})\.([A-Za-z0-9_-]{86})$/;
const NUMBER_PATTERN = /^SD-([0-9A-Z]{8})$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's own key when TICKET_SIGNING_KEY does not give one (migration 0011). */
export const TICKET_KEY_NAME = 'ticket-signing-ed25519';

function uuidBytes(id: string): Buffer {
  if (!UUID_PATTERN.test(id)) throw new Error('not a UUID');
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function labelBytes(label: string): Buffer {
  let bytes = Buffer.from(label, 'utf8');
  if (bytes.length <= MAX_LABEL_BYTES) return bytes;
  // Cut whole characters only, so the label still decodes.
  let cut = label;
  while (bytes.length > MAX_LABEL_BYTES) {
    cut = Array.from(cut).slice(0, -1).join('');
    bytes = Buffer.from(cut, 'utf8');
  }
  return bytes;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export class TicketSigner {
  private readonly publicKey: KeyObject;

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error('The ticket signing key must be an Ed25519 private key.');
    }
    this.publicKey = createPublicKey(privateKey);
  }

  /** The code to put in the ticket's QR code. */
  sign(ticket: TicketClaim): string {
    const number = NUMBER_PATTERN.exec(ticket.orderNumber)?.[1];
    if (!number) throw new Error('not an order number');
    const payload = Buffer.concat([
      uuidBytes(ticket.id),
      uuidBytes(ticket.performanceId),
      Buffer.from(number, 'ascii'),
      labelBytes(ticket.label),
    ]);
    const signature = sign(null, Buffer.concat([PREFIX, payload]), this.privateKey);
    return `${VERSION}.${payload.toString('base64url')}.${signature.toString('base64url')}`;
  }

  /** What a genuine code says; null for anything else (tampered, truncated, garbage). */
  verify(code: string): TicketClaim | null {
    const match = CODE_PATTERN.exec(code);
    if (!match) return null;
    const payload = Buffer.from(match[1]!, 'base64url');
    const signature = Buffer.from(match[2]!, 'base64url');
    if (payload.length < FIXED_BYTES || signature.length !== 64) return null;
    // base64url has more than one spelling of some byte strings; only the canonical one counts.
    if (
      payload.toString('base64url') !== match[1] ||
      signature.toString('base64url') !== match[2]
    ) {
      return null;
    }
    if (!verify(null, Buffer.concat([PREFIX, payload]), this.publicKey, signature)) return null;
    try {
      return {
        id: uuidText(payload.subarray(0, 16)),
        performanceId: uuidText(payload.subarray(16, 32)),
        orderNumber: `SD-${payload.subarray(32, 40).toString('ascii')}`,
        label: strictUtf8.decode(payload.subarray(FIXED_BYTES)),
      };
    } catch {
      return null;
    }
  }

  /** The public key (SPKI PEM) scanners use to check codes offline. */
  publicKeyPem(): string {
    return this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }
}

/** A signer from a PKCS#8 PEM (TICKET_SIGNING_KEY may carry its line breaks as `\n`). */
export function signerFromPem(pem: string): TicketSigner {
  return new TicketSigner(createPrivateKey(pem.replaceAll('\\n', '\n')));
}

function newPrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The signer every instance shares: TICKET_SIGNING_KEY when set (a deployment's own key),
 * else the key the first instance generated and stored, so restarts and other instances sign
 * and verify with the same one.
 */
export async function ticketSigner(
  keys: ServerKeys,
  envKey: string | undefined,
): Promise<TicketSigner> {
  if (envKey) return signerFromPem(envKey);
  return signerFromPem(await keys.get(TICKET_KEY_NAME, newPrivateKeyPem));
}
