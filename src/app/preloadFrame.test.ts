import { afterEach, describe, expect, it } from 'vitest';
import { getVenue } from '@/config/venues';
import { preloadFrame } from './preloadFrame';

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];

afterEach(() => {
  for (const link of preloads()) link.remove();
});

describe('preloadFrame', () => {
  it("asks for the venue's logo first thing, once however often the venue's pages are opened", () => {
    const venue = getVenue('hudson-stage')!;
    preloadFrame(venue);
    preloadFrame(venue);
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([venue.logoUrl]);
    expect(preloads()[0]?.getAttribute('fetchpriority')).toBe('high');
  });
});
