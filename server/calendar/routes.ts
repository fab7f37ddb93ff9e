import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarArgsSchema,
  graphqlErrorResponseSchema,
  graphqlRequestSchema,
  type CalendarArgs,
  type GraphqlErrorResponse,
  type GraphqlRequest,
} from '../../contract/api/calendar';
import { GRAPHQL_PATH } from '../../contract/api/calendarQuery';
import type { ApiErrorBody, ApiErrorCode } from '../../contract/api/common';
import { multilineText, text } from '../../contract/text';
import type { RegionContext } from '../regionContext';
import type { Database } from '../db/database';
import { loadCalendar, type CalendarScope } from './calendar';
import { runGraphql } from './execute';
import { sharedInFlight } from './inFlight';
import { isCalendarMonth } from './months';
import { chooseDocument, type DocumentChoice } from './persisted';
import { schema } from './schema';
import type { GraphqlSettings } from './settings';
import { ApiError } from '../lib/errors';
import { countCall, RefusedClients } from '../http/rateLimit';
import { ServerKeys } from '../lib/serverKeys';
import { recogniseVoucher } from '../vouchers';
import { DEFAULT_VOUCHER_THROTTLE, type VoucherThrottleSettings } from '../vouchers';

/** Same freshness as the content reads: a code-free calendar is the same for every buyer. */
const SHARED_CACHE = 'public, max-age=15, stale-while-revalidate=45';
/** A calendar with a code says which offers a buyer holds: never stored by anyone. */
const PRIVATE = 'private, no-store';
/**
 * How long the server reuses a code-free calendar it answered by GET. Any cache on the way may
 * keep that answer for 15 s (SHARED_CACHE), so this is never staler than the contract allows;
 * it spares the embedded database, which runs one read at a time, an onsale crowd's identical
 * reads. POST answers are always read afresh.
 */
const PUBLIC_ANSWER_KEEP_MS = 2000;

export interface GraphqlRoutesOptions {
  db: Database;
  /** The region this API serves and its venues (server/regionContext.ts). */
  context: RegionContext;
  /** Rate limit and ad-hoc queries (server/config.ts, tests' overrides applied). */
  settings: GraphqlSettings;
  /** Voucher guessing limits: the promo box recognises voucher numbers (issue 15). */
  voucherThrottle?: VoucherThrottleSettings;
}

/** GraphQL's error shape, which every failure of this route has (parser and framework ones too). */
function graphqlError(
  code: ApiErrorCode,
  message: string,
  fields?: string[],
): GraphqlErrorResponse {
  const extensions = fields && fields.length > 0 ? { code, fields } : { code };
  return { errors: [{ message, extensions }] };
}

/** For a request that is not even a valid GraphQL request. */
const invalidRequest = (part: string) =>
  graphqlError('validation_failed', 'The request is not valid.', [part]);

function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !('errors' in payload) &&
    typeof (payload as { code?: unknown }).code === 'string' &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}

const REFUSALS: Record<Exclude<DocumentChoice, { ok: true }>['refusal'], GraphqlErrorResponse> = {
  // Apollo's word for it, so its clients recognise the refusal.
  not_found: graphqlError('persisted_query_not_found', 'PersistedQueryNotFound'),
  hash_mismatch: graphqlError('validation_failed', 'The query does not match its hash.', ['query']),
  missing: invalidRequest('query'),
};

/**
 * A JSON parameter of a GET request, refusing the keys the JSON body parser refuses too, so that
 * `__proto__` cannot reshape the object zod builds from it.
 */
function jsonParameter(text: string | undefined): { ok: boolean; value?: unknown } {
  if (text === undefined) return { ok: true };
  try {
    return {
      ok: true,
      value: JSON.parse(text, (key, value: unknown) => {
        if (key === '__proto__' || key === 'constructor') throw new Error('forbidden key');
        return value;
      }) as unknown,
    };
  } catch {
    return { ok: false };
  }
}

/** The calendar's arguments that make a different answer: identical concurrent reads share one. */
const calendarKey = (args: CalendarArgs) =>
  JSON.stringify([args.venueSlug, args.titleSlug, args.month ?? null, args.promoCode ?? null]);

