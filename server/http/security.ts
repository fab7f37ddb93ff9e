import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { SecurityConfig } from '../config';

const present = (values: (string | undefined)[]) =>
  values.filter((value): value is string => Boolean(value));

/** The Content-Security-Policy directives of the SPA and the APIs. */
export function cspDirectives(config: SecurityConfig): Record<string, string[]> {
  const payment = present([config.paymentOrigin]);
  return {
    defaultSrc: ["'self'"],
    // The boot script is the file /boot.js, so no inline script is ever needed.
    scriptSrc: ["'self'", ...present([config.polyfillOrigin]), ...payment],
    // styled-components injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...payment],
    // 3-D Secure challenges and device-data collection run in frames of the payment service.
    frameSrc: ["'self'", ...payment],
    formAction: ["'self'", ...payment],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  // helmet's middleware, built once: @fastify/helmet built it again for every request, which
  // was 2 % of the API's CPU per seat hold (issue 26).
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain HTTP is ignored by browsers and would pin a local http://127.0.0.1 setup.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
