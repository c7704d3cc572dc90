import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Settings } from '../config.ts';

// Security headers of every answer (issue 9, docs/security-headers-and-limits.md), by
// @fastify/helmet, plus `Cache-Control: no-store` on the API. The caching of the web app's own
// files (index.html revalidated, hashed assets immutable) is platform/web-app.ts's business.

/** The origin of the S3 endpoint when files may be shown from it (STORAGE_DRIVER=s3 with S3_ENDPOINT). */
function storageOrigin(settings: Settings): string | undefined {
  if (settings.STORAGE_DRIVER !== 's3' || !settings.S3_ENDPOINT) return undefined;
  return new URL(settings.S3_ENDPOINT).origin;
}

/** The Content-Security-Policy directives (helmet's names). */
export function contentSecurityPolicy(settings: Settings): Record<string, string[]> {
  const storage = storageOrigin(settings);
  return {
    defaultSrc: ["'self'"],
    // Only the bundle's own files: no inline script, no eval.
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // MUI styles through emotion, which injects <style> elements at run time (and Swagger UI sets
    // style attributes); the page is static, so a per-answer nonce cannot reach emotion. Styles
    // cannot run code, so 'unsafe-inline' here does not reopen script injection.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Alert images come from /api/files (same origin); data: and blob: for previews and icons.
    imgSrc: ["'self'", 'data:', 'blob:', ...(storage ? [storage] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'"],
    // The service worker and the web manifest of the installable app.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    // The university's training videos: YouTube's privacy-enhanced player only (decision 028).
    frameSrc: ['https://www.youtube-nocookie.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/**
 * The headers @fastify/helmet sets with these options, worked out once. The plugin builds helmet's
 * middleware again on every request (parsing the CSP directives each time: about 2 % of a
 * signed-in request's CPU here); without per-answer nonces its headers never depend on the request,
 * so one request to a throw-away instance gives them all.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  const bare = Fastify();
  bare.get('/', async () => '');
  const plain = await bare.inject({ method: 'GET', url: '/' });
  await Promise.all([probe.close(), bare.close()]);
  return Object.entries(answer.headers)
    .filter(([name]) => !(name in plain.headers))
    .map(([name, value]) => [name, String(value)]);
}

export async function registerSecurityHeaders(app: FastifyInstance, settings: Settings): Promise<void> {
  const https = settings.publicUrl.startsWith('https://');
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    // HSTS only when users reach the portal over https (a plain-http local start must keep working).
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // Links out of the portal carry no address (reset tokens travel in query strings).
    referrerPolicy: { policy: 'same-origin' },
    // Old browsers without frame-ancestors.
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  // helmet sets them on the raw response, as @fastify/helmet did, so hijacked answers (SSE) keep them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // Answers of the API are about one signed-in user: never kept by the browser or a proxy.
  // /api/health is nobody's and the Swagger UI's static files are the same for everyone.
  // A callback hook, not async: no promise per request (decision 049).
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/health') && !url.startsWith('/api/docs/static/')) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !current.includes('no-store')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
