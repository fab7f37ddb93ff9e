import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';

/**
 * The SMTP transport's settings (issue 25), read from the environment once at start: SMTP_URL
 * turns sending on, DKIM_DOMAIN + DKIM_SELECTOR + DKIM_PRIVATE_KEY sign what it sends. A wrong
 * value stops the start with a message naming the variable, never with the secret in it.
 */

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp://: STARTTLS whenever the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  dkim?: DkimSettings;
  timeouts: SmtpTimeouts;
  /** Extra certificate authorities to trust (tests: their throwaway certificate). */
  ca?: string;
}

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * How long a send may wait on the mail server, in ms. Together well under the dispatcher's
 * 120-second lease, so a hung server fails the attempt before another process may claim it.
 */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  /** Silence from the server at any later step (EHLO, AUTH, each command, the data). */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 15_000,
  socketMs: 45_000,
};

const DEFAULT_PORT = { 'smtp:': 587, 'smtps:': 465 } as const;

/** SMTP_URL: `smtp://user:pass@host:587`, `smtps://user:pass@host:465` or `smtp://127.0.0.1:2525`. */
export function parseSmtpUrl(value: string): Omit<SmtpSettings, 'timeouts'> {
  // The message never repeats the URL: it may carry the password.
  const wrong = (why: string) =>
    new Error(`SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465 (${why})`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw wrong('not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw wrong(`scheme ${url.protocol.slice(0, 10)} is neither smtp: nor smtps:`);
  }
  if (!url.hostname) throw wrong('no host');
  if (url.pathname !== '' && url.pathname !== '/') throw wrong('a path is not allowed');
  if (url.search !== '' || url.hash !== '') throw wrong('query and fragment are not allowed');
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    // WHATWG URL keeps an IPv6 host in brackets; the socket wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? DEFAULT_PORT[url.protocol] : Number(url.port),
    secure: url.protocol === 'smtps:',
    ...(user || pass ? { auth: { user, pass } } : {}),
  };
}

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9._-]{0,62})$/i;
/** Receivers ignore weaker RSA signatures (RFC 8301). */
const MIN_DKIM_BITS = 1024;

function dkimKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem.replaceAll('\\n', '\n'));
  } catch {
    throw new Error(
      'DKIM_PRIVATE_KEY is not a readable private key: give the PEM text (PKCS#1 or PKCS#8, line breaks may be written \\n)',
    );
  }
  // nodemailer signs rsa-sha256 only, the algorithm every receiver verifies.
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `DKIM_PRIVATE_KEY must be an RSA key (rsa-sha256), got ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_DKIM_BITS) {
    throw new Error(
      `DKIM_PRIVATE_KEY must be at least ${MIN_DKIM_BITS} bits (2048 advised), got ${bits}`,
    );
  }
  // A key that cannot sign fails here, at start, rather than on every email.
  createSign('RSA-SHA256').update('stagedoor').sign(key);
  return key;
}

/** All three DKIM variables or none; with them every email is signed for DKIM_DOMAIN. */
export function parseDkim(env: NodeJS.ProcessEnv): DkimSettings | undefined {
  const names = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`DKIM signing needs ${names.join(', ')} together; ${missing.join(', ')} unset`);
  }
  const domainName = env.DKIM_DOMAIN!.trim().toLowerCase();
  const keySelector = env.DKIM_SELECTOR!.trim();
  if (!HOSTNAME.test(domainName)) {
    throw new Error(
      `DKIM_DOMAIN must be a domain name such as lumentheatre.example, got "${domainName}"`,
    );
  }
  if (!SELECTOR.test(keySelector)) {
    throw new Error(`DKIM_SELECTOR must be a DNS label such as mail2026, got "${keySelector}"`);
  }
  const key = dkimKey(env.DKIM_PRIVATE_KEY!);
  return {
    domainName,
    keySelector,
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** SMTP_URL and DKIM_* from the environment; undefined (emails stay in the outbox) without SMTP_URL. */
export function smtpSettingsFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  // Checked even without SMTP_URL: a bad key should not wait for the day sending is turned on.
  const dkim = parseDkim(env);
  if (!env.SMTP_URL) return undefined;
  return {
    ...parseSmtpUrl(env.SMTP_URL),
    ...(dkim ? { dkim } : {}),
    timeouts: DEFAULT_SMTP_TIMEOUTS,
  };
}
