import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { SESSION_COOKIE } from '../../contract/api/session';
import { buildApp, OPENAPI_PATH } from '../../server/app';
import { newBuyer, type Buyer } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

/*
 * Walks every operation of the OpenAPI document (and the hidden 3-D Secure pages) with bad input
 * of every class the issue names, in path, query and body, as a buyer with a session and CSRF
 * token (so the request reaches validation) and as nobody. Cases are generated from the schemas
 * in a fixed order: the same requests every run. Any 5xx fails, and so does an answer that
 * echoes MARKER, except where a route's job is to return what this buyer stored (ECHO_ALLOWED).
 */

const MARKER = 'QZX7fuzzMarker';
/**
 * Routes that return what the buyer saved: their own input coming back is their purpose. Apart
 * from these, an unknown key shaped like a field name (letters, digits, _ and -, up to 40) is
 * named in `fields` by design (server/http/errors.ts), so keys here carry markup or run long.
 */
const ECHO_ALLOWED = [
  /^PUT .*\/holds\/\{holdId\}\/details$/,
  /^GET .*\/holds\/\{holdId\}\/details$/,
];

interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** Values that satisfy the project's patterns, tried in order for a string with a pattern. */
const CANDIDATES = [
  'lumen-theatre',
  '0A1B2C3D-0000-4000-8000-000000000001',
  'GB',
  '2026-12',
  '2026-12-01',
  'fuzz-key-00000001',
  'A'.repeat(43),
  'a'.repeat(64),
  'SD-ABCDEFGH',
  '1234',
  'en-GB',
  'STALLS',
];

function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0], name);
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], key);
    return value;
  }
  if (type === 'array') {
    return Array.from({ length: schema.minItems ?? 1 }, () => sample(schema.items, name));
  }
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (name === 'titleSlug') return 'the-glass-orchard';
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    patterns.every((pattern) => pattern === undefined || new RegExp(pattern, 'u').test(value));
  return CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** Every place in a sample body a value sits, with the schema that describes it. */
function leaves(
  schema: JsonSchema | undefined,
  value: unknown,
  path: string[] = [],
): { path: string[]; schema: JsonSchema | undefined }[] {
  const found = [{ path, schema }];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const chosen = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema;
    for (const [key, inner] of Object.entries(value)) {
      found.push(...leaves(chosen?.properties?.[key], inner, [...path, key]));
    }
  } else if (Array.isArray(value) && value.length > 0) {
    found.push(...leaves(schema?.items, value[0], [...path, '0']));
  }
  return found;
}

/** `base` with the value at `path` replaced, or removed when `value` is REMOVE. */
function replaced(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = Array.isArray(base)
    ? Object.fromEntries((base as unknown[]).entries())
    : { ...(base as Record<string, unknown>) };
  const [head, ...rest] = path as [string, ...string[]];
  const next = replaced(copy[head], rest, value);
  if (next === REMOVE) delete copy[head];
  else copy[head] = next;
  return Array.isArray(base) ? Object.values(copy) : copy;
}
const REMOVE = Symbol('remove');

const deep = (depth: number, leaf: string) => '['.repeat(depth) + leaf + ']'.repeat(depth);
const BAD_STRINGS = [
  `${MARKER}\u0000`,
  `${MARKER}\uD800`,
  `\uDC00${MARKER}`,
  `${MARKER}\u001B[2J`,
  `<script>${MARKER}</script>`,
  MARKER + 'x'.repeat(20_000),
  `${MARKER}'; DROP TABLE sessions; --`,
  `../../${MARKER}`,
];
const WRONG_TYPES: unknown[] = [
  123,
  -1.5,
  true,
  null,
  [],
  {},
  [MARKER],
  { [`<${MARKER}>`]: MARKER },
];
/** Path and query values, as raw URL text: NUL, an unpaired surrogate's UTF-8, bad escapes. */
const BAD_URL_VALUES = [
  MARKER,
  `${MARKER}%00`,
  `${MARKER}%ED%A0%80`,
  `${MARKER}%`,
  `${MARKER}%E0%A4%A`,
  `${MARKER}%0D%0ASet-Cookie:%20x=1`,
  `..%2F${MARKER}`,
  MARKER + 'y'.repeat(600),
];

