import { describe, expect, it } from 'vitest';
import { browserLanguageTag } from './browserLanguage';

describe('browserLanguageTag', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['en-US@posix', 'en-US'],
    ['en_US.UTF-8', 'en-US'],
    ['de_DE.UTF-8@euro', 'de-DE'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['sr-Latn-RS@latin', 'sr-Latn-RS'],
  ])('reads %s as %s', (reported, tag) => {
    expect(browserLanguageTag(reported)).toBe(tag);
  });

  it.each(['', '@posix', '<.UTF-8@x', 'en US', 'x'.repeat(36), 'en--GB'])(
    'has no tag for %j',
    (reported) => {
      expect(browserLanguageTag(reported)).toBeNull();
    },
  );
});
