import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Settings } from '../config.ts';

/**
 * Where file bytes live. Keys are relative paths such as `id_photo/2025/03/{uuid}.jpg`; what a
 * key means (owner, type, name) is kept in `stored_files`, never in the storage itself.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Throws StoredObjectMissingError when there is nothing under the key. */
  get(key: string): Promise<Readable>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A key that could leave the storage root or is otherwise malformed: a programming error. */
export class StorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'StorageKeyError';
  }
}

export class StoredObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`no stored object under ${key}`);
    this.name = 'StoredObjectMissingError';
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The same rules for every driver: relative, `/`-separated, plain segments, no `.` or `..`. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(String(key), 'empty');
  if (key.length > 512) throw new StorageKeyError(key, 'longer than 512 characters');
  if (key.startsWith('/')) throw new StorageKeyError(key, 'absolute');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new StorageKeyError(key, 'empty or dot segment');
    if (!SEGMENT.test(segment)) throw new StorageKeyError(key, 'only letters, digits, ".", "_" and "-" are allowed');
  }
}

/** Files under one folder, created on demand. Writes land in a temporary file first, then rename. */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function resolve(key: string): string {
    assertStorageKey(key);
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep)) throw new StorageKeyError(key, 'outside the storage folder');
    return target;
  }

  return {
    driver: 'local',
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temporary, { flags: 'wx' }),
        );
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const target = resolve(key);
      try {
        if (!(await stat(target)).isFile()) throw new StoredObjectMissingError(key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissingError(key);
        throw error;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. `portal/`; empty by default. */
  prefix?: string;
}

type S3Sender = Pick<S3Client, 'send'>;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Any S3-compatible store (AWS, MinIO, Cloudflare R2, …). A stream body is read into memory first
 * (PutObject needs its length); uploads are capped at 10 MB, larger writes should pass a Buffer
 * or move to multipart uploads.
 */
export function createS3Storage(options: S3StorageOptions, client?: S3Sender): FileStorage {
  const s3: S3Sender =
    client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? true,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix ?? ''}${key}`;
  };

  return {
    driver: 's3',
    async put(key, body, contentType) {
      const Key = keyOf(key);
      const bytes = Buffer.isBuffer(body) ? body : await toBuffer(body);
      await s3.send(
        new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      try {
        const response = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const body = response.Body;
        if (!body) throw new StoredObjectMissingError(key);
        return body instanceof Readable ? body : Readable.fromWeb(body as never);
      } catch (error) {
        if (isNotFound(error)) throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}

/** The driver chosen by STORAGE_DRIVER: the local folder (default) or S3. No I/O until first use. */
export function createStorage(settings: Settings): FileStorage {
  if (settings.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      bucket: settings.S3_BUCKET!,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(settings.storageDir);
}
