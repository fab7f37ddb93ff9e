import { describe, expect, it } from 'vitest';
import type { PromoCodeRow } from './queries';
import { promoDiscount } from '../basket';
import { judgePromo, mayBuy, promoFits, type PromoRule } from './promo';

const SHOW = '11111111-1111-4111-8111-111111111111';
const OTHER_SHOW = '22222222-2222-4222-8222-222222222222';
const at = new Date('2026-06-15T12:00:00Z');

const code = (overrides: Partial<PromoCodeRow> = {}): PromoCodeRow => ({
  code: 'SUMMER10',
  showId: SHOW,
  kind: 'promo',
  discountPercent: 10,
  membershipScheme: null,
  singleUse: false,
  redeemed: false,
  validFrom: new Date('2026-06-01T00:00:00Z'),
  validUntil: new Date('2026-06-30T23:59:00Z'),
  ...overrides,
});

describe('judgePromo', () => {
  it('applies a live code for its show, or for every show when it names none', () => {
    expect(judgePromo(code(), { showId: SHOW, at })).toMatchObject({ status: 'applied' });
    expect(judgePromo(code({ showId: null }), { showId: OTHER_SHOW, at })).toMatchObject({
      status: 'applied',
      rule: { code: 'SUMMER10', kind: 'promo', discountPercent: 10 },
    });
  });

  it('calls an unknown code and one not valid yet invalid, so nothing about a future offer leaks', () => {
    expect(judgePromo(undefined, { showId: SHOW, at }).status).toBe('invalid');
    const future = code({ validFrom: new Date('2026-07-01T00:00:00Z') });
    expect(judgePromo(future, { showId: SHOW, at }).status).toBe('invalid');
  });

  it('calls a code past its end expired, even for another show', () => {
    const past = code({ validUntil: new Date('2026-06-15T11:59:59Z') });
    expect(judgePromo(past, { showId: SHOW, at }).status).toBe('expired');
    expect(judgePromo(past, { showId: OTHER_SHOW, at }).status).toBe('expired');
  });

  it('calls another show’s code not for this event', () => {
    expect(judgePromo(code(), { showId: OTHER_SHOW, at })).toEqual({
      status: 'notForEvent',
      rule: null,
    });
  });

  it('calls a single-use code an order has redeemed used, and only once it has', () => {
    const once = code({ singleUse: true });
    expect(judgePromo(once, { showId: SHOW, at }).status).toBe('applied');
    expect(judgePromo({ ...once, redeemed: true }, { showId: SHOW, at })).toEqual({
      status: 'used',
      rule: null,
    });
    // Past its end it is expired first: nothing more about it matters.
    const past = { ...once, redeemed: true, validUntil: new Date('2026-06-01T00:00:00Z') };
    expect(judgePromo(past, { showId: SHOW, at }).status).toBe('expired');
  });

  it('keeps a members’ code from guests and gives it to members of its scheme', () => {
    const members = code({ kind: 'presale', discountPercent: 0, membershipScheme: 'atg-plus' });
    expect(judgePromo(members, { showId: SHOW, at }).status).toBe('notQualified');
    const access = { memberships: ['access'], signedIn: true };
    expect(judgePromo(members, { showId: SHOW, at, buyer: access }).status).toBe('notQualified');
    const atgPlus = { memberships: ['atg-plus'], signedIn: true };
    expect(judgePromo(members, { showId: SHOW, at, buyer: atgPlus }).status).toBe('applied');
  });
});

describe('what an applied code does', () => {
  const promo: PromoRule = { code: 'A', kind: 'promo', discountPercent: 15, singleUse: false };
  const presale: PromoRule = { code: 'B', kind: 'presale', discountPercent: 0, singleUse: false };

  it('fits general sale with a promo code and presales with a presale code', () => {
    expect(promoFits(promo, { presale: false })).toBe(true);
    expect(promoFits(promo, { presale: true })).toBe(false);
    expect(promoFits(presale, { presale: true })).toBe(true);
    expect(promoFits(presale, { presale: false })).toBe(false);
  });

  it('lets anyone buy general sale, and presales only with a presale code', () => {
    expect(mayBuy(null, { presale: false })).toBe(true);
    expect(mayBuy(null, { presale: true })).toBe(false);
    expect(mayBuy(promo, { presale: true })).toBe(false);
    expect(mayBuy(presale, { presale: true })).toBe(true);
  });

  it('takes the discount off the face value, rounded half up to the minor unit', () => {
    expect(promoDiscount(3333, promo)).toBe(500);
    expect(promoDiscount(3330, promo)).toBe(500);
    expect(promoDiscount(3300, presale)).toBe(0);
    expect(promoDiscount(3300, null)).toBe(0);
  });
});