/** What resolvers learn about a request that decides how it may be cached. */
interface RequestContext {
  /** A promo code was sent: the answer is about this buyer's offers. */
  personal: boolean;
  method: 'GET' | 'POST';
  /** The client's address (voucher numbers in the promo box count against its guesses). */
  address: string;
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
  { db, context, settings, voucherThrottle = DEFAULT_VOUCHER_THROTTLE },
  done,
) => {
  const vouchers = {
    db,
    keys: new ServerKeys(db),
    throttle: voucherThrottle,
    region: context.region,
  };
  const scope: CalendarScope = { db, venueOf: (slug) => context.bundleFor(slug) };
  const read = (args: CalendarArgs) => loadCalendar(scope, args);
  const load = sharedInFlight(calendarKey, read);
  const loadPublic = sharedInFlight(calendarKey, read, PUBLIC_ANSWER_KEEP_MS);
  const rootValue = {
    calendar: (args: unknown, requestContext: RequestContext) => {
      const parsed = calendarArgsSchema.safeParse(args);
      if (!parsed.success) {
        throw new ApiError(
          400,
          'validation_failed',
          'The request is not valid.',
          argumentFields(parsed.error),
        );
      }
      const { month } = parsed.data;
      if (month != null && !isCalendarMonth(month)) {
        throw new ApiError(400, 'validation_failed', 'The month is out of range.', [
          'calendar.month',
        ]);
      }
      if (parsed.data.promoCode == null) {
        return requestContext.method === 'GET' ? loadPublic(parsed.data) : load(parsed.data);
      }
      requestContext.personal = true;
      // Shared by identical reads in flight; the voucher check is this client's own (throttle).
      return load(parsed.data).then(async (calendar) => ({
        ...calendar,
        promo: await recogniseVoucher(
          vouchers,
          context.bundleFor(calendar.venueSlug)?.settings,
          calendar.promo,
          requestContext.address,
        ),
      }));
    },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusedClients = new RefusedClients();
  const tooMany = () =>
    graphqlError('rate_limited', 'Too many calendar requests. Try again shortly.');

  // A client the limit has refused is refused again here, first thing: its body is not read,
  // nor its request logged (requestLogs, server/http/logging.ts), nor the database asked, so a
  // flood from one address does not slow the other buyers (issue 26).
  app.addHook('onRequest', async (request, reply) => {
    const seconds = refusedClients.secondsLeft(request.ip);
    if (seconds === 0) return;
    reply.header('retry-after', String(seconds)).header('cache-control', PRIVATE);
    return reply.status(429).send(tooMany());
  });

  // Errors raised before the handler (a body that is not JSON, a `__proto__` key, a body too
  // large, the wrong media type) and those of the shared error handler leave in the same
  // GraphQL shape as the route's own, never as a response that fails its schema.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !isApiErrorBody(payload)) return payload;
    reply.header('cache-control', PRIVATE);
    return graphqlError(payload.code, payload.message, payload.fields);
  });

  async function answer(
    body: GraphqlRequest,
    method: 'GET' | 'POST',
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.header('cache-control', PRIVATE);
    const choice = chooseDocument(body, settings.adhocQueries);
    if (!choice.ok) return reply.status(400).send(REFUSALS[choice.refusal]);
    // Counted only for requests that would run: a refused document costs no database write.
    const verdict = await countCall(db, 'calendar', request.ip, settings.rateLimit);
    if (!verdict.allowed) {
      refusedClients.remember(request.ip, verdict);
      request.log.info(
        { retryAfterSeconds: verdict.retryAfterSeconds },
        'a client reached the calendar limit: refused without a log line each until Retry-After',
      );
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return reply.status(429).send(tooMany());
    }
    const context: RequestContext = { personal: false, method, address: request.ip };
    const outcome = await runGraphql({
      schema,
      rootValue,
      contextValue: context,
      method,
      request: {
        query: choice.query,
        variables: body.variables,
        operationName: body.operationName,
      },
      logError: (error) => request.log.error({ err: error }, 'graphql request failed'),
    });
    const shared = outcome.status === 200 && !context.personal;
    if (shared) reply.header('cache-control', SHARED_CACHE);
    if (outcome.status === 405) reply.header('allow', 'GET, POST');
    return reply.status(outcome.status).send(outcome.body);
  }

  const errorResponses = {
    400: graphqlErrorResponseSchema,
    404: graphqlErrorResponseSchema,
    405: graphqlErrorResponseSchema,
    413: graphqlErrorResponseSchema,
    415: graphqlErrorResponseSchema,
    429: graphqlErrorResponseSchema,
    500: graphqlErrorResponseSchema,
    503: graphqlErrorResponseSchema,
  };

  api.post(
    GRAPHQL_PATH,
    {
      config: { refusedClients },
      // The body is checked here but answered in GraphQL's error shape below.
      attachValidation: true,
      schema: {
        description:
          'GraphQL (queries only): `calendar(venueSlug, titleSlug, month, promoCode)`. Only the shop’s own query runs, named by its sha256 in `extensions.persistedQuery` (Apollo’s persisted queries; the text and hash are in contract/api/calendarQuery.ts, the response types in contract/api/calendar.ts); any other document is refused with 400 `persisted_query_not_found`.',
        querystring: z.strictObject({}),
        body: graphqlRequestSchema,
        response: {
          200: z.strictObject({ data: z.record(z.string(), z.unknown()) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        reply.header('cache-control', PRIVATE);
        const part = request.validationError.validationContext ?? 'body';
        return reply.status(400).send(invalidRequest(part));
      }
      return answer(request.body, 'POST', request, reply);
    },
  );

  // GET carries the same request in the address so a CDN can cache a code-free calendar on an
  // onsale night (caches keep GET, not POST); anything personal still goes by POST.
  api.get(
    GRAPHQL_PATH,
    {
      config: { refusedClients },
      attachValidation: true,
      schema: {
        description:
          'GraphQL over GET (queries only, cacheable): JSON `extensions` (the persisted query’s hash) and `variables` in the query string. A promo code makes the answer private.',
        querystring: z.strictObject({
          query: multilineText().min(1).max(4096).optional(),
          variables: multilineText().max(2048).optional(),
          operationName: text().max(100).optional(),
          extensions: multilineText().max(512).optional(),
        }),
        response: {
          200: z.strictObject({ data: z.record(z.string(), z.unknown()) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const variables = jsonParameter(request.query?.variables);
      const extensions = jsonParameter(request.query?.extensions);
      const body =
        request.validationError || !variables.ok || !extensions.ok
          ? undefined
          : graphqlRequestSchema.safeParse({
              query: request.query.query,
              variables: variables.value,
              operationName: request.query.operationName,
              extensions: extensions.value,
            });
      if (!body?.success) {
        reply.header('cache-control', PRIVATE);
        return reply.status(400).send(invalidRequest('querystring'));
      }
      return answer(body.data, 'GET', request, reply);
    },
  );
  done();
};
