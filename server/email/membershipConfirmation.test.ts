import { describe, expect, it } from 'vitest';
import { readable, venue } from './emailFixtures';
import {
  renderMembershipConfirmation,
  type MembershipEmailContext,
} from './membershipConfirmation';

const HOSTILE = '<img src=x onerror="pwn()"> & \'Eve\'';

function context(overrides: Partial<MembershipEmailContext> = {}): MembershipEmailContext {
  return {
    venue: venue('lumen-theatre'),
    firstName: 'Ada',
    schemeName: 'ATG+',
    benefits: ['No transaction fee on any order', 'Book in ATG+ presales'],
    membership: {
      scheme: 'atg-plus',
      status: 'active',
      benefitsActive: true,
      waivesTransactionFee: true,
      number: 'ATG-2026 0042',
      startedOn: '2026-11-26',
      renewsOn: '2027-11-26',
      endsOn: null,
      autoRenew: true,
    },
    amount: 4500,
    ...overrides,
  };
}

describe('the membership confirmation email', () => {
  it('names the membership, its number, price, renewal and benefits in both parts', () => {
    const email = renderMembershipConfirmation(context());
    expect(email.subject).toBe('Welcome to ATG+ with The Lumen Theatre');
    for (const part of [email.html, email.text].map(readable)) {
      expect(part).toContain('Dear Ada,');
      expect(part).toContain('ATG-2026 0042');
      expect(part).toContain('£45');
      expect(part).toContain('26 November 2027');
      expect(part).toContain('No transaction fee on any order');
      expect(part).not.toContain('Ends on');
    }
  });

  it('says when a membership without renewal ends, and escapes what the buyer typed', () => {
    const email = renderMembershipConfirmation(
      context({
        firstName: HOSTILE,
        membership: { ...context().membership, renewsOn: null, endsOn: '2027-11-26' },
      }),
    );
    expect(readable(email.text)).toContain('Ends on');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img');
  });
});
