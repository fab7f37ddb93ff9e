import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { escapeHtml } from '../email/layout';
import { findOutboxEmail, listOutbox, type OutboxSummary } from '../email/outbox';
import { ApiError, notFound } from '../http/errors';

/**
 * The dev outbox viewer (`/services/outbox`): the emails the shop has written, newest first, and
 * each one as its reader would see it. It shows names, addresses and every order's secret link,
 * so it answers only the machine the server runs on (the developer's browser after
 * `npm start`), is mounted outside production only unless OUTBOX_VIEWER=1 asks for it, and
 * OUTBOX_VIEWER=0 turns it off anywhere.
 */

export const OUTBOX_VIEWER_PATH = '/services/outbox';
const LIST_LIMIT = 100;

export function outboxViewerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OUTBOX_VIEWER === '0') return false;
  return env.NODE_ENV !== 'production' || env.OUTBOX_VIEWER === '1';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the socket's own peer (never a header, never request.ip,
 * which trusts proxies when told to), and not passed on by a proxy here for someone else.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers.forwarded ?? request.headers['x-forwarded-for'];
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

const listQuerySchema = z.strictObject({ format: z.enum(['html', 'json']).optional() });
const emailQuerySchema = z.strictObject({ format: z.enum(['html', 'text']).optional() });
const emailParamsSchema = z.strictObject({ id: z.uuid() });

const json = (email: OutboxSummary) => ({
  ...email,
  createdAt: email.createdAt.toISOString(),
  sentAt: email.sentAt?.toISOString() ?? null,
});

function listPage(emails: OutboxSummary[]): string {
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
        `<td><a href="${OUTBOX_VIEWER_PATH}/${id}">${escapeHtml(email.subject)}</a>` +
        ` (<a href="${OUTBOX_VIEWER_PATH}/${id}?format=text">text</a>)</td>` +
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

export const outboxRoutes: FastifyPluginCallback<{ db: Database }> = (app, { db }, done) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', (request, _reply, next) => {
    next(
      fromThisMachine(request)
        ? undefined
        : new ApiError(403, 'forbidden', 'The outbox is shown only on the machine it runs on.'),
    );
  });

  api.get(
    '/',
    {
      schema: {
        hide: true,
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      const emails = await listOutbox(db, LIST_LIMIT);
      if (request.query.format === 'json') {
        return viewerHeaders(reply, 'application/json; charset=utf-8').send(emails.map(json));
      }
      return viewerHeaders(reply, 'text/html; charset=utf-8').send(listPage(emails));
    },
  );

  api.get(
    '/:id',
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
