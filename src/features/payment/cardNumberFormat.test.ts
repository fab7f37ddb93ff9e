import { describe, expect, it } from 'vitest';
import { caretAfterDigits, editCardNumber, formatCardNumber } from './cardNumberFormat';

describe('formatCardNumber', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['5555555555554444', '5555 5555 5555 4444'],
    ['378282246310005', '3782 822463 10005'],
    ['4111-1111 1111abc1111', '4111 1111 1111 1111'],
    ['41111', '4111 1'],
    ['', ''],
    ['4'.repeat(25), '4444 4444 4444 4444444'],
  ])('groups %s as %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('editCardNumber', () => {
  it('keeps the caret after the digit it followed when a space is inserted before it', () => {
    // "4111" then "1" typed at the end: a space appears, the caret stays at the end.
    expect(editCardNumber('4111', '41111', 5)).toEqual({ value: '4111 1', caret: 6 });
  });

  it('keeps the caret in place when a digit is typed in the middle', () => {
    // Caret after "41", a "9" typed: "419" then the rest moves on.
    const edit = editCardNumber('4111 1111', '41911 1111', 3);
    expect(edit.value).toBe('4191 1111 1');
    expect(edit.caret).toBe(3);
  });

  it('deletes the digit before a space on Backspace, not just the space', () => {
    // Caret after the space in "4111 1": Backspace removed the space only.
    const edit = editCardNumber('4111 1', '41111', 4, 'deleteContentBackward');
    expect(edit).toEqual({ value: '4111', caret: 3 });
  });

  it('deletes the digit after a space on Delete', () => {
    const edit = editCardNumber('4111 1234', '41111234', 4, 'deleteContentForward');
    expect(edit).toEqual({ value: '4111 234', caret: 4 });
  });

  it('regroups a pasted American Express number 4-6-5', () => {
    expect(editCardNumber('', '378282246310005', 15)).toEqual({
      value: '3782 822463 10005',
      caret: 17,
    });
  });

  it('places the caret after the nth digit', () => {
    expect(caretAfterDigits('4111 1111', 4)).toBe(4);
    expect(caretAfterDigits('4111 1111', 5)).toBe(6);
    expect(caretAfterDigits('4111 1111', 0)).toBe(0);
  });
});
