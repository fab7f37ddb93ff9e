import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import {
  cmsRootSchema,
  showContentSchema,
  showParamsSchema,
  venueContentSchema,
  venueParamsSchema,
  type ShowSummary,
  type VenueSummary,
} from '../../contract/api/content';
import { venueSummaryOf } from '../../contract/venueSummary';
import type { VenueBundle } from '../../contract/venueFiles';
import type { RegionContext } from '../regionContext';
import type { Database } from '../db/database';
import { findShow, findVenue, listShows, upcomingPerformances, type ShowRow } from './queries';
import { notFound } from '../lib/errors';

/** How many upcoming performances a show page lists before the calendar takes over. */
export const UPCOMING_LIMIT = 6;

/** Seconds a shared cache may serve content reads as fresh, then while it revalidates. */
const CONTENT_MAX_AGE_S = 15;
const CONTENT_STALE_S = 45;

const noQuery = z.strictObject({});
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

function venueSummary({ settings }: VenueBundle): VenueSummary {
  return venueSummaryOf(settings);
}

function showSummary(show: ShowRow): ShowSummary {
  const image = show.images[0];
  if (!image) throw new Error(`show ${show.venueSlug}/${show.titleSlug} has no image`);
  return {
    titleSlug: show.titleSlug,
    title: show.title,
    venueSlug: show.venueSlug,
    strapline: show.strapline,
    image,
    seating: show.seating,
    fromPrice: show.fromPrice,
    firstPerformance: show.firstPerformance?.toISOString() ?? null,
    lastPerformance: show.lastPerformance?.toISOString() ?? null,
    playingDates: show.playingDates,
  };
}

export interface ContentRoutesOptions {
  db: Database;
  /** The region this API serves and its venues (server/regionContext.ts). */
  context: RegionContext;
}

/** CMS, venue and show reads of one regional booking API (the queue's are in queue/routes.ts). */
export const contentRoutes: FastifyPluginCallback<ContentRoutesOptions> = (
  app,
  { db, context },
  done,
) => {
  const { region, venues: regional } = context;
  // A venue of another region does not exist as far as this region's API is concerned.
  const venueOf = (slug: string) => {
    const venue = context.bundleFor(slug);
    if (!venue) throw notFound('Venue');
    return venue;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Content is the same for every buyer: on an onsale night a CDN (or the browser) may reuse it
  // for a few seconds instead of sending ten thousand identical reads to the database. Live
  // inventory (calendar, seats, holds) is never cached this way.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) {
      reply.header(
        'cache-control',
        `public, max-age=${CONTENT_MAX_AGE_S}, stale-while-revalidate=${CONTENT_STALE_S}`,
      );
    }
  });

  api.get(
    '/cms',
    { schema: { querystring: noQuery, response: { 200: cmsRootSchema, ...errors } } },
    async () => {
      const shows = await listShows(
        db,
        regional.map((venue) => venue.settings.slug),
      );
      return { region, venues: regional.map(venueSummary), shows: shows.map(showSummary) };
    },
  );

  api.get(
    '/venues/:venueSlug',
    {
      schema: {
        params: venueParamsSchema,
        querystring: noQuery,
        response: { 200: venueContentSchema, ...errors },
      },
    },
    async (request) => {
      const bundle = venueOf(request.params.venueSlug);
      const venue = await findVenue(db, bundle.settings.slug);
      if (!venue) throw notFound('Venue');
      const shows = await listShows(db, [venue.slug]);
      return {
        ...venueSummary(bundle),
        description: venue.description,
        address: venue.address,
        accessInformation: venue.accessInformation,
        image: venue.image,
        shows: shows.map(showSummary),
      };
    },
  );

  api.get(
    '/venues/:venueSlug/shows/:titleSlug',
    {
      schema: {
        params: showParamsSchema,
        querystring: noQuery,
        response: { 200: showContentSchema, ...errors },
      },
    },
    async (request) => {
      const bundle = venueOf(request.params.venueSlug);
      const show = await findShow(db, bundle.settings.slug, request.params.titleSlug);
      if (!show) throw notFound('Show');
      return {
        titleSlug: show.titleSlug,
        title: show.title,
        strapline: show.strapline,
        venue: venueSummary(bundle),
        seating: show.seating,
        description: show.description,
        images: show.images,
        runningTimeMinutes: show.runningTimeMinutes,
        intervals: show.intervals,
        ageGuidance: show.ageGuidance,
        accessInformation: show.accessInformation,
        genre: show.genre,
        performances: {
          count: show.performanceCount,
          first: show.firstPerformance?.toISOString() ?? null,
          last: show.lastPerformance?.toISOString() ?? null,
          fromPrice: show.fromPrice,
          upcoming: await upcomingPerformances(db, show.id, UPCOMING_LIMIT),
        },
      };
    },
  );

  done();
};
