import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';

/**
 * The Apple Wallet pass signing identity (issue 25), read from the environment once at start:
 * WALLET_PASS_TYPE_ID and WALLET_TEAM_ID name the pass type, WALLET_CERT and WALLET_KEY are the
 * pass type's certificate and private key, WALLET_WWDR Apple's intermediate (WWDR) certificate,
 * and WALLET_KEY_PASSPHRASE opens an encrypted key. PEM text, as DKIM_PRIVATE_KEY: line breaks
 * may be written \n. All or none: unset, passes are signed with a throwaway demo certificate
 * (walletCertificates.ts) that no iPhone accepts. A wrong value stops the start with a message
 * naming the variable, never with the secret in it.
 */

export interface WalletIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
}

export interface WalletCertificates extends WalletIdentity {
  /** PEM of the pass type certificate. */
  signerCert: string;
  /** The private key as unencrypted PKCS#8 PEM, held only in memory. */
  signerKey: string;
  /** PEM of Apple's WWDR intermediate that issued the pass type certificate. */
  wwdr: string;
}

const REQUIRED = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_CERT',
  'WALLET_KEY',
  'WALLET_WWDR',
] as const;
/** Apple's pass type identifiers are reverse-DNS names starting "pass.". */
const PASS_TYPE_ID = /^pass(\.[A-Za-z0-9-]+)+$/;
/** An Apple Developer team id: ten capitals and digits. */
const TEAM_ID = /^[A-Z0-9]{10}$/;

const pem = (value: string) => value.replaceAll('\\n', '\n').trim();

function certificate(name: string, value: string): X509Certificate {
  try {
    return new X509Certificate(pem(value));
  } catch {
    throw new Error(
      `${name} is not a readable certificate: give its PEM text (line breaks may be written \\n)`,
    );
  }
}

function privateKey(value: string, passphrase: string | undefined): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem(value), format: 'pem', passphrase });
  } catch {
    throw new Error(
      passphrase
        ? 'WALLET_KEY cannot be opened with WALLET_KEY_PASSPHRASE: give the PEM text of the pass type certificate’s key and its passphrase'
        : 'WALLET_KEY is not a readable private key: give its PEM text, and WALLET_KEY_PASSPHRASE when it is encrypted',
    );
  }
  // Wallet signatures are RSA (the pass type certificate Apple issues has an RSA key).
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `WALLET_KEY must be an RSA key, got ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  }
  return key;
}

/** All five variables (and the passphrase when the key needs one) or none. */
export function walletSettingsFromEnv(env: NodeJS.ProcessEnv): WalletCertificates | undefined {
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length === REQUIRED.length) {
    if (env.WALLET_KEY_PASSPHRASE) {
      throw new Error(`WALLET_KEY_PASSPHRASE is set without ${REQUIRED.join(', ')}`);
    }
    return undefined;
  }
  if (missing.length > 0) {
    throw new Error(
      `Wallet passes need ${REQUIRED.join(', ')} together; ${missing.join(', ')} unset`,
    );
  }
  const passTypeIdentifier = env.WALLET_PASS_TYPE_ID!.trim();
  const teamIdentifier = env.WALLET_TEAM_ID!.trim();
  if (!PASS_TYPE_ID.test(passTypeIdentifier)) {
    throw new Error(
      `WALLET_PASS_TYPE_ID must be a pass type identifier such as pass.com.lumentheatre.tickets, got "${passTypeIdentifier}"`,
    );
  }
  if (!TEAM_ID.test(teamIdentifier)) {
    throw new Error(
      `WALLET_TEAM_ID must be ten capital letters and digits, got "${teamIdentifier}"`,
    );
  }
  const cert = certificate('WALLET_CERT', env.WALLET_CERT!);
  const wwdr = certificate('WALLET_WWDR', env.WALLET_WWDR!);
  const key = privateKey(env.WALLET_KEY!, env.WALLET_KEY_PASSPHRASE || undefined);
  if (!cert.checkPrivateKey(key)) {
    throw new Error('WALLET_KEY is not the key of WALLET_CERT');
  }
  // Named as its issuer and signed by its key: a look-alike authority is not enough.
  if (!cert.checkIssued(wwdr) || !cert.verify(wwdr.publicKey)) {
    throw new Error(
      'WALLET_CERT was not issued by WALLET_WWDR: give the WWDR certificate that issued it',
    );
  }
  // A pass signed with an expired certificate never opens: better to say so at start.
  if (new Date(cert.validTo).getTime() < Date.now()) {
    throw new Error(`WALLET_CERT expired on ${cert.validTo}: renew the pass type certificate`);
  }
  // Apple's pass type certificates carry the pass type id as the subject's UID.
  const uid = /^UID=(.+)$/m.exec(cert.subject)?.[1];
  if (uid !== undefined && uid !== passTypeIdentifier) {
    throw new Error(`WALLET_CERT is for ${uid}, not WALLET_PASS_TYPE_ID ${passTypeIdentifier}`);
  }
  return {
    passTypeIdentifier,
    teamIdentifier,
    signerCert: cert.toString(),
    // Opened once here, so whatever encryption the operator chose, the signer gets a plain key.
    signerKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    wwdr: wwdr.toString(),
  };
}
