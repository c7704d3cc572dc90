import type { FastifyInstance } from 'fastify';
import { problem } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes authenticated by cookie must come from our own pages: a request whose Origin is not one of
 * ours is refused, so another site cannot make a signed-in browser act (CSRF). Requests without
 * cookies (scripts, other clients with their own credentials) are not affected.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]): void {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
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
