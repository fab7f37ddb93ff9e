import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './commonPasswords';
import { passwordRefusal } from './passwords';

describe('the common-passwords list', () => {
  it.each(['qwerty123456', 'QWERTY123456', '1qaz2wsx3edc', 'administrator'])(
    'knows %j, in any letter case',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['violet tram crossing dusk', 'qwerty123456 but longer'])(
    'does not know %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('is asked only after the other rules, so a short password is told it is short', () => {
    const email = 'jane@example.com';
    expect(passwordRefusal('qwerty', email, isCommonPassword)).toBe('tooShort');
    expect(passwordRefusal('Qwerty123456', email, isCommonPassword)).toBe('common');
    expect(passwordRefusal('violet tram crossing dusk', email, isCommonPassword)).toBeNull();
  });
});
