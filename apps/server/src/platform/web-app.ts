import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built React app on the API's origin, with the SPA's index.html for page routes. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, { root: distDir, prefix: '/', wildcard: false, index: false, maxAge: '1h' });
  app.get('/assets/*', (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(`assets/${file}`);
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const file = (request.params as { '*': string })['*'];
    if (file && path.extname(file) && existsSync(path.join(distDir, file))) return reply.sendFile(file);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
