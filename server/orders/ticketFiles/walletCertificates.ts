import { generate } from 'selfsigned';
import type { ServerKeys } from '../../lib/serverKeys';
import type { WalletCertificates } from './walletSettings';

/**
 * Who signs Apple Wallet passes: the operator's pass type certificate (WALLET_*), or, without
 * one (the demo, the tests), a throwaway pair made on first use: a stand-in "WWDR" authority and
 * a pass type certificate it issued. It is kept in the database like the ticket signing key, so
 * it is made once and every process and restart signs with the same one. Wallet on an iPhone
 * refuses such a pass (Apple did not issue it); everything else about the pass is real.
 */

export const DEMO_WALLET_KEY_NAME = 'wallet-demo-certificates';
export const DEMO_PASS_TYPE_ID = 'pass.invalid.stagedoor.demo';
export const DEMO_TEAM_ID = 'STAGEDOOR0';

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

async function makeDemoCertificates(): Promise<string> {
  const notAfterDate = new Date(Date.now() + TEN_YEARS_MS);
  const authority = await generate(
    [{ name: 'commonName', value: 'Stagedoor demo WWDR (not Apple)' }],
    {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate,
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  const signer = await generate(
    [
      { name: 'commonName', value: `Pass Type ID: ${DEMO_PASS_TYPE_ID}` },
      { name: 'organizationName', value: 'Stagedoor demo' },
    ],
    {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate,
      ca: { key: authority.private, cert: authority.cert },
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, critical: true },
      ],
    },
  );
  const certificates: WalletCertificates = {
    passTypeIdentifier: DEMO_PASS_TYPE_ID,
    teamIdentifier: DEMO_TEAM_ID,
    signerCert: signer.cert,
    signerKey: signer.private,
    wwdr: authority.cert,
  };
  return JSON.stringify(certificates);
}

/** The signing identity passes use: the configured one, else the kept (or new) demo one. */
export function walletCertificates(
  keys: ServerKeys,
  configured: WalletCertificates | undefined,
): () => Promise<WalletCertificates> {
  if (configured) return () => Promise.resolve(configured);
  return async () =>
    JSON.parse(
      await keys.getOrMake(DEMO_WALLET_KEY_NAME, makeDemoCertificates),
    ) as WalletCertificates;
}
