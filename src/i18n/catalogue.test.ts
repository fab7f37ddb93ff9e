import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import {
  catalogueProblems,
  overrideFiles as findOverrideFiles,
  placeholders,
  readCatalogue,
  usedIds,
} from '../../scripts/messageCatalogue';
import { LOCALES } from './messageIds';

const root = join(import.meta.dirname, '..', '..');
const readJson = readCatalogue;
const enGB = readJson(join(root, 'locales', 'en-GB.json'));
const overrideFiles = findOverrideFiles(root);

describe('message catalogue', () => {
  it('has override files to check (en-US, two brands, several venues)', () => {
    const names = overrideFiles.map((file) => relative(root, file).split(/[\\/]/).join('/'));
    expect(names).toContain('locales/en-US.json');
    expect(names).toContain('locales/brands/lumen-group/en-GB.json');
    expect(names).toContain('locales/brands/heritage-stages/en-US.json');
    expect(names).toContain('venues/hudson-stage/messages/en-US.json');
  });

  it('parses every en-GB message as ICU', () => {
    for (const [id, message] of Object.entries(enGB)) {
      expect(() => parse(message), id).not.toThrow();
    }
  });

  it.each(overrideFiles.map((file) => [relative(root, file), file]))(
    '%s only overrides ids that exist in en-GB, keeping their placeholders',
    (_name, file) => {
      const locale = file
        .split(/[\\/]/)
        .pop()!
        .replace(/\.json$/, '');
      expect(LOCALES).toContain(locale);
      const overrides = readJson(file);
      expect(Object.keys(overrides).length).toBeGreaterThan(0);
      for (const [id, message] of Object.entries(overrides)) {
        expect(enGB, `${id} is not an en-GB id`).toHaveProperty([id]);
        expect(placeholders(message), id).toEqual(placeholders(enGB[id]!));
      }
    },
  );

  it('has every message id the source code uses', () => {
    const used = usedIds(root);
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used]
      .filter(([id]) => !(id in enGB))
      .map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('reports no problems through the command-line check either', () => {
    expect(catalogueProblems(root, LOCALES)).toEqual([]);
  });

  it('catches an unknown id, a lost placeholder, an unsupported locale and an id missing for the code', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'stagedoor-messages-'));
    try {
      const write = (path: string, content: string) => {
        mkdirSync(join(scratch, path, '..'), { recursive: true });
        writeFileSync(join(scratch, path), content);
      };
      write(
        'locales/en-GB.json',
        JSON.stringify({ 'seats.limit': 'Max {seatSelectionLimit} seats.' }),
      );
      write('locales/en-US.json', JSON.stringify({ 'seats.limit': 'Max seats.', 'made.up': 'x' }));
      write(
        'venues/demo/messages/fr-FR.json',
        JSON.stringify({ 'seats.limit': 'Max {seatSelectionLimit}.' }),
      );
      write('src/Page.tsx', '<FormattedMessage id="page.title" />');
      expect(catalogueProblems(scratch, LOCALES)).toEqual([
        expect.stringMatching(
          /en-US\.json: seats\.limit has placeholders none, en-GB has argument:seatSelectionLimit/,
        ),
        expect.stringMatching(/en-US\.json: made\.up does not exist/),
        expect.stringMatching(/fr-FR\.json: fr-FR is not a supported locale/),
        expect.stringMatching(/Page\.tsx: uses page\.title/),
      ]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

/** Product copy quoted by the spec (§1–§9), word for word; placeholders in ICU form. */
const SPEC_COPY = [
  'Loading...',
  'Select seat',
  'Select your tickets',
  'Best available tickets',
  'Extras',
  'Enhance your experience',
  'Ticket refund protection',
  'Delivery and payment',
  'Enter your details',
  'Your order is confirmed',
  'Full Price',
  'Cancel order',
  'Reselect seats',
  'Reservation expired',
  'Empty your cart?',
  'Finalizing your order - Do not refresh or close window',
  'Please enter a valid email address',
  'Please confirm your email address',
  'Email address does not match',
  'Please enter your first name',
  'Please enter your last name',
  'Please enter your first and last name',
  'Please enter a valid phone number',
  'Please enter a valid credit card number',
  'Please enter a valid {cardTypes} card number',
  "Please enter your card's CVV number (3 digits on the back; 4 digits on the front for American Express)",
  'Please enter a valid month for your expiration date',
  'Please enter a valid expiration year',
  'Please select a payment method',
  'Please select a delivery method',
  'Please accept the Terms and Conditions',
  'Please enter your voucher number',
  'Please enter your redemption code',
  'Please enter your gift card access number',
  'Please enter your gift card number',
  'Please select an answer',
  'Please write your answer here',
  'Please enter your address',
  'Please enter your city',
  'Please enter your postcode',
  'City must not be more than 40 characters long.',
  'Please enter a postcode',
  'Valid UK postcodes only',
  'Please enter a valid postcode',
  'Please enter a ZIP code',
  'Valid US ZIP codes only',
  'Please enter a valid ZIP code',
  'Please enter a valid City name',
  'Please enter a valid promo code',
  'The code is invalid, please try again.',
  'Promo code is not valid for this event',
  'There has been a problem with your payment',
  'Your payment was unsuccessful',
  'Your order has not been charged. Please try again. Alternatively contact us at {phone}.',
  "We've been unable to process your transaction. Please contact us",
  'Something took too long behind the scenes',
  'Your payment has timed out. Please confirm your card details are correct and try again.',
  'Your session has timed out',
  'In order to protect your personal information, your session is automatically timed out after a period of inactivity.',
  'These seats are no longer available.',
  "Sorry, you can't purchase more than {seatSelectionLimit} seats online.",
  "We can't load the calendar for this event.",
  'Sorry, the promo code you used is invalid or has expired.',
  'Sorry your account does not qualify you for this pre-sale',
  'Subscribe now',
  'Go to Calendar',
  'See Show Information',
  'There has been a change in either the price of your tickets or the associated fees. Please continue to review your cart.',
  'Navigating away from this performance date will empty your cart. Are you sure you want to proceed?',
  "Sorry, we couldn't create your account",
  'Your changes were not saved.',
];

describe('spec copy', () => {
  const values = new Set(Object.values(enGB));
  it.each(SPEC_COPY)('"%s" is in en-GB word for word', (copy) => {
    expect(values.has(copy)).toBe(true);
  });

  it('keeps the support-hours wording of spec §9 in the footer line', () => {
    expect(enGB['footer.support']).toContain('{phone}, 9am-8pm, every day');
  });
});
