import { describe, expect, it } from 'vitest';
import { emailName, passwordLength, passwordProblem } from './passwords';

describe('passwordProblem', () => {
  const email = 'Jane.Doe+tickets@example.com';

  it.each([
    ['', 'required'],
    ['eleven char', 'tooShort'],
    ['x'.repeat(129), 'tooLong'],
    ['my JANE.DOE password', 'containsEmailName'],
    ['jane.doe1234567', 'containsEmailName'],
  ] as const)('refuses %j as %s', (password, problem) => {
    expect(passwordProblem(password, email)).toBe(problem);
  });

  it.each([
    'twelve chars',
    'x'.repeat(128),
    // Any characters at all: spaces, symbols, other scripts; no composition rules.
    'correct horse battery staple',
    'пароль-пароль',
    // "jane" alone is not the email name.
    'jane likes opera',
  ])('accepts %j', (password) => {
    expect(passwordProblem(password, email)).toBeNull();
  });

  it('counts characters as people do: an emoji is one, a decomposed é is one', () => {
    expect(passwordLength('🎭'.repeat(12))).toBe(12);
    expect(passwordProblem('🎭'.repeat(12), email)).toBeNull();
    expect(passwordProblem('🎭'.repeat(11), email)).toBe('tooShort');
    expect(passwordLength('cafe\u0301')).toBe(4);
  });

  it('does not check an email name too short to matter', () => {
    expect(passwordProblem('jo is joyful today', 'jo@example.com')).toBeNull();
    expect(passwordProblem('bob builds boats', 'bob@example.com')).toBe('containsEmailName');
  });
});

describe('emailName', () => {
  it('is the local part without its tag, lower case', () => {
    expect(emailName(' Jane.Doe+tickets@example.com ')).toBe('jane.doe');
    expect(emailName('"odd@name"@example.com')).toBe('"odd@name"');
  });
});
