import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

// The whole app over a dist folder shaped like the web build's: every text file with its .br and
// .gz twins, hashed chunks under assets/, and the service worker and manifest at the root.
let ctx: TestContext;
let distDir: string;

const html = '<!doctype html><html><head><title>Dealer Portal</title></head><body><div id="root"></div></body></html>';
const chunk = `export const page = ${JSON.stringify('x'.repeat(4000))};\n`;

async function writeWithTwins(relative: string, text: string) {
  const file = path.join(distDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await writeWithTwins('index.html', html);
  await writeWithTwins('offline.html', html);
  await writeWithTwins('assets/login-page-B9bZFhXK.js', chunk);
  await writeWithTwins('sw.js', 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(distDir, 'manifest.webmanifest'), '{"name":"Dealer Portal"}');
  ctx = await createTestContext({}, { webDistDir: distDir });
});

afterAll(async () => {
  await ctx?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app files', () => {
  it('sends the brotli twin of a hashed asset when the browser accepts br, cached for good', async () => {
    const response = await get('/assets/login-page-B9bZFhXK.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(chunk);
  });

  it('sends gzip to a browser without brotli and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/login-page-B9bZFhXK.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/login-page-B9bZFhXK.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('revalidates index.html on every load, on / and on any page route', async () => {
    for (const url of ['/', '/login', '/people/manage-dealers', '/index.html']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });

  it('revalidates the service worker, the offline page and the manifest', async () => {
    for (const url of ['/sw.js', '/offline.html', '/manifest.webmanifest']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404, not the page, for a chunk of an older build', async () => {
    const response = await get('/assets/login-page-OLDHASH1.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('keeps /api/ out of the page fallback', async () => {
    const response = await get('/api/no-such-route', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('compresses API answers above 1 KiB on the fly, and leaves small ones alone', async () => {
    const large = await get('/api/docs/json', 'gzip, deflate, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/health', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('runs no request-decompression hook on a read, and still inflates a POST body', async () => {
    // A GET has no body: the hook would only look for a Content-Encoding on every read (bench figure).
    const tree = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' }).split('\n');
    const hooksOf = (route: string) => {
      const at = tree.findIndex((line) => line.includes(`${route} (GET`));
      expect(at).toBeGreaterThan(-1);
      const end = tree.findIndex((line, i) => i > at && /[├└]──/.test(line));
      return tree.slice(at + 1, end === -1 ? undefined : end).join('\n');
    };
    expect(hooksOf('/api/orders/report')).not.toMatch(/preParsing/);
    expect(hooksOf('/api/health')).not.toMatch(/preParsing/);
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from('not gzip at all'),
    });
    expect(post.statusCode).toBe(400);
  });
});