interface Case {
  name: string;
  path?: Record<string, string>;
  query?: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

function casesOf(operation: Operation): Case[] {
  const cases: Case[] = [{ name: 'the sample request' }];
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    for (const value of BAD_URL_VALUES) {
      cases.push({
        name: `path ${parameter.name}=${value.slice(0, 30)}`,
        path: { [parameter.name]: value },
      });
    }
  }
  const query = operation.parameters.filter((p) => p.in === 'query');
  const queryBase = query
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
  const withQuery = (part: string) => [...queryBase, part].join('&');
  for (const value of BAD_URL_VALUES) {
    cases.push({ name: `query extra=${value.slice(0, 30)}`, query: withQuery(`extra=${value}`) });
    for (const parameter of query) {
      cases.push({
        name: `query ${parameter.name}=${value.slice(0, 30)}`,
        query: [
          ...queryBase.filter((p) => !p.startsWith(`${parameter.name}=`)),
          `${parameter.name}=${value}`,
        ].join('&'),
      });
    }
  }
  for (const parameter of query) {
    cases.push({
      name: `query ${parameter.name} twice`,
      query: withQuery(`${parameter.name}=a&${parameter.name}=b`),
    });
  }
  for (const key of [
    '__proto__[polluted]',
    '__proto__',
    'constructor[prototype][x]',
    'constructor',
  ]) {
    cases.push({ name: `query ${key}`, query: withQuery(`${key}=${MARKER}`) });
  }
  if (queryBase.length > 0) cases.push({ name: 'query missing', query: '' });
  // Header values cannot carry NUL or line breaks (Node refuses them); odd and long ones can.
  for (const value of [`${MARKER}!<>`, MARKER + 'h'.repeat(2000), `${MARKER}\u00e9\u00ff`]) {
    for (const name of ['idempotency-key', 'x-csrf-token', 'cookie']) {
      const header = name === 'cookie' ? `${SESSION_COOKIE}=${value}` : value;
      cases.push({ name: `header ${name}=${value.slice(0, 20)}`, headers: { [name]: header } });
    }
  }

  const json = (value: unknown) => JSON.stringify(value);
  if (!operation.body) {
    cases.push({ name: 'unexpected body', body: json({ [MARKER]: MARKER }) });
    return cases;
  }
  const base = sample(operation.body);
  for (const leaf of leaves(operation.body, base)) {
    const at = leaf.path.join('.') || 'body';
    for (const value of [...WRONG_TYPES, ...BAD_STRINGS]) {
      const label =
        typeof value === 'string' ? value.slice(0, 20) : JSON.stringify(value).slice(0, 20);
      cases.push({ name: `body ${at}=${label}`, body: json(replaced(base, leaf.path, value)) });
    }
    if (leaf.path.length > 0) {
      cases.push({ name: `body ${at} missing`, body: json(replaced(base, leaf.path, REMOVE)) });
      cases.push({
        name: `body ${at} nested 2000 deep`,
        body: json(replaced(base, leaf.path, '§')).replace('"§"', deep(2000, `"${MARKER}"`)),
      });
    }
    if (base && typeof base === 'object' && !Array.isArray(base) && leaf.path.length <= 1) {
      const object =
        leaf.path.length === 0 ? base : (base as Record<string, unknown>)[leaf.path[0]!];
      if (object && typeof object === 'object' && !Array.isArray(object)) {
        cases.push({
          name: `body ${at} extra field`,
          body: json(replaced(base, [...leaf.path, 'fuzzExtra'], MARKER)),
        });
        cases.push({
          name: `body ${at} odd key`,
          body: json(replaced(base, [...leaf.path, `<${MARKER}>`], 1)),
        });
        cases.push({
          name: `body ${at} long key`,
          body: json(replaced(base, [...leaf.path, MARKER + 'k'.repeat(60)], 1)),
        });
      }
    }
  }
  const baseText = json(base);
  const inside = (extra: string) =>
    baseText.startsWith('{') && baseText !== '{}' ? `{${extra},${baseText.slice(1)}` : `{${extra}}`;
  cases.push(
    { name: 'body __proto__', body: inside(`"__proto__":{"polluted":"${MARKER}"}`) },
    {
      name: 'body constructor.prototype',
      body: inside(`"constructor":{"prototype":{"polluted":"${MARKER}"}}`),
    },
    { name: 'body nested 100000 deep', body: deep(100_000, `"${MARKER}"`) },
    {
      name: 'body objects nested 5000 deep',
      body: '{"a":'.repeat(5000) + `"${MARKER}"` + '}'.repeat(5000),
    },
    { name: 'body over the limit', body: json({ big: MARKER + 'z'.repeat(70 * 1024) }) },
    { name: 'invalid JSON', body: `{"${MARKER}":` },
    { name: 'invalid JSON, a bare word', body: MARKER },
    { name: 'empty JSON body', body: '' },
    { name: 'JSON null', body: 'null' },
    { name: 'JSON array', body: json([MARKER]) },
    { name: 'JSON string', body: json(MARKER) },
    { name: 'text/plain', body: MARKER, contentType: 'text/plain' },
    { name: 'form', body: `a=${MARKER}`, contentType: 'application/x-www-form-urlencoded' },
    {
      name: 'multipart',
      body: `--b\r\n\r\n${MARKER}\r\n--b--`,
      contentType: 'multipart/form-data; boundary=b',
    },
    { name: 'xml', body: `<a>${MARKER}</a>`, contentType: 'application/xml' },
    { name: 'json in utf-16', body: baseText, contentType: 'application/json; charset=utf-16' },
  );
  return cases;
}

