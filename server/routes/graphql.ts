import type { FastifyBaseLogger, FastifyPluginCallback, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import {
  calendarArgsSchema,
  graphqlErrorResponseSchema,
  graphqlRequestSchema,
  type GraphqlRequest,
} from '../../contract/api/calendar';
import { GRAPHQL_PATH } from '../../contract/api/calendarQuery';
import type { Region } from '../../contract/regions';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import { loadCalendar, type CalendarScope } from '../graphql/calendar';
import { runGraphql } from '../graphql/execute';
import { schema } from '../graphql/schema';
import { ApiError } from '../http/errors';

/** Same freshness as the content reads: a code-free calendar is the same for every buyer. */
const SHARED_CACHE = 'public, max-age=15, stale-while-revalidate=45';
/** A calendar with a code says which offers a buyer holds: never stored by anyone. */
const PRIVATE = 'private, no-store';

export interface GraphqlRoutesOptions {
  db: Database;
  region: Region;
  /** Every venue; this plugin serves only those of `region`. */
  venues: VenueBundle[];
}

/** GraphQL's error shape for a request that is not even a valid GraphQL request. */
function invalidRequest(part: string) {
  return {
    errors: [
      {
        message: 'The request is not valid.',
        extensions: { code: 'validation_failed' as const, fields: [part] },
      },
    ],
  };
}

/** What resolvers learn about a request that decides how it may be cached. */
interface RequestContext {
  /** A promo code was sent: the answer is about this buyer's offers. */
  personal: boolean;
}

/** Field names of arguments that failed, as `calendar.<argument>`; values never echoed. */
function argumentFields(error: z.ZodError): string[] {
  const names = new Set<string>();
  for (const issue of error.issues) {
    const [first] = issue.path;
    if (first !== undefined) names.add(`calendar.${String(first)}`);
    else if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) names.add(`calendar.${key}`);
    }
  }
  return [...names];
}

/** The GraphQL endpoint of one regional booking API (spec §7): the calendar. */
export const graphqlRoutes: FastifyPluginCallback<GraphqlRoutesOptions> = (
  app,
  { db, region, venues },
  done,
) => {
  const regional = new Map(
    venues
      .filter((venue) => venue.settings.region === region)
      .map((venue) => [venue.settings.slug, venue]),
  );
  const scope: CalendarScope = { db, venueOf: (slug) => regional.get(slug) };
  const rootValue = {
    calendar: (args: unknown, context: RequestContext) => {
      const parsed = calendarArgsSchema.safeParse(args);
      if (!parsed.success) {
        throw new ApiError(
          400,
          'validation_failed',
          'The request is not valid.',
          argumentFields(parsed.error),
        );
      }
      if (parsed.data.promoCode != null) context.personal = true;
      return loadCalendar(scope, parsed.data);
    },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function answer(body: GraphqlRequest, log: FastifyBaseLogger, reply: FastifyReply) {
    const context: RequestContext = { personal: false };
    const outcome = await runGraphql({
      schema,
      rootValue,
      contextValue: context,
      request: body,
      logError: (error) => log.error({ err: error }, 'graphql request failed'),
    });
    const shared = outcome.status === 200 && !context.personal;
    reply.header('cache-control', shared ? SHARED_CACHE : PRIVATE);
    return reply.status(outcome.status).send(outcome.body);
  }

  api.post(
    GRAPHQL_PATH,
    {
      // The body is checked here but answered in GraphQL's error shape below.
      attachValidation: true,
      schema: {
        description:
          'GraphQL (queries only): `calendar(venueSlug, titleSlug, month, promoCode)`. The query the SPA sends and the response types are in contract/api/calendarQuery.ts and contract/api/calendar.ts.',
        querystring: z.strictObject({}),
        body: graphqlRequestSchema,
        response: {
          200: z.strictObject({ data: z.record(z.string(), z.unknown()) }),
          400: graphqlErrorResponseSchema,
          404: graphqlErrorResponseSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          500: graphqlErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        reply.header('cache-control', PRIVATE);
        const part = request.validationError.validationContext ?? 'body';
        return reply.status(400).send(invalidRequest(part));
      }
      return answer(request.body, request.log, reply);
    },
  );

  // GET carries the same query in the address so a CDN can cache a code-free calendar on an
  // onsale night (caches keep GET, not POST); anything personal still goes by POST.
  api.get(
    GRAPHQL_PATH,
    {
      attachValidation: true,
      schema: {
        description:
          'GraphQL over GET (queries only, cacheable): `query` and JSON `variables` in the query string. A promo code makes the answer private.',
        querystring: z.strictObject({
          query: z.string().min(1).max(4096),
          variables: z.string().max(2048).optional(),
          operationName: z.string().max(100).optional(),
        }),
        response: {
          200: z.strictObject({ data: z.record(z.string(), z.unknown()) }),
          400: graphqlErrorResponseSchema,
          404: graphqlErrorResponseSchema,
          500: graphqlErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      let variables: unknown = undefined;
      try {
        variables = request.query.variables ? JSON.parse(request.query.variables) : undefined;
      } catch {
        // Reported below as the same validation failure as a malformed body.
      }
      const body = graphqlRequestSchema.safeParse({
        query: request.query.query,
        variables,
        operationName: request.query.operationName,
      });
      if (request.validationError || !body.success || (request.query.variables && !variables)) {
        reply.header('cache-control', PRIVATE);
        return reply.status(400).send(invalidRequest('querystring'));
      }
      return answer(body.data, request.log, reply);
    },
  );
  done();
};
