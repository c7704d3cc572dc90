import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertStorageKey,
  createLocalStorage,
  createS3Storage,
  type FileStorage,
  StorageKeyError,
  StoredObjectMissingError,
} from './storage.ts';

let parent: string;
let root: string;
let storage: FileStorage;

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'portal-storage-test-'));
  root = path.join(parent, 'files');
  storage = createLocalStorage(root);
  await writeFile(path.join(parent, 'secret.txt'), 'outside');
});
afterAll(() => rm(parent, { recursive: true, force: true }));

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const ESCAPING_KEYS = [
  '../secret.txt',
  'a/../../secret.txt',
  '..',
  '/etc/passwd',
  'a//b',
  'a/./b',
  'a\\..\\secret.txt',
  'a/%2e%2e/secret.txt',
  'a/b\u0000.png',
  '',
  'a/',
];

describe('local storage', () => {
  it.each(ESCAPING_KEYS)('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('never wrote or removed anything outside its folder', async () => {
    expect((await readdir(parent)).sort()).toEqual(['secret.txt']);
  });

  it('creates folders on demand and stores, reads, checks and deletes', async () => {
    const key = 'id_photo/2025/03/0b5c8f4e.png';
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect(await read(await storage.get(key))).toBe('png bytes');
    await storage.put(key, Readable.from([Buffer.from('streamed '), Buffer.from('bytes')]), 'image/png');
    expect(await read(await storage.get(key))).toBe('streamed bytes');
    expect(await readdir(path.join(root, 'id_photo/2025/03'))).toEqual(['0b5c8f4e.png']);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('accepts the keys files.ts makes', () => {
    expect(() => assertStorageKey('ticket_document/2025/12/7f0c1c2e-8f5e-4a53-9d59-6d7a3c1b2a10.pdf')).not.toThrow();
  });
});

describe('S3 storage', () => {
  function fakeClient(answer: (command: { constructor: { name: string }; input: unknown }) => unknown) {
    const sent: Array<{ name: string; input: unknown }> = [];
    return {
      sent,
      client: {
        send: async (command: { constructor: { name: string }; input: unknown }) => {
          sent.push({ name: command.constructor.name, input: command.input });
          return answer(command);
        },
      } as never,
    };
  }

  it('puts with the bucket, prefix, type and length, and refuses escaping keys', async () => {
    const fake = fakeClient(() => ({}));
    const s3 = createS3Storage({ bucket: 'portal', region: 'af-south-1', prefix: 'files/' }, fake.client);
    await s3.put('contract/2025/01/a.pdf', Readable.from([Buffer.from('%PDF')]), 'application/pdf');
    expect(fake.sent[0]).toMatchObject({
      name: 'PutObjectCommand',
      input: {
        Bucket: 'portal',
        Key: 'files/contract/2025/01/a.pdf',
        ContentType: 'application/pdf',
        ContentLength: 4,
      },
    });
    await expect(s3.get('../x')).rejects.toBeInstanceOf(StorageKeyError);
    expect(fake.sent).toHaveLength(1);
  });

  it('maps a missing object to StoredObjectMissingError and exists() to false', async () => {
    const missing = Object.assign(new Error('gone'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    const fake = fakeClient(() => {
      throw missing;
    });
    const s3 = createS3Storage({ bucket: 'portal', region: 'af-south-1' }, fake.client);
    await expect(s3.get('a/b.png')).rejects.toBeInstanceOf(StoredObjectMissingError);
    expect(await s3.exists('a/b.png')).toBe(false);
  });
});
