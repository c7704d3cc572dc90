import { SETTINGS_MESSAGES } from '@portal/domain/settings/settings';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures, nextSequence } from '../../db/seed/factories.ts';

// '/api/settings' (spec 3 §2.1): every admin, flags or not; nobody else.

let ctx: TestContext;
const cookies: Record<'admin' | 'flaglessAdmin' | 'leader' | 'agent', string> = {
  admin: '',
  flaglessAdmin: '',
  leader: '',
  agent: '',
};
const PASSWORD = 'Secret123';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, admin.id);
  const flaglessAdmin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  const leader = await createUser(ctx.db, { isLeader: true, password: PASSWORD });
  const agent = await createUser(ctx.db, { password: PASSWORD });
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.flaglessAdmin = await ctx.signIn(flaglessAdmin.email!, PASSWORD);
  cookies.leader = await ctx.signIn(leader.email!, PASSWORD);
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
});
afterAll(() => ctx?.close());

type Who = keyof typeof cookies | 'anonymous';

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who === 'anonymous' ? {} : { cookie: cookies[who] }), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function upload(who: Who, purpose: string, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----settingsbanner';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      ...(who === 'anonymous' ? {} : { cookie: cookies[who] }),
      origin: TEST_ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('levels', () => {
  it('reads name, level and description of every leader level', async () => {
    const response = await call('GET', '/api/settings/levels', 'flaglessAdmin');
    expect(response.statusCode).toBe(200);
    const levels = response.json();
    expect(levels.length).toBeGreaterThanOrEqual(8);
    expect(levels[0]).toEqual({
      id: 1,
      level: 1,
      name: expect.any(String),
      description: 'Runs the network: every supplier, deal, setting and person.',
    });
  });
});

describe('services', () => {
  it('adds a service, refuses the same live name in any case, removes it and then allows the name again', async () => {
    const name = `Fibre Installation ${nextSequence()}`;
    const added = await call('POST', '/api/settings/services', 'flaglessAdmin', { name: `  ${name} ` });
    expect(added.statusCode).toBe(201);
    const service = added.json();
    expect(service.name).toBe(name);
    expect((await call('GET', '/api/settings/services', 'admin')).json()).toContainEqual(service);

    const duplicate = await call('POST', '/api/settings/services', 'admin', { name: name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe(SETTINGS_MESSAGES.serviceNameTaken);

    expect((await call('DELETE', `/api/settings/services/${service.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/settings/services', 'admin')).json()).not.toContainEqual(service);
    expect((await call('DELETE', `/api/settings/services/${service.id}`, 'admin')).statusCode).toBe(404);
    expect((await call('POST', '/api/settings/services', 'admin', { name })).statusCode).toBe(201);

    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_log WHERE entity = 'services' AND entity_id = $1 ORDER BY occurred_at, id`,
      [String(service.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['service.create', 'service.remove']);
  });

  it('asks for a name', async () => {
    const response = await call('POST', '/api/settings/services', 'admin', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(SETTINGS_MESSAGES.serviceNameRequired);
  });
});

describe('banner', () => {
  it("makes an image uploaded to 'dash' the newest banner", async () => {
    const png = await sharp({ create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const fileId = await upload('admin', 'dash', { name: 'banner.png', type: 'image/png', data: png });
    const added = await call('POST', '/api/settings/banner', 'admin', { fileId });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ fileId, url: `/api/files/${fileId}` });
    const current = await call('GET', '/api/settings/banner', 'flaglessAdmin');
    expect(current.json().banner).toMatchObject({ fileId });
    const { rows } = await ctx.db.$client.query('SELECT storage_key FROM stored_files WHERE id = $1', [fileId]);
    expect(rows[0].storage_key).toMatch(/^dash\//);
  });

  it('shows the newest banner to every dealer on the dashboard; a dash upload that is no banner stays private', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const fileId = await upload('admin', 'dash', { name: 'newest.png', type: 'image/png', data: png });
    await call('POST', '/api/settings/banner', 'admin', { fileId });
    const forAgent = await call('GET', '/api/dashboard/banner', 'agent');
    expect(forAgent.statusCode).toBe(200);
    expect(forAgent.json().banner).toMatchObject({ fileId, url: `/api/files/${fileId}` });
    expect((await call('GET', `/api/files/${fileId}`, 'agent')).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard/banner', 'anonymous')).statusCode).toBe(401);

    const notBanner = await upload('admin', 'dash', { name: 'draft.png', type: 'image/png', data: png });
    expect((await call('GET', `/api/files/${notBanner}`, 'agent')).statusCode).toBe(403);
  });

  it('refuses a file that is not an image, or an image uploaded for something else', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const pdfId = await upload('admin', 'dash', { name: 'banner.pdf', type: 'application/pdf', data: pdf });
    const refused = await call('POST', '/api/settings/banner', 'admin', { fileId: pdfId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(SETTINGS_MESSAGES.bannerNotAnImage);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const photoId = await upload('admin', 'person_photo', { name: 'me.png', type: 'image/png', data: png });
    expect((await call('POST', '/api/settings/banner', 'admin', { fileId: photoId })).statusCode).toBe(400);
  });
});

describe('who may change settings', () => {
  const routes: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
    ['GET', '/api/settings/levels'],
    ['GET', '/api/settings/services'],
    ['POST', '/api/settings/services', { name: 'Not allowed' }],
    ['DELETE', '/api/settings/services/1'],
    ['GET', '/api/settings/banner'],
    ['POST', '/api/settings/banner', { fileId: '00000000-0000-4000-8000-000000000000' }],
  ];
  it.each([
    ['a leader', 'leader', 403],
    ['an agent', 'agent', 403],
    ['someone signed out', 'anonymous', 401],
  ] as const)('refuses %s', async (_name, who, status) => {
    for (const [method, url, body] of routes) {
      const response = await call(method, url, who, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status });
    }
  });
});
