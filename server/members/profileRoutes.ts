import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileBodySchema, profileResponseSchema } from '../../contract/api/members';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import { notFound } from '../lib/errors';
import { inTransaction } from '../db/transaction';
import { accountOf } from './memberships';
import { readProfile, saveProfile } from './profile';
import { sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';

export interface ProfileRoutesOptions {
  db: Database;
  /** Every venue: a profile is checked by the rules of the venue the buyer is at. */
  venues: VenueBundle[];
}

const noQuery = z.strictObject({});

/** The customer-profile service (`/services/customer-profile`, issue 14): GET and PUT /profile. */
export const profileRoutes: FastifyPluginCallback<ProfileRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const settings = new Map(options.venues.map((venue) => [venue.settings.slug, venue.settings]));
  const api = app.withTypeProvider<ZodTypeProvider>();
  noStoreByDefault(app);

  api.get(
    '/profile',
    {
      onRequest: app.buyer(false),
      schema: {
        querystring: noQuery,
        response: { 200: profileResponseSchema, ...errorReplies(401, 404) },
      },
    },
    async (request) => ({ profile: await readProfile(db, accountOf(sessionOf(request))) }),
  );

  api.put(
    '/profile',
    {
      bodyLimit: 4096,
      onRequest: app.buyer(true),
      schema: {
        querystring: noQuery,
        body: profileBodySchema,
        response: { 200: profileResponseSchema, ...errorReplies(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const accountId = accountOf(sessionOf(request));
      const venue = settings.get(request.body.venue);
      if (!venue) throw notFound('Venue');
      return {
        profile: await inTransaction(db, (tx) => saveProfile(tx, accountId, request.body, venue)),
      };
    },
  );
  done();
};
