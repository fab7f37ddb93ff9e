import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { escapeHtml } from './layout';
import { findOutboxEmail, listOutbox, type OutboxSummary } from './queries';
import { ApiError, notFound } from '../lib/errors';

/**
 * The dev outbox viewer (`/services/outbox/<secret>/`): the emails the shop has written, newest
 * first, and each one as its reader would see it. It shows names, addresses and every order's
 * secret link, so it is for the developer on purpose only: its address holds a secret made at
 * start (`npm start` prints it), it answers only the machine the server runs on, and anything
 * else gets the 404 of a path that does not exist. A same-host proxy passes on strangers'
 * requests from a loopback socket, so the secret, not the peer, is what keeps them out.
 */

export const OUTBOX_VIEWER_PATH = '/services/outbox';
const LIST_LIMIT = 100;

/** A fresh secret for the viewer's address, made once per process. */
export const newOutboxSecret = () => randomBytes(24).toString('base64url');

/** Where the viewer answers for this secret. */
export const outboxViewerPath = (secret: string) => `${OUTBOX_VIEWER_PATH}/${secret}`;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the socket's own peer (never a header, never request.ip,
 * which trusts proxies when told to), and not passed on by a proxy here for someone else.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers.forwarded ?? request.headers['x-forwarded-for'];
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

function sameSecret(sent: unknown, secret: string): boolean {
  const a = Buffer.from(typeof sent === 'string' ? sent : '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const listQuerySchema = z.strictObject({ format: z.enum(['html', 'json']).optional() });
const emailQuerySchema = z.strictObject({ format: z.enum(['html', 'text']).optional() });
const keyParamsSchema = z.strictObject({ key: z.string() });
const emailParamsSchema = z.strictObject({ key: z.string(), id: z.uuid() });

const json = (email: OutboxSummary) => ({
  ...email,
  createdAt: email.createdAt.toISOString(),
  sentAt: email.sentAt?.toISOString() ?? null,
});

function listPage(emails: OutboxSummary[], base: string): string {
  const rows = emails
    .map((email) => {
      const id = escapeHtml(email.id);
      const state = email.sentAt
        ? `sent ${email.sentAt.toISOString()}`
        : email.lastError
          ? `not sent (${email.attempts} attempts: ${email.lastError})`
          : 'in the outbox';
      return (
        `<tr><td>${escapeHtml(email.createdAt.toISOString())}</td>` +
        `<td>${escapeHtml(email.recipient)}</td>` +
        `<td><a href="${base}/${id}">${escapeHtml(email.subject)}</a>` +
        ` (<a href="${base}/${id}?format=text">text</a>)</td>` +
        `<td>${escapeHtml(state)}</td></tr>`
      );
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Email outbox</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;margin:24px;color:#1a1a1a;">
<h1>Email outbox</h1>
<p>The newest ${LIST_LIMIT} emails the shop has written, newest first. Development only: they contain buyers' personal data.</p>
${
  emails.length === 0
    ? '<p>No emails yet. Confirm an order to see its confirmation here.</p>'
    : `<table style="border-collapse:collapse;" cellpadding="6">
<thead><tr><th scope="col" style="text-align:left;">Written</th><th scope="col" style="text-align:left;">To</th><th scope="col" style="text-align:left;">Subject</th><th scope="col" style="text-align:left;">Delivery</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
}
</body></html>`;
}

/** Our own markup only, never a script: the page may show nothing but styles and text. */
function viewerHeaders(reply: FastifyReply, type: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
}

export const outboxRoutes: FastifyPluginCallback<{ db: Database; secret: string }> = (
  app,
  { db, secret },
  done,
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = outboxViewerPath(secret);
  app.addHook('onRequest', (request, _reply, next) => {
    const { key } = request.params as { key?: unknown };
    next(
      fromThisMachine(request) && sameSecret(key, secret)
        ? undefined
        : // The answer of any unknown path: nobody learns the viewer is there.
          new ApiError(404, 'not_found', 'No such page or endpoint.'),
    );
  });

  api.get(
    '/:key',
    {
      schema: {
        hide: true,
        params: keyParamsSchema,
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      const emails = await listOutbox(db, LIST_LIMIT);
      if (request.query.format === 'json') {
        return viewerHeaders(reply, 'application/json; charset=utf-8').send(emails.map(json));
      }
      return viewerHeaders(reply, 'text/html; charset=utf-8').send(listPage(emails, base));
    },
  );

  api.get(
    '/:key/:id',
    {
      schema: {
        hide: true,
        params: emailParamsSchema,
        querystring: emailQuerySchema,
      },
    },
    async (request, reply) => {
      const email = await findOutboxEmail(db, request.params.id);
      if (!email) throw notFound('Email');
      return request.query.format === 'text'
        ? viewerHeaders(reply, 'text/plain; charset=utf-8').send(email.text)
        : viewerHeaders(reply, 'text/html; charset=utf-8').send(email.html);
    },
  );
  done();
};
