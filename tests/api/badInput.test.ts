import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsResponseSchema } from '../../contract/api/checkout';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { buildApp, OPENAPI_PATH } from '../../server/app';
import type { Database } from '../../server/db/database';
import { DatabaseUnavailableError } from '../../server/db/outage';
import { loggerOptions } from '../../server/http/logging';
import { callApi, newBuyer, type Buyer } from './buyers';
import { cleanPerformance, seatsInRow } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;
const logLines: string[] = [];
let free: string[] = [];
let performanceId: string;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const performance = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 1);
  performanceId = performance.performanceId;
  free = (await seatsInRow(db, performance.planId, 'STALLS', 'H')).map((seat) => seat.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function heldSeat(): Promise<{ buyer: Buyer; holdId: string }> {
  const buyer = await newBuyer(app);
  const response = await callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId, seats: [free.shift()!] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { buyer, holdId: holdResponseSchema.parse(response.json()).hold.id };
}

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.co.uk',
  phone: '020 7946 0123',
};
const address = {
  line1: '33 Maiden Lane',
  line2: '',
  city: 'London',
  state: '',
  postcode: 'WC2E 7LB',
  country: 'GB',
};

/** Text no database, no log line and no answer may carry: each a different marker. */
const BAD_TEXT = {
  nul: 'Zelda\u0000Quix',
  surrogate: 'Yorick\uD800Vance',
  lowSurrogate: 'Xavi\uDC00Ulm',
  escape: 'Wren\u001B[31mTorv',
  bell: 'Sable\u0007Rusk',
} as const;

describe('text a buyer types', () => {
  it.each(Object.entries(BAD_TEXT))(
    'refuses %s in a name, an address line and an answer with 400 naming each field',
    async (_kind, bad) => {
      const { buyer, holdId } = await heldSeat();
      const response = await callApi(app, buyer, 'PUT', `/holds/${holdId}/details`, {
        body: {
          contact: { ...contact, firstName: bad, lastName: bad },
          delivery: { method: 'post', address: { ...address, line1: bad, city: bad } },
          answers: { 'access-requirements': bad },
        },
      });
      expect(response.statusCode).toBe(400);
      const body = apiErrorSchema.parse(response.json());
      expect(body.code).toBe('validation_failed');
      // The details route names fields as the SPA's form does, without the `body.` prefix.
      expect([...(body.fields ?? [])].sort()).toEqual([
        'answers.access-requirements',
        'contact.firstName',
        'contact.lastName',
        'delivery.address.city',
        'delivery.address.line1',
      ]);
      expect(response.body).not.toContain(bad.slice(0, 4));
    },
  );

  it('keeps line breaks and tabs in an answer, and emoji (paired surrogates) anywhere', async () => {
    const { buyer, holdId } = await heldSeat();
    const answer = 'Step-free access, please.\r\nA wheelchair space\tfor two 🎭';
    const response = await callApi(app, buyer, 'PUT', `/holds/${holdId}/details`, {
      body: {
        contact: { ...contact, firstName: 'Ada 🎭' },
        answers: { 'access-requirements': answer },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { details } = detailsResponseSchema.parse(response.json());
    expect(details.contact?.firstName).toBe('Ada 🎭');
    expect(details.answers['access-requirements']).toBe(answer);
  });

  it('refuses a line break in a one-line field', async () => {
    const { buyer, holdId } = await heldSeat();
    const response = await callApi(app, buyer, 'PUT', `/holds/${holdId}/details`, {
      body: { contact: { ...contact, lastName: 'Love\nlace' } },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).fields).toEqual(['contact.lastName']);
  });

  it('refuses them on the card form and the ticket scanner too', async () => {
    const card = await app.inject({
      method: 'POST',
      url: '/services/payment/tokens',
      payload: { number: '4111111111111111', name: BAD_TEXT.nul, expiry: '08/30', cvv: '123' },
    });
    expect(card.statusCode).toBe(400);
    expect(apiErrorSchema.parse(card.json()).fields).toEqual(['body.name']);
    const scan = await app.inject({
      method: 'POST',
      url: '/api/uk/tickets/verify',
      payload: { code: BAD_TEXT.surrogate },
    });
    expect(scan.statusCode).toBe(400);
    expect(apiErrorSchema.parse(scan.json()).fields).toEqual(['body.code']);
  });

  it('writes none of the typed values to any log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('\n');
    for (const bad of Object.values(BAD_TEXT)) {
      // eslint-disable-next-line no-control-regex -- the markers are split at their bad character
      for (const part of bad.split(/[\u0000-\u001F\uD800-\uDFFF]/)) expect(log).not.toContain(part);
    }
  });
});

describe('an error log line', () => {
  it('names a database or parse error by its code, never the input its message quotes', async () => {
    const lines: string[] = [];
    const logger = Fastify({
      logger: loggerOptions({ stream: { write: (line: string) => void lines.push(line) } }),
    });
    const typed = 'Zelda Quix <zelda.quix@example.com>';
    const database = await db.query('SELECT $1::uuid', [typed]).catch((error: unknown) => error);
    const json = (() => {
      try {
        return JSON.parse(`{"name": "${typed}`) as unknown;
      } catch (error) {
        return error;
      }
    })();
    logger.log.error({ err: database }, 'request failed');
    logger.log.error({ err: new Error('wrapped', { cause: json }) }, 'request failed');
    // An outage is logged once where it is noticed (watchDatabase), not by every job it fails.
    logger.log.warn({ err: new DatabaseUnavailableError('ECONNREFUSED') }, 'hold sweep failed');
    await logger.close();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('Zelda');
      expect(line).not.toContain('zelda.quix');
    }
    const [first, second] = lines.map(
      (line) => JSON.parse(line) as { err: { code?: string; stack: string; cause?: object } },
    );
    expect(first?.err.code).toBe('22P02');
    expect(first?.err.stack).toMatch(/\n\s+at /);
    expect(second?.err.cause).toMatchObject({ type: 'SyntaxError' });
  });
});

/**
 * Every string a request may carry, as the OpenAPI document describes it: each must come through
 * contract/text.ts or a stricter pattern, so a bare z.string() in a request schema fails here.
 */
describe('request schemas', () => {
  interface JsonSchema {
    $ref?: string;
    type?: string | string[];
    pattern?: string;
    enum?: unknown[];
    const?: unknown;
    allOf?: JsonSchema[];
    anyOf?: JsonSchema[];
    oneOf?: JsonSchema[];
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    additionalProperties?: boolean | JsonSchema;
    propertyNames?: JsonSchema;
  }
  interface Operation {
    parameters?: { in: string; name: string; schema: JsonSchema }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
  }

  it('refuse NUL, unpaired surrogates and control characters in every string', async () => {
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const refusesJunk = (schema: JsonSchema) => {
      if (schema.enum || schema.const !== undefined) return true;
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
      return patterns.some((pattern) => {
        if (pattern === undefined) return false;
        const regex = new RegExp(pattern, 'u');
        return ['\u0000', 'a\u0000b', '\uD800', 'a\uDC00', 'a\u001Bb'].every((s) => !regex.test(s));
      });
    };
    const loose: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      const types = [schema.type].flat();
      if (types.includes('string') && !refusesJunk(schema)) loose.push(where);
      for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(part, where);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        walk(property, `${where}.${name}`);
      }
      walk(schema.items, `${where}[]`);
      if (typeof schema.additionalProperties === 'object') {
        walk(schema.additionalProperties, `${where}.*`);
      }
      walk(schema.propertyNames, `${where} (key)`);
    };
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          walk(parameter.schema, `${name} ${parameter.in}.${parameter.name}`);
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          walk(content.schema, `${name} body`);
        }
      }
    }
    expect(operations).toBeGreaterThan(50);
    expect(loose).toEqual([]);
  });
});