const db = await openSeededDatabase();
// Limits high enough that validation, not a rate limit, answers every case.
const unlimited = { max: 1_000_000, windowSeconds: 60 };
const app: FastifyInstance = await buildApp({
  db,
  venues,
  logger: false,
  payment: { tokenRateLimit: unlimited },
  addressLookup: { rateLimit: unlimited },
  accounts: { signUpRateLimit: unlimited, verifyRateLimit: unlimited },
});
const buyer: Buyer = await newBuyer(app);
afterAll(async () => {
  await app.close();
  await db.close();
});

const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}>();
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content['application/json']?.schema,
  })),
);
// The sandbox gateway's 3-D Secure pages are hidden from the document; they take a path id.
const ref: Parameter = { in: 'path', name: 'ref', required: true, schema: { type: 'string' } };
for (const page of ['device-data', 'challenge']) {
  for (const method of ['GET', 'POST']) {
    operations.push({ method, path: `/services/payment/3ds/{ref}/${page}`, parameters: [ref] });
  }
}

const counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
afterAll(() => {
  console.log(`fuzz: ${operations.length} operations, ${JSON.stringify(counts)}`);
});

function request(operation: Operation, test: Case, asBuyer: boolean): InjectOptions {
  let url = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const value = test.path?.[parameter.name] ?? String(sample(parameter.schema, parameter.name));
    url = url.replace(`{${parameter.name}}`, value);
  }
  const query =
    test.query ??
    operation.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`)
      .join('&');
  const headers: Record<string, string> = {};
  if (asBuyer) {
    headers.cookie = buyer.cookie;
    headers['x-csrf-token'] = buyer.csrf;
    headers['idempotency-key'] = `fuzz-key-${(counts.requests + 1).toString().padStart(8, '0')}`;
  }
  if (test.body !== undefined) headers['content-type'] = test.contentType ?? 'application/json';
  Object.assign(headers, test.headers);
  return {
    method: operation.method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    headers,
    ...(test.body !== undefined && operation.method !== 'GET' ? { payload: test.body } : {}),
  };
}

describe('every operation with bad input', () => {
  it.each(
    operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
  )(
    '%s answers 4xx or 2xx, in the project body, never echoing the input',
    async (name, operation) => {
      const echoAllowed = ECHO_ALLOWED.some((pattern) => pattern.test(name));
      const failures: string[] = [];
      for (const test of casesOf(operation)) {
        for (const asBuyer of [true, false]) {
          const response = await app.inject(request(operation, test, asBuyer));
          counts.requests += 1;
          const status = response.statusCode;
          counts[`${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx'] += 1;
          const who = asBuyer ? 'buyer' : 'nobody';
          if (status >= 500)
            failures.push(`${test.name} (${who}): ${status} ${response.body.slice(0, 120)}`);
          if (!echoAllowed && response.body.includes(MARKER)) {
            failures.push(`${test.name} (${who}): ${status} echoes the input`);
          }
          // The 3-D Secure pages answer HTML; GraphQL answers errors in its own `errors` shape.
          const ownShape = operation.path.includes('/3ds/') || operation.path.endsWith('/graphql');
          if (
            status >= 400 &&
            !ownShape &&
            !apiErrorSchema.safeParse(safeJson(response.body)).success
          ) {
            failures.push(
              `${test.name} (${who}): ${status} not the project's error body: ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
