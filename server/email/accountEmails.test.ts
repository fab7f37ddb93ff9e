import { describe, expect, it } from 'vitest';
import {
  renderAccountExists,
  renderEmailChange,
  renderEmailChangeNotice,
  renderPasswordReset,
} from './accountEmails';
import { readable, venue } from './emailFixtures';

const HOSTILE = '<img src=x onerror="pwn()"> & \'Eve\'';
const LINK = 'https://shop.example/reset-password/new?token=abc&venue=lumen-theatre';

describe('the account emails', () => {
  const lumen = venue('lumen-theatre');

  it('word the reset email as the venue, with the link and its deadline in both parts', () => {
    const email = renderPasswordReset({
      venue: lumen,
      firstName: 'Ada',
      resetUrl: LINK,
      minutes: 60,
    });
    expect(email.subject).toBe('Reset your password for The Lumen Theatre');
    for (const part of [email.html, email.text].map(readable)) {
      expect(part).toContain('Dear Ada,');
      expect(part).toContain('The link works once, for 60 minutes.');
      expect(part).toContain('Lumen Group box office: call 020 7946 0123');
    }
    expect(email.text).toContain(`Choose a new password:\n${LINK}`);
  });

  it('tell a known address it has an account, without a link that changes anything', () => {
    const email = renderAccountExists({
      venue: lumen,
      firstName: 'Ada',
      reason: 'signUp',
      signInUrl: 'https://shop.example/sign-in?venue=lumen-theatre',
      resetUrl: 'https://shop.example/reset-password?venue=lumen-theatre',
    });
    expect(readable(email.text)).toContain('You already have one, so no new account was made.');
    expect(email.text).not.toContain('token=');
  });

  it('send the new address its link and tell the old one where the account is going', () => {
    const link = renderEmailChange({
      venue: lumen,
      firstName: 'Ada',
      newEmail: 'ada@new.example',
      confirmUrl: 'https://shop.example/account/email/confirm?token=abc&venue=lumen-theatre',
      hours: 24,
    });
    expect(readable(link.text)).toContain(
      'You asked to use ada@new.example for your account with The Lumen Theatre.',
    );
    const notice = renderEmailChangeNotice({
      venue: venue('hudson-stage'),
      firstName: 'Ada',
      newEmail: 'ada@new.example',
      resetUrl: 'https://shop.example/reset-password?venue=hudson-stage',
    });
    // The US catalogue's wording: "call us at".
    expect(readable(notice.text)).toMatch(/and call us at \S/);
    expect(readable(notice.text)).toContain('ada@new.example');
  });

  it('escape a hostile name in the HTML', () => {
    const email = renderPasswordReset({
      venue: lumen,
      firstName: HOSTILE,
      resetUrl: LINK,
      minutes: 60,
    });
    expect(email.html).not.toMatch(/<img|<[^>]*\son\w+=|<script/i);
    expect(email.text).toContain(`Dear ${HOSTILE},`);
  });
});
