import { HttpResponse } from 'msw';
import { http } from './contract';
import {
  putDetailsBodySchema,
  type Address,
  type AddressLookupResponse,
  type CheckoutDetails,
  type CheckoutOptions,
  type DetailsResponse,
} from '@contract/api/checkout';
import type { ApiErrorBody } from '@contract/api/common';
import { POSTAL_COUNTRIES } from '@contract/address/countries';
import { getVenue } from '@/config/venues';
import { apiError } from './handlers';
import { CSRF, inventory } from './inventory';

/**
 * The details of a hold (GET/PUT /holds/:holdId/details) and the address lookup service, as the
 * SPA relies on them (contract/api/checkout.ts): options from the venue's files, parts replaced
 * one at a time, bodies checked with the contract's schema, a posted address abroad refused
 * with 422 delivery_outside_country, CSRF and idempotency keys required and replayed. Tests
 * can make the server refuse named fields, as the real one does when it knows more.
 */

type Stored = Omit<CheckoutDetails, 'complete'>;

interface DetailsFake {
  /** The venue whose settings give the options (delivery methods, questions). */
  venueSlug: string;
  /** Options a test sets itself (a required question the demo venues do not ask). */
  options: Partial<CheckoutOptions>;
  stored: Map<string, Stored>;
  /** Every PUT body accepted, in order. */
  puts: unknown[];
  /** Fields the next PUT is refused for with 400 validation_failed, then cleared. */
  refuseFields: string[] | null;
  answers: Map<string, DetailsResponse>;
  lookups: { country: string; postcode: string }[];
}

export const detailsFake: DetailsFake = freshDetails();

function freshDetails(): DetailsFake {
  return {
    venueSlug: 'lumen-theatre',
    options: {},
    stored: new Map(),
    puts: [],
    refuseFields: null,
    answers: new Map(),
    lookups: [],
  };
}

/** Call from beforeEach. */
export function resetDetails(changes: Partial<DetailsFake> = {}): void {
  Object.assign(detailsFake, freshDetails(), changes);
}

function optionsFor(region: string): CheckoutOptions {
  const venue = getVenue(detailsFake.venueSlug);
  if (venue === undefined) throw new Error(`no venue ${detailsFake.venueSlug}`);
  return {
    deliveryMethods: [...venue.settings.deliveryMethods],
    homeCountry: region === 'uk' ? 'GB' : 'US',
    questions: venue.settings.checkoutQuestions,
    zeroPrice: false,
    ...detailsFake.options,
  };
}

const EMPTY: Stored = { delivery: null, contact: null, answers: {}, consents: null };

function responseFor(holdId: string, region: string): DetailsResponse {
  const details = detailsFake.stored.get(holdId) ?? EMPTY;
  const complete =
    details.delivery !== null &&
    details.contact !== null &&
    details.consents?.termsAccepted === true;
  return { details: { ...details, complete }, options: optionsFor(region) };
}

const refused = (status: number, code: ApiErrorBody['code'], fields: string[]) =>
  HttpResponse.json<ApiErrorBody>({ code, message: code, fields }, { status });

/** Demo addresses of the lookup, by compact upper-case postcode. */
const ADDRESSES: Record<string, { postcode: string; addresses: Address[] }> = {
  SW1A2AA: {
    postcode: 'SW1A 2AA',
    addresses: [
      {
        line1: '10 Downing Street',
        line2: '',
        city: 'London',
        state: '',
        postcode: 'SW1A 2AA',
        country: 'GB',
      },
      {
        line1: '11 Downing Street',
        line2: '',
        city: 'London',
        state: '',
        postcode: 'SW1A 2AA',
        country: 'GB',
      },
    ],
  },
  '94102': {
    postcode: '94102',
    addresses: [
      {
        line1: '1 Dr Carlton B Goodlett Pl',
        line2: '',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94102',
        country: 'US',
      },
      {
        line1: '401 Van Ness Ave',
        line2: 'Suite 110',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94102',
        country: 'US',
      },
    ],
  },
};

export const detailsHandlers = [
  http.get<{ region: string; holdId: string }, never, DetailsResponse | ApiErrorBody>(
    '/api/:region/holds/:holdId/details',
    ({ params }) => {
      const holdId = String(params.holdId);
      if (!inventory.holds.has(holdId)) return apiError(404, 'not_found');
      return HttpResponse.json<DetailsResponse>(responseFor(holdId, String(params.region)));
    },
  ),
  http.put('/api/:region/holds/:holdId/details', async ({ params, request }) => {
    if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
    const key = request.headers.get('idempotency-key') ?? '';
    if (key.length < 8) return apiError(400, 'validation_failed');
    const replay = detailsFake.answers.get(key);
    if (replay) return HttpResponse.json(replay);
    const holdId = String(params.holdId);
    if (!inventory.holds.has(holdId)) return apiError(404, 'not_found');
    const parsed = putDetailsBodySchema.safeParse(await request.json());
    if (!parsed.success)
      return refused(
        400,
        'validation_failed',
        parsed.error.issues.map((issue) => issue.path.join('.')),
      );
    if (detailsFake.refuseFields !== null) {
      const fields = detailsFake.refuseFields;
      detailsFake.refuseFields = null;
      return refused(400, 'validation_failed', fields);
    }
    const body = parsed.data;
    const options = optionsFor(String(params.region));
    const address = body.delivery?.address;
    if (address && !POSTAL_COUNTRIES[options.homeCountry].includes(address.country))
      return refused(422, 'delivery_outside_country', ['delivery.address.country']);
    detailsFake.puts.push(body);
    // The basket names the chosen method and its (free) charge, as the booking API's does.
    if (body.delivery) inventory.basket.delivery.set(holdId, body.delivery.method);
    const before = detailsFake.stored.get(holdId) ?? EMPTY;
    detailsFake.stored.set(holdId, {
      delivery: body.delivery ?? before.delivery,
      contact: body.contact ?? before.contact,
      answers: body.answers ?? before.answers,
      consents: body.consents ?? before.consents,
    });
    const answer = responseFor(holdId, String(params.region));
    detailsFake.answers.set(key, answer);
    return HttpResponse.json<DetailsResponse>(answer);
  }),
  http.get<never, never, AddressLookupResponse | ApiErrorBody>(
    '/services/address-lookup/addresses',
    ({ request }) => {
      const query = new URL(request.url).searchParams;
      const country = query.get('country') ?? '';
      const postcode = query.get('postcode') ?? '';
      detailsFake.lookups.push({ country, postcode });
      if (!['GB', 'US'].includes(country) || postcode.trim() === '')
        return apiError(400, 'validation_failed');
      const found = ADDRESSES[postcode.replace(/\s+/g, '').toUpperCase()];
      return HttpResponse.json<AddressLookupResponse>(
        found?.addresses[0]?.country === country
          ? found
          : { postcode: postcode.trim().toUpperCase(), addresses: [] },
      );
    },
  ),
];
