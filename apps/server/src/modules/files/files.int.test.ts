import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';
import { saveUpload } from './files.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte and header. */
function multipart(parts: Part[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.fileName ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(cookie: string, file: Buffer, fileName: string, purpose = 'id_photo', contentType?: string) {
  const body = multipart([
    { name: 'purpose', value: purpose },
    { name: 'file', value: file, fileName, contentType },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A PNG carrying EXIF with GPS coordinates and orientation 6 (rotate 90°): 40 × 20 as stored. */
async function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 0/1' },
    })
    .png()
    .toBuffer();
}

/** True when an EXIF block holds the GPS IFD pointer (tag 0x8825), in either byte order. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

async function download(cookie: string, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { cookie } });
}

describe('POST /api/files', () => {
  it('stores a PNG without its EXIF GPS, with orientation applied, and records it', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const original = await pngWithGps();
    const before = await sharp(original).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const response = await upload(cookie, original, 'selfie.png', 'person_photo', 'image/png');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ originalName: 'selfie.png', contentType: 'image/png' });

    const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, body.id));
    expect(row).toMatchObject({ purpose: 'person_photo', ownerUserId: user.id, uploadedByUserId: user.id });
    expect(row!.storageKey).toMatch(/^person_photo\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row!.storageKey).toContain(body.id);

    const got = await download(cookie, body.id);
    expect(got.statusCode).toBe(200);
    const stored = got.rawPayload;
    expect(stored.length).toBe(row!.sizeBytes);
    expect(body.sizeBytes).toBe(row!.sizeBytes);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row!.sha256);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('png');
    expect(after.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('eXIf'))).toBe(false);
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // Orientation 6 was applied to the pixels: 40 × 20 became 20 × 40, with no orientation tag left.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.orientation).toBeUndefined();
  });

  it('re-encodes a JPEG without metadata', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'S' } })
      .toBuffer();
    expect(hasGpsTag((await sharp(jpeg).metadata()).exif)).toBe(true);
    const response = await upload(cookie, jpeg, 'id.jpeg');
    expect(response.statusCode).toBe(201);
    expect(response.json().contentType).toBe('image/jpeg');
    const stored = (await download(cookie, response.json().id)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('decides the type by content: a PNG named .pdf is stored as a PNG', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const response = await upload(cookie, await pngWithGps(), 'contract.pdf', 'contract', 'application/pdf');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/png', originalName: 'contract.pdf' });
    const got = await download(cookie, response.json().id);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toContain('filename="contract.png"');
  });

  it('stores a PDF as it is', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const response = await upload(cookie, pdf, 'Kontrak – ñ.pdf', 'contract');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'application/pdf', sizeBytes: pdf.length });
    const got = await download(cookie, response.json().id);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Kontrak _ _.pdf"; filename*=UTF-8''Kontrak%20%E2%80%93%20%C3%B1.pdf`,
    );
  });

  it('refuses an HTML file named .png with 415', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const response = await upload(cookie, html, 'photo.png', 'id_photo', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      detail: 'Only JPEG, PNG and PDF files can be uploaded.',
    });
  });

  it('refuses other real types (a GIF) with 415', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await upload(cookie, gif, 'a.png')).statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    Buffer.from('%PDF-1.4\n').copy(big);
    const response = await upload(cookie, big, 'big.pdf', 'contract');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      detail: 'Files can be at most 10 MB.',
    });
    expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.originalName, 'big.pdf'))).toHaveLength(0);
  });

  it('refuses an unknown purpose, a missing file and anonymous uploads', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const png = await pngWithGps();
    const unknown = await upload(cookie, png, 'a.png', 'avatar');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'purpose' })]);

    const body = multipart([{ name: 'purpose', value: 'id_photo' }]);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('FILE_REQUIRED');

    const two = multipart([
      { name: 'purpose', value: 'id_photo' },
      { name: 'file', value: png, fileName: 'a.png' },
      { name: 'file', value: png, fileName: 'b.png' },
    ]);
    const twoFiles = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': two.contentType },
      payload: two.payload,
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().code).toBe('TOO_MANY_PARTS');

    const anonymous = multipart([
      { name: 'purpose', value: 'id_photo' },
      { name: 'file', value: png, fileName: 'a.png' },
    ]);
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': anonymous.contentType },
      payload: anonymous.payload,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/files/:id', () => {
  it('serves the file as an attachment with nosniff', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const created = (await upload(cookie, await pngWithGps(), '../../etc/passwd.png')).json();
    expect(created.originalName).toBe('passwd.png');
    const response = await download(cookie, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe(String(created.sizeBytes));
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('refuses another user with 403, lets the owner and an admin read', async () => {
    const uploader = await createUser(ctx.db);
    const owner = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, admin.id, ['Users Management']);
    // Uploaded by one user for another (as a domain service would), through the same function.
    const file = await saveUpload({
      db: ctx.db,
      storage: ctx.storage,
      data: await pngWithGps(),
      originalName: 'id.png',
      purpose: 'id_photo',
      ownerUserId: owner.id,
      uploadedByUserId: uploader.id,
    });

    const refused = await download(await ctx.signIn(stranger.email!), file.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    for (const reader of [uploader, owner, admin]) {
      expect((await download(await ctx.signIn(reader.email!), file.id)).statusCode).toBe(200);
    }
  });

  it('lets an admin read identity photos and contracts only with the flags of the screens that show them', async () => {
    const dealer = await createUser(ctx.db);
    const noFlag = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, noFlag.id, ['Commissions']);
    const users = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, users.id, ['Users Management']);
    const save = (purpose: string, data: Buffer, originalName: string) =>
      saveUpload({ db: ctx.db, storage: ctx.storage, data, originalName, purpose, ownerUserId: dealer.id });
    const png = await pngWithGps();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const files = [
      await save('id_photo', png, 'id.png'),
      await save('person_photo', png, 'face.png'),
      await save('dealer_contract', pdf, 'contract.pdf'),
    ];
    const noFlagCookie = await ctx.signIn(noFlag.email!);
    const usersCookie = await ctx.signIn(users.email!);
    for (const file of files) {
      expect((await download(noFlagCookie, file.id)).statusCode, file.purpose).toBe(403);
      expect((await download(usersCookie, file.id)).statusCode, file.purpose).toBe(200);
    }
    // A flag taken away is refused on the next request.
    await ctx.db.$client.query('DELETE FROM users_access_index WHERE user_master_id = $1', [users.id]);
    expect((await download(usersCookie, files[0]!.id)).statusCode).toBe(403);
    // A training file or an alert image stays every admin's.
    const training = await save('training_file', pdf, 'guide.pdf');
    expect((await download(noFlagCookie, training.id)).statusCode).toBe(200);
  });

  it('lets an admin marked inactive or deleted read no one else’s files, on the session they still hold', async () => {
    const dealer = await createUser(ctx.db);
    const leaver = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, leaver.id, ['Users Management', 'Commissions']);
    const cookie = await ctx.signIn(leaver.email!);
    const photo = await saveUpload({
      db: ctx.db,
      storage: ctx.storage,
      data: await pngWithGps(),
      originalName: 'id.png',
      purpose: 'id_photo',
      ownerUserId: dealer.id,
    });
    const own = await saveUpload({
      db: ctx.db,
      storage: ctx.storage,
      data: await pngWithGps(),
      originalName: 'mine.png',
      purpose: 'person_photo',
      ownerUserId: leaver.id,
    });
    expect((await download(cookie, photo.id)).statusCode).toBe(200);
    for (const status of [3, 4]) {
      await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $1 WHERE id = $2', [
        status,
        leaver.id,
      ]);
      expect((await download(cookie, photo.id)).statusCode).toBe(403);
      expect((await download(cookie, own.id)).statusCode).toBe(200);
    }
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 when signed out', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const unknown = await download(cookie, '7f0c1c2e-8f5e-4a53-9d59-6d7a3c1b2a10');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('FILE_NOT_FOUND');
    expect((await download(cookie, 'not-a-uuid')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/files/7f0c1c2e-8f5e-4a53-9d59-6d7a3c1b2a10' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 when the bytes are gone', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const created = (await upload(cookie, await pngWithGps(), 'a.png')).json();
    const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, created.id));
    await ctx.storage.delete(row!.storageKey);
    const response = await download(cookie, created.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('FILE_MISSING');
  });
});
