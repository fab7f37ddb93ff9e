import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { browserLanguageTag } from '../../../contract/browserLanguage';
import { DEVICE_DATA_SCRIPT, PAGE_STYLES } from './pageAssets';
import {
  approvalPage,
  badRequestPage,
  challengePage,
  deviceDataPage,
  missingPage,
} from './pageHtml';
import type { SandboxProvider } from './sandboxProvider';

/** A form post of these pages is a handful of short fields. */
const FORM_BODY_LIMIT = 2048;

const deviceDataForm = z.strictObject({
  screenWidth: z.string().regex(/^\d{0,6}$/),
  screenHeight: z.string().regex(/^\d{0,6}$/),
  colorDepth: z.string().regex(/^\d{0,2}$/),
  timeZoneOffset: z.string().regex(/^-?\d{0,4}$/),
  timeZone: z.string().regex(/^[A-Za-z0-9_+/-]{0,64}$/),
  // Whatever the browser calls its language (headless Chromium: `en-US@posix`); the form body
  // limit bounds it, and one that is no BCP 47 tag is kept as no language, never a refusal.
  language: z.string().max(256),
  javascriptEnabled: z.enum(['', 'true']),
});
const challengeForm = z.strictObject({ result: z.enum(['authenticated', 'failed']) });
const approvalForm = z.strictObject({
  result: z.enum(['approved', 'cancelled', 'declining_account']),
});
const refParams = z.object({ ref: z.string().max(64) });

/** The ref of a page's address; a malformed one (too long, not text) is simply no payment. */
function refOf(params: unknown): string {
  const parsed = refParams.safeParse(params);
  return parsed.success ? parsed.data.ref : '';
}

function originOf(url: string): string | undefined {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tighter than the shop's CSP: nothing but this origin's script and stylesheet, and forms that
 * may only post here (whose answer then redirects to the shop's return page).
 */
function pageSecurity(reply: FastifyReply, returnUrl?: string): FastifyReply {
  const returnOrigin = returnUrl ? originOf(returnUrl) : undefined;
  return reply
    .header(
      'content-security-policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * The sandbox gateway's own pages under `<payment base>/3ds/`: device-data collection and the
 * challenge; and under `<payment base>/paypal/`, PayPal's approval page (issue 15). Each step ends with a 303 back to the shop's return URL; a step already done or
 * expired sends the browser straight back, where the shop asks how the payment ended.
 */
export function sandboxPages(sandbox: SandboxProvider): FastifyPluginCallback {
  return (app, _options, done) => {
    const base = () => sandbox.pagesBase;
    // Only these pages take form posts; every other endpoint stays JSON-only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get('/3ds/device-data.js', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(DEVICE_DATA_SCRIPT),
    );
    app.get('/3ds/sandbox.css', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(PAGE_STYLES),
    );

    app.get('/3ds/:ref/device-data', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      if (
        payment.state !== 'device_data_required' ||
        payment.deviceDataAt ||
        payment.actionExpired
      ) {
        return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
      }
      return pageSecurity(reply, payment.returnUrl).send(deviceDataPage(base(), payment.ref));
    });

    app.post('/3ds/:ref/device-data', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      const form = deviceDataForm.safeParse(request.body);
      if (!form.success) return pageSecurity(reply).status(400).send(badRequestPage(base()));
      const data = form.data;
      await sandbox.recordDeviceData(payment.ref, {
        screenWidth: numberOrNull(data.screenWidth),
        screenHeight: numberOrNull(data.screenHeight),
        colorDepth: numberOrNull(data.colorDepth),
        timeZoneOffset: numberOrNull(data.timeZoneOffset),
        timeZone: data.timeZone || null,
        language: browserLanguageTag(data.language),
        javascriptEnabled: data.javascriptEnabled === 'true',
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      });
      return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    });

    app.get('/3ds/:ref/challenge', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      if (
        payment.state !== 'challenge_required' ||
        payment.challengeResult ||
        payment.actionExpired ||
        !payment.brand ||
        !payment.last4
      ) {
        return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
      }
      return pageSecurity(reply, payment.returnUrl).send(
        challengePage(base(), {
          ref: payment.ref,
          amount: payment.amount,
          currency: payment.currency,
          brand: payment.brand,
          last4: payment.last4,
        }),
      );
    });

    app.post('/3ds/:ref/challenge', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      const form = challengeForm.safeParse(request.body);
      if (!form.success) return pageSecurity(reply).status(400).send(badRequestPage(base()));
      await sandbox.recordChallenge(payment.ref, form.data.result);
      return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    });

    app.get('/paypal/:ref', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      if (
        payment.state !== 'approval_required' ||
        payment.approvalResult ||
        payment.actionExpired
      ) {
        return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
      }
      return pageSecurity(reply, payment.returnUrl).send(
        approvalPage(base(), {
          ref: payment.ref,
          amount: payment.amount,
          currency: payment.currency,
        }),
      );
    });

    app.post('/paypal/:ref', { schema: { hide: true } }, async (request, reply) => {
      const payment = await sandbox.pageState(refOf(request.params));
      if (!payment) return pageSecurity(reply).status(404).send(missingPage(base()));
      const form = approvalForm.safeParse(request.body);
      if (!form.success) return pageSecurity(reply).status(400).send(badRequestPage(base()));
      await sandbox.recordApproval(payment.ref, form.data.result);
      return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    });

    done();
  };
}
