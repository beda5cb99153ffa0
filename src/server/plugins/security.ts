import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_TAPS_SCRIPT } from '#contract/early-taps.ts';
import { INSTALL_OFFER_SCRIPT } from '#contract/install-offer.ts';
import { createMemoryCounter } from './rate-limits.ts';

/** The inline scripts our pages carry, allowed by their hashes. */
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Our options; media fetched from `mediaOrigin` (MEDIA_PUBLIC_URL's origin, a CDN) is allowed beside our own. */
const helmetOptionsFor = (mediaOrigin?: string): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", hashOf(EARLY_TAPS_SCRIPT), hashOf(INSTALL_OFFER_SCRIPT)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
      mediaSrc: ["'self'", 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
      connectSrc: ["'self'", ...(mediaOrigin ? [mediaOrigin] : [])],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      // The app's manifest (docs/pwa.md); default-src says the same, but a browser reads this first.
      manifestSrc: ["'self'"],
    },
  },
  // Cross-origin isolation buys nothing here (no SharedArrayBuffer); everything the pages embed is our own.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Set below, and only for requests that came over TLS.
  strictTransportSecurity: false,
});

/**
 * Helmet's headers for our options. They are the same for every reply, so helmet runs once, at start, instead
 * of building its middleware (and parsing the policy) on every request as its Fastify plugin does.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST another site's page sends on purpose (a sign-in provider's posted answer): it must change nothing
     * itself, only pass the answer on to a GET that checks it.
     */
    postedFromOtherSites?: true;
    /** A provider's webhook: no browser sends it, and its signature, checked by the route, is its only guard. */
    signedWebhook?: true;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const mediaBase = app.config.mediaPublicUrl;
  const headers = helmetHeaders(helmetOptionsFor(mediaBase ? new URL(mediaBase).origin : undefined));

  app.decorate('rateCounter', createMemoryCounter());
  app.addHook('onClose', async () => app.rateCounter.stop());

  // Browsers only send Strict-Transport-Security's promise over TLS; behind a trusted proxy, protocol comes from it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (
      STATE_CHANGING.has(request.method) &&
      request.headers.cookie &&
      !isSameOrigin(request) &&
      request.routeOptions.config.postedFromOtherSites !== true &&
      request.routeOptions.config.signedWebhook !== true
    ) {
      void reply.status(403).header('Cache-Control', 'no-store').send(CROSS_SITE_REFUSED);
      return;
    }
    done();
  });

  // Bodies are JSON (and multipart for uploads): a cross-site form can send text/plain, so no parser takes it.
  app.removeContentTypeParser('text/plain');
});

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_REFUSED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'This request came from another site and was refused.',
};

/**
 * Cookies ride along on cross-site requests that SameSite lets through (top-level POSTs from a sibling site, old
 * browsers), so a request that changes something must say it came from our own pages. Browsers send
 * Sec-Fetch-Site, or at least Origin, on such requests; a client that sends neither is not a browser.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}
