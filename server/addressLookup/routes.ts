import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressLookupQuerySchema, addressLookupResponseSchema } from '../../contract/api/checkout';
import { apiErrorSchema } from '../../contract/api/common';
import { normalisedPostcode } from './postcode';
import type { AddressLookupProvider } from './provider';
import type { Database } from '../db/database';
import { ApiError } from '../lib/errors';
import { enforceRateLimit, type RateLimit } from '../http/rateLimit';

export interface AddressLookupRoutesOptions {
  db: Database;
  provider: AddressLookupProvider;
  rateLimit: RateLimit;
}

/**
 * Addresses at a postcode change rarely and are the same for everyone, so a browser or CDN may
 * keep an answer a day; refusals are not kept.
 */
export const ADDRESS_LOOKUP_CACHE_CONTROL = 'public, max-age=86400';
const MAX_ADDRESSES = 200;

/** The address lookup service (venue flag showAddressLookup): no session, rate limited per client. */
export const addressLookupRoutes: FastifyPluginCallback<AddressLookupRoutesOptions> = (
  app,
  { db, provider, rateLimit },
  done,
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/addresses',
    {
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        await enforceRateLimit(
          db,
          'address-lookup',
          request.ip,
          rateLimit,
          reply,
          'Too many address lookups. Try again later.',
        );
      },
      schema: {
        querystring: addressLookupQuerySchema,
        response: {
          200: addressLookupResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { country } = request.query;
      const postcode = normalisedPostcode(country, request.query.postcode);
      if (postcode === undefined) {
        throw new ApiError(400, 'validation_failed', 'The postcode is not valid.', [
          'querystring.postcode',
        ]);
      }
      let addresses;
      try {
        // The contract's cap: a provider may know more flats at one postcode than a list can show.
        addresses = (await provider.lookup(country, postcode)).slice(0, MAX_ADDRESSES);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.name }, 'address lookup failed');
        throw new ApiError(503, 'service_unavailable', 'Addresses cannot be looked up just now.');
      }
      reply.header('cache-control', ADDRESS_LOOKUP_CACHE_CONTROL);
      return { postcode, addresses };
    },
  );
  done();
};
