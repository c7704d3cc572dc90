import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output: its name changes whenever its content does, so a browser keeps it for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays across deploys: the browser asks again on every load (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/** Cache rule of a built file, by its path in the dist folder (a `.br`/`.gz` twin counts as the file). */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return IMMUTABLE;
  // Icons keep their names; a day is short enough for a new logo to show.
  if (/^icons\/|^favicon\.svg$/.test(file)) return 'public, max-age=86400';
  // index.html, offline.html, sw.js, the workbox runtime, manifest.webmanifest, …
  return REVALIDATE;
}

/**
 * Serves the built React app on the API's origin, with the SPA's index.html for page routes.
 * The build writes a brotli and a gzip twin of every text file; the browser gets the one it
 * accepts (`preCompressed`), so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(path.relative(distDir, filePath)));
    },
  });
  // Every built asset has its own route (wildcard: false); another name under /assets is a chunk of
  // an older deploy or a typo: a plain 404, never index.html (a script tag must not get HTML).
  app.get('/assets/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const file = (request.params as { '*': string })['*'];
    if (file && path.extname(file) && existsSync(path.join(distDir, file))) return reply.sendFile(file);
    return reply.sendFile('index.html');
  });
  return true;
}
