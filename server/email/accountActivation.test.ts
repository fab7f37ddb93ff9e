import { describe, expect, it } from 'vitest';
import { readable, venue } from './emailFixtures';
import { renderAccountActivation, type ActivationContext } from './accountActivation';

const HOSTILE = '<img src=x onerror="pwn()"> & \'Eve\'';
const LINK =
  'https://shop.example/account/verify?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE&venue=lumen-theatre';

function context(overrides: Partial<ActivationContext> = {}): ActivationContext {
  return {
    venue: venue('lumen-theatre'),
    firstName: 'Ada',
    email: 'ada@example.co.uk',
    orderNumber: 'SD-7K3QF9XM',
    activationUrl: LINK,
    hours: 24,
    ...overrides,
  };
}

describe('the account activation email', () => {
  it('names the order, the address and the deadline, with the link in both parts', () => {
    const email = renderAccountActivation(context());
    expect(email.subject).toBe('Activate your account with The Lumen Theatre');
    for (const part of [email.html, email.text].map(readable)) {
      expect(part).toContain('Activate your account');
      expect(part).toContain('Dear Ada,');
      expect(part).toContain('SD-7K3QF9XM');
      expect(part).toContain('ada@example.co.uk');
      expect(part).toContain('The link works once, for 24 hours.');
      expect(part).toContain(
        "If you didn't ask for an account, don't open the link: ignore this email and no account will be made with your email address.",
      );
      // The Lumen Group brand's support line.
      expect(part).toContain('Lumen Group box office: call 020 7946 0123');
    }
    expect(email.html).toContain('<html lang="en-GB">');
    expect(email.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
    expect(email.text).toContain(`Activate your account:\n${LINK}`);
  });

  it('escapes a hostile name in the HTML and keeps it readable in the text part', () => {
    const email = renderAccountActivation(context({ firstName: HOSTILE }));
    // The name is text: no tag of its own, no attribute on the layout's.
    expect(email.html).not.toMatch(/<img|<[^>]*\son\w+=|<script|<style|<link/i);
    expect(email.html).toContain('&lt;img src=x onerror=&quot;pwn()&quot;&gt; &amp; &#39;Eve&#39;');
    expect(email.text).toContain(`Dear ${HOSTILE},`);
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      renderAccountActivation(context({ activationUrl: 'javascript:alert(1)' })),
    ).toThrow(/http/);
  });

  it("speaks en-US at a US venue, with that venue's phone number", () => {
    const email = renderAccountActivation(context({ venue: venue('hudson-stage') }));
    expect(email.html).toContain('<html lang="en-US">');
    expect(email.subject).toBe('Activate your account with The Hudson Stage');
    // The Hudson Stage's own support line (venues/hudson-stage/messages).
    expect(readable(email.text)).toContain('Call The Hudson Stage box office at (212) 555-0178');
  });
});
