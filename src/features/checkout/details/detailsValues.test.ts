import { describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '@contract/api/checkout';
import { collectionBody, collectionValues, contactsBody } from './detailsValues';
import {
  emptyAddress,
  emptyContacts,
} from '../../../components/form/validation/customerDetailsSchema';
import type { ValidationContext } from '../../../components/form/validation/validationContext';

const GB: ValidationContext = { homeCountry: 'GB', locale: 'en-GB', minVoucherNumberLength: 2 };
const US: ValidationContext = { homeCountry: 'US', locale: 'en-US', minVoucherNumberLength: 8 };
const options: CheckoutOptions = {
  deliveryMethods: ['eTicket', 'post'],
  homeCountry: 'GB',
  questions: [{ id: 'note', kind: 'text', label: 'Note', required: false }],
  zeroPrice: false,
};
const NOTHING_STORED = {
  delivery: null,
  contact: null,
  answers: {},
  consents: null,
  complete: false,
};

describe('what the details steps send', () => {
  it('sends no address unless tickets are posted, whatever was typed before', () => {
    const values = { deliveryMethod: 'eTicket', address: { ...emptyAddress(GB), line1: 'x' } };
    expect(collectionBody(values, GB)).toEqual({ delivery: { method: 'eTicket', address: null } });
  });

  it('sends a posted address trimmed, with the postcode or ZIP in its usual form', () => {
    const uk = {
      deliveryMethod: 'post',
      address: {
        line1: ' 1 Quay St ',
        line2: '',
        city: 'Manchester ',
        state: 'XX',
        postcode: 'm33jz',
        country: 'GB',
      },
    };
    expect(collectionBody(uk, GB).delivery?.address).toEqual({
      line1: '1 Quay St',
      line2: '',
      city: 'Manchester',
      state: '',
      postcode: 'M3 3JZ',
      country: 'GB',
    });
    const us = {
      deliveryMethod: 'post',
      address: {
        line1: '1 Broadway',
        line2: '',
        city: 'New York',
        state: 'NY',
        postcode: '100364004',
        country: 'US',
      },
    };
    expect(collectionBody(us, US).delivery?.address?.postcode).toBe('10036-4004');
  });

  it('chooses for the buyer only when there is one way to get the tickets', () => {
    expect(collectionValues(NOTHING_STORED, options, GB).deliveryMethod).toBe('');
    expect(
      collectionValues(NOTHING_STORED, { ...options, deliveryMethods: ['eTicket'] }, GB)
        .deliveryMethod,
    ).toBe('eTicket');
  });

  it('records no consent the buyer was not asked for', () => {
    const values = { ...emptyContacts(options.questions), marketingOptIn: true, pecrOptOut: true };
    expect(
      contactsBody(values, options, { shouldShowMarketingPreferences: false, hidePecrOptOut: true })
        .consents,
    ).toEqual({
      termsAccepted: false,
      marketingOptIn: false,
      pecrOptOut: false,
      abandonedBasketOptOut: false,
    });
    expect(
      contactsBody(values, options, { shouldShowMarketingPreferences: true, hidePecrOptOut: false })
        .consents,
    ).toMatchObject({ marketingOptIn: true, pecrOptOut: true });
  });
});
