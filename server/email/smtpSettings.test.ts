import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseSmtpUrl, smtpSettingsFromEnv } from './smtpSettings';

const rsaPem = (modulusLength: number) =>
  generateKeyPairSync('rsa', { modulusLength })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

const dkimEnv = (privateKey: string) => ({
  SMTP_URL: 'smtp://127.0.0.1:2525',
  DKIM_DOMAIN: 'LumenTheatre.example',
  DKIM_SELECTOR: 'mail2026',
  DKIM_PRIVATE_KEY: privateKey,
});

describe('SMTP_URL', () => {
  it('reads STARTTLS, implicit TLS and a local relay, with the login decoded', () => {
    expect(parseSmtpUrl('smtp://mailer:p%40ss%20word@smtp.example.net:587')).toEqual({
      host: 'smtp.example.net',
      port: 587,
      secure: false,
      auth: { user: 'mailer', pass: 'p@ss word' },
    });
    expect(parseSmtpUrl('smtps://mailer:secret@smtp.example.net')).toEqual({
      host: 'smtp.example.net',
      port: 465,
      secure: true,
      auth: { user: 'mailer', pass: 'secret' },
    });
    expect(parseSmtpUrl('smtp://127.0.0.1:2525')).toEqual({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
    });
    expect(parseSmtpUrl('smtp://[::1]:2525').host).toBe('::1');
  });

  it('refuses anything else without repeating the URL (it may hold the password)', () => {
    for (const [url, why] of [
      ['http://mailer:hunter2@smtp.example.net', 'neither smtp: nor smtps:'],
      ['mailer:hunter2@smtp.example.net', 'neither smtp: nor smtps:'],
      ['smtp://mailer:hunter2@smtp.example.net/inbox', 'a path is not allowed'],
      ['smtp://mailer:hunter2@smtp.example.net?tls=off', 'query and fragment'],
      ['not a url hunter2', 'not a URL'],
    ] as const) {
      const attempt = () => loadConfig({ SMTP_URL: url });
      expect(attempt, url).toThrow(/^SMTP_URL must look like smtp:\/\/user:password@host:587/);
      expect(attempt, url).toThrow(why);
      expect(attempt, url).not.toThrow(/hunter2/);
    }
  });

  it('leaves sending off when unset', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
    });
  });
});

describe('DKIM settings', () => {
  it('sign for the domain and selector with the key, written with \\n line breaks too', () => {
    const pem = rsaPem(2048);
    const settings = smtpSettingsFromEnv(dkimEnv(pem.replaceAll('\n', '\\n')));
    expect(settings?.dkim).toMatchObject({
      domainName: 'lumentheatre.example',
      keySelector: 'mail2026',
    });
    expect(settings?.dkim?.privateKey).toContain('-----BEGIN PRIVATE KEY-----');
  });

  it('refuse to start on a key that cannot sign, with a message that names the variable', () => {
    const refuse = (env: Record<string, string>) => () => loadConfig(env);
    expect(
      refuse(dkimEnv('-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----')),
    ).toThrow('DKIM_PRIVATE_KEY is not a readable private key');
    expect(refuse(dkimEnv('secret-value'))).not.toThrow(/secret-value/);
    const ed25519 = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(refuse(dkimEnv(ed25519))).toThrow(
      'DKIM_PRIVATE_KEY must be an RSA key (rsa-sha256), got ed25519',
    );
    expect(refuse(dkimEnv(rsaPem(768)))).toThrow('DKIM_PRIVATE_KEY must be at least 1024 bits');
  });

  it('need all three variables, a domain name and a selector', () => {
    const pem = rsaPem(1024);
    expect(() =>
      loadConfig({ DKIM_DOMAIN: 'lumentheatre.example', DKIM_PRIVATE_KEY: pem }),
    ).toThrow(
      'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY together; DKIM_SELECTOR unset',
    );
    expect(() => loadConfig({ ...dkimEnv(pem), DKIM_DOMAIN: 'https://lumen' })).toThrow(
      'DKIM_DOMAIN must be a domain name',
    );
    expect(() => loadConfig({ ...dkimEnv(pem), DKIM_SELECTOR: 'a b' })).toThrow(
      'DKIM_SELECTOR must be a DNS label',
    );
    // A bad key is refused even before sending is turned on.
    expect(() => loadConfig({ ...dkimEnv('nonsense'), SMTP_URL: '' })).toThrow(
      'DKIM_PRIVATE_KEY is not a readable private key',
    );
  });
});
