import { describe, expect, it } from 'vitest';
import type { SeatStatus } from '@contract/api/holds';
import { combinePartsStatus } from './linkedStatus';

const answer = (status: string, planId = 'PLAN') => ({ planId, status }) as SeatStatus;

describe('combinePartsStatus', () => {
  it('shows a seat free only when both parts say free, taken when either says taken', () => {
    expect(combinePartsStatus(answer('0000'), answer('0202')).status).toBe('0202');
    expect(combinePartsStatus(answer('2000'), answer('0000')).status).toBe('2000');
  });

  it('keeps the buyer’s own seats theirs, and taken wins over theirs', () => {
    expect(combinePartsStatus(answer('1100'), answer('1000')).status).toBe('1100');
    expect(combinePartsStatus(answer('1000'), answer('2000')).status).toBe('2000');
  });

  it('keeps the first answer when the two cannot be matched seat by seat', () => {
    const first = answer('0000');
    expect(combinePartsStatus(first, answer('2222', 'OTHER'))).toBe(first);
    expect(combinePartsStatus(first, answer('22'))).toBe(first);
  });
});
