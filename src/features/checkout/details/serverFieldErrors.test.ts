import { describe, expect, it } from 'vitest';
import type { CheckoutQuestion } from '@contract/api/checkout';
import { formFieldOf, serverMessageFor } from './serverFieldErrors';

describe('the server’s field paths', () => {
  it.each([
    ['delivery.method', 'deliveryMethod'],
    ['delivery', 'deliveryMethod'],
    ['delivery.address', 'address.line1'],
    ['delivery.address.postcode', 'address.postcode'],
    ['body.delivery.address.country', 'address.country'],
    ['contact.email', 'email'],
    ['contact', 'firstName'],
    ['answers.heard-about', 'answers.heard-about'],
    ['consents.termsAccepted', 'acceptTerms'],
    ['consents', 'acceptTerms'],
  ])('%s is the form’s %s', (path, name) => {
    expect(formFieldOf(path)).toBe(name);
  });

  it.each(['answers', 'contact.password', 'delivery.fee', 'basket.total', ''])(
    'names no field for %j',
    (path) => {
      expect(formFieldOf(path)).toBeNull();
    },
  );

  it('words each refusal as the spec does, by country and by kind of question', () => {
    const questions: CheckoutQuestion[] = [
      { id: 'party', kind: 'choice', label: 'Who?', required: true, options: ['A', 'B'] },
      { id: 'note', kind: 'text', label: 'Note', required: false },
    ];
    expect(serverMessageFor('address.postcode', 'GB', [])).toEqual({
      id: 'validation.uk.postcodeInvalid',
    });
    expect(serverMessageFor('address.postcode', 'US', [])).toEqual({
      id: 'validation.us.zipInvalid',
    });
    expect(serverMessageFor('address.country', 'US', [])).toEqual({
      id: 'validation.address.mailOnlyUs',
    });
    expect(serverMessageFor('answers.party', 'GB', questions)).toEqual({
      id: 'validation.question.select',
    });
    expect(serverMessageFor('answers.note', 'GB', questions)).toEqual({
      id: 'validation.question.write',
    });
  });
});
