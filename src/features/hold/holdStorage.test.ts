import { afterEach, describe, expect, it } from 'vitest';
import { forgetHold, readStoredHold, storeHold } from './holdStorage';

const HOLD = {
  holdId: '40AD0000-0000-4000-8000-000000000001',
  region: 'uk' as const,
  venueSlug: 'lumen-theatre',
  titleSlug: 'the-glass-orchard',
  performanceId: '9E2F0000-0000-4000-8000-000000000001',
};

afterEach(() => forgetHold());

describe('the stored hold', () => {
  it('keeps how the hold was chosen, so a reload titles the review step the same', () => {
    storeHold({ ...HOLD, chosenBy: 'seats' });
    expect(readStoredHold()).toEqual({ ...HOLD, chosenBy: 'seats' });
  });

  it('reads a hold stored without its choice, and ignores a choice it does not know', () => {
    storeHold(HOLD);
    expect(readStoredHold()).toEqual(HOLD);
    window.sessionStorage.setItem('stagedoor.hold', JSON.stringify({ ...HOLD, chosenBy: 'guess' }));
    expect(readStoredHold()).toEqual(HOLD);
  });
});
