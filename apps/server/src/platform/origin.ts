import type { FastifyInstance } from 'fastify';
import { problem } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that starts work (the spec gives a few: a commission step, post-import processing):
     * only the portal's own script may call it, never an image, frame, style or page load.
     */
    startsWork?: boolean;
  }
}

/**
 * Writes authenticated by cookie must come from our own pages: a request whose Origin is not one of
 * ours is refused, so another site cannot make a signed-in browser act (CSRF). Requests without
 * cookies (scripts, other clients with their own credentials) are not affected.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]): void {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers.cookie) return;
    if (SAFE_METHODS.has(request.method)) {
      if (request.routeOptions.config?.startsWork && !fromPortalScript(request.headers)) {
        return reply
          .status(403)
          .type('application/problem+json')
          .send(problem(403, 'ORIGIN_REFUSED', 'This request did not come from the portal.'));
      }
      return;
    }
    if (request.url.startsWith('/api/auth/')) return; // better-auth applies the same check itself.
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin && allowed.has(origin)) return;
    return reply
      .status(403)
      .type('application/problem+json')
      .send(problem(403, 'ORIGIN_REFUSED', 'This request did not come from the portal.'));
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a GET came from a script of the portal's own pages, by the Fetch Metadata headers every
 * current browser sends: an `<img src>` in an alert or a logo (destination image), a link or a
 * redirect from another site (destination document) and another site's fetch (site cross-site) are
 * refused even though the browser sends the cookie. A client without those headers (not a browser,
 * or a browser too old to send them) is let through, as for any other read: the route's own guards
 * still decide who may start the work.
 */
function fromPortalScript(headers: Record<string, string | string[] | undefined>): boolean {
  const destination = headers['sec-fetch-dest'];
  const site = headers['sec-fetch-site'];
  if (destination !== undefined && destination !== 'empty') return false;
  if (site !== undefined && site !== 'same-origin') return false;
  return true;
}