describe('ids in addresses', () => {
  it.each([37, 65, 256])(
    'answers a 3-D Secure page with a %i-character id as a missing page, not a 500',
    async (length) => {
      const ref = 'a'.repeat(length);
      for (const page of ['device-data', 'challenge']) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await app.inject({
            method,
            url: `/services/payment/3ds/${ref}/${page}`,
            ...(method === 'POST'
              ? {
                  payload: 'result=authenticated',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                }
              : {}),
          });
          expect(response.statusCode, `${method} ${page}`).toBe(404);
          expect(response.body).not.toContain(ref);
        }
      }
    },
  );

  it('refuses an id longer than any route takes with 414 and the project body, not the path', async () => {
    const long = 'b'.repeat(600);
    for (const url of [`/services/payment/3ds/${long}/challenge`, `/api/uk/holds/${long}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(apiErrorSchema.parse(response.json()).code).toBe('bad_request');
      expect(response.body).not.toContain(long);
    }
    const badEscape = await app.inject({ method: 'GET', url: '/api/uk/holds/%E0%A4%A/basket' });
    expect(badEscape.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badEscape.json()).code).toBe('bad_request');
    expect(badEscape.body).not.toContain('%E0');
  });
});

describe('a header block over 16 KB', () => {
  it("is refused with 431 and the project's error body, not Node's or Fastify's", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const answer = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const call = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/uk/health',
            headers: { 'x-padding': 'p'.repeat(20 * 1024) },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
                body,
              }),
            );
          },
        );
        call.on('error', reject);
        call.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(JSON.parse(answer.body))).toEqual({
      code: 'bad_request',
      message: 'The request headers are too large.',
    });
  });
});
