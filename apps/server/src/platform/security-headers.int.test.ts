import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../db/seed/factories.ts';

let ctx: TestContext;
let https: TestContext;
let cookie: string;
beforeAll(async () => {
  [ctx, https] = await Promise.all([
    createTestContext(),
    createTestContext({
      PUBLIC_URL: 'https://portal.example.test',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal',
      S3_ENDPOINT: 'https://files.example.test:9000/some/path',
    }),
  ]);
  const user = await createUser(ctx.db, { password: 'Secret123' });
  cookie = await ctx.signIn(user.email!, 'Secret123');
});
afterAll(async () => {
  await ctx?.close();
  await https?.close();
});

function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('sends a CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('manifest-src')).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // A plain-http public address: no HSTS (it would lock a local start out of http).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the public address is https, and lets images come from the S3 endpoint', async () => {
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers['content-security-policy']).get('img-src')).toBe(
      "'self' data: blob: https://files.example.test:9000",
    );
  });

  it('sends the headers on errors too', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks every signed-in API answer no-store, but not the health check', async () => {
    for (const url of ['/api/me', '/api/profile', '/api/reference-lists']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/become-leader',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(write.headers['cache-control']).toBe('no-store');
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('keeps the Swagger UI working: its page loads only its own scripts', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await ctx.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(script.statusCode, src).toBe(200);
    }
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
  });
});
