import { describe, expect, it } from 'vitest';
import { availabilityLevel } from './availability';

describe('availabilityLevel', () => {
  it('maps the share left to good, medium, low and sold-out', () => {
    expect(availabilityLevel(100, 49)).toBe('good');
    expect(availabilityLevel(100, 50)).toBe('medium');
    expect(availabilityLevel(100, 80)).toBe('medium');
    expect(availabilityLevel(100, 81)).toBe('low');
    expect(availabilityLevel(100, 100)).toBe('sold-out');
    expect(availabilityLevel(0, 0)).toBe('sold-out');
  });
});
