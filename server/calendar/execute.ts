import {
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import type { GraphqlErrorResponse } from '../../contract/api/calendar';
import type { ApiErrorCode } from '../../contract/api/common';
import { isDatabaseOutage } from '../db/outage';
import { ApiError } from '../lib/errors';
import { GRAPHQL_LIMITS, TOO_LARGE, queryLimitsRule } from './limits';

/**
 * One GraphQL request, from text to an HTTP status and body (a database outage is thrown on, for
 * the app's 503). Every failure leaves with a stable `code` in `extensions` and a fixed message:
 * nothing of the query or its values is echoed, and no stack trace or database message reaches
 * the client.
 */

/** The statuses a GraphQL answer may have; the route declares a body schema for each. */
type FailureStatus = 400 | 404 | 405 | 500;

export type GraphqlReply =
  | { status: 200; body: { data: Record<string, unknown> } }
  | { status: FailureStatus; body: GraphqlErrorResponse };

function failureStatus(statusCode: number): FailureStatus {
  return statusCode === 400 || statusCode === 404 ? statusCode : 500;
}

/**
 * No introspection: the schema is published as source (server/calendar/schema.ts) and the SPA
 * sends one known query, so a stranger has nothing to explore. No GraphiQL either, anywhere.
 */
const RULES = [...specifiedRules, NoSchemaIntrospectionCustomRule, queryLimitsRule];

function failure(
  status: FailureStatus,
  code: ApiErrorCode,
  message: string,
  fields?: string[],
): GraphqlReply {
  const extensions = fields && fields.length > 0 ? { code, fields } : { code };
  return { status, body: { errors: [{ message, extensions }] } };
}

const invalidQuery = () => failure(400, 'validation_failed', 'The query is not valid.', ['query']);

function parseDocument(query: string): DocumentNode | undefined {
  try {
    return parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch {
    return undefined;
  }
}

export interface RunGraphqlOptions {
  schema: GraphQLSchema;
  rootValue: unknown;
  /** Handed to every resolver (per request). */
  contextValue?: unknown;
  /** GET may only read (GraphQL over HTTP): anything else over GET is 405. */
  method: 'GET' | 'POST';
  request: {
    query: string;
    variables?: Record<string, unknown> | null;
    operationName?: string | null;
  };
  /** Called with errors the client only sees as `internal_error`. */
  logError: (error: unknown) => void;
}

export async function runGraphql(options: RunGraphqlOptions): Promise<GraphqlReply> {
  const { schema, rootValue, request } = options;
  const document = parseDocument(request.query);
  if (!document) return invalidQuery();
  const operation = getOperationAST(document, request.operationName ?? undefined);
  if (!operation) {
    const field = request.operationName == null ? 'query' : 'operationName';
    return failure(400, 'validation_failed', 'The operation to run is not in the query.', [field]);
  }
  // The schema has no mutations or subscriptions; graphql-js would only fail them at run time.
  if (operation.operation !== OperationTypeNode.QUERY) {
    return options.method === 'GET'
      ? failure(405, 'method_not_allowed', 'Only queries are accepted, and GET only reads.')
      : failure(400, 'validation_failed', 'Only queries are accepted.', ['query']);
  }
  const problems = validate(schema, document, RULES, { maxErrors: 10 });
  if (problems.length > 0) {
    const tooLarge = problems.some((problem) => problem.extensions[TOO_LARGE] === true);
    return tooLarge
      ? failure(400, 'bad_request', 'The query is too large.', ['query'])
      : invalidQuery();
  }

  const result = await execute({
    schema,
    document,
    rootValue,
    contextValue: options.contextValue,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
  if (!result.errors || result.errors.length === 0) {
    return { status: 200, body: { data: result.data ?? {} } };
  }
  // No `data` at all: the request never ran (variables of the wrong type, unknown operation).
  if (result.data === undefined) {
    return failure(400, 'validation_failed', 'The variables are not valid.', ['variables']);
  }
  const originals = result.errors.map((error: GraphQLError) => error.originalError);
  // An unreachable database is the operator's outage, not a fault of the query: thrown on, the
  // app's error handler answers it 503 with Retry-After and it is logged once per outage.
  const outage = originals.find(isDatabaseOutage);
  if (outage) throw outage;
  const known = originals.find((original): original is ApiError => original instanceof ApiError);
  if (known) {
    return failure(failureStatus(known.statusCode), known.code, known.message, known.fields);
  }
  for (const error of result.errors) options.logError(error.originalError ?? error);
  return failure(500, 'internal_error', 'Something went wrong on our side.');
}
