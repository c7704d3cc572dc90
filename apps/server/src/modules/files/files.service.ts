import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { can, scopeOf } from '@portal/domain/access/permissions';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { actorCan, permissionActor, permissionTarget } from '../../platform/permissions.ts';
import { type FileStorage, StoredObjectMissingError } from '../../platform/storage.ts';
import { canLearnerReadTrainingFile } from '../university/learning.service.ts';
import {
  findStoredFile,
  findStoredFilesByIds,
  insertStoredFile,
  isDashboardBannerFile,
  isImageOfAlertTo,
  type StoredFile,
  setFilesOwner,
  ticketKindsOfFile,
} from './files.queries.ts';

export type { StoredFile };

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What an upload is for; the generic upload route accepts only these. */
export const FILE_PURPOSES = [
  'id_photo',
  'person_photo',
  'alert_image',
  'ticket_document',
  'training_file',
  'contract',
  // The dashboard banner images (spec 3 §2.1: the 'dash' folder).
  'dash',
  'supplier_banner',
  // The imports' CSV files (spec 3 §2.10, §3.6): the only purposes that take text.
  'fibre_activity',
  'sadv_agents',
  // Agent and leader payout files of the commission cycle (spec 3 §3.6; decision 031).
  'commission_import',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Types decided by the bytes, never by the name or the browser's claim. */
const ACCEPTED = {
  'image/jpeg': { ext: 'jpg', image: true },
  'image/png': { ext: 'png', image: true },
  'application/pdf': { ext: 'pdf', image: false },
} as const;
type AcceptedType = keyof typeof ACCEPTED;

/** Purposes whose uploads are CSV text rather than an image or PDF. */
export const CSV_PURPOSES: readonly string[] = ['fibre_activity', 'sadv_agents', 'commission_import'];

export const notCsv = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 415, 'Please upload a CSV file (comma-separated text).');

/**
 * CSV is text, so no magic bytes: accepted when it is valid UTF-8 (a BOM allowed) without NUL or
 * other binary control characters, and not something file-type recognises (a renamed ZIP or PDF).
 */
export async function isCsvText(data: Buffer): Promise<boolean> {
  if (data.length === 0) return false;
  if (await fileTypeFromBuffer(data)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: binary control characters are what we refuse
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** Larger images are refused before decoding (about 8000 × 7500): a guard against pixel bombs. */
const MAX_IMAGE_PIXELS = 60_000_000;

export const unsupportedFileType = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 415, 'Only JPEG, PNG and PDF files can be uploaded.');
export const fileTooLarge = () => new AppError('FILE_TOO_LARGE', 413, 'Files can be at most 10 MB.');
const unreadableImage = () =>
  new AppError('UNREADABLE_FILE', 422, 'The image could not be read. Please upload another JPEG or PNG file.');

export interface SaveUploadInput {
  db: Executor;
  storage: FileStorage;
  data: Buffer;
  originalName: string;
  /** Becomes the first part of the storage key: lower-case letters, digits and `_`. */
  purpose: string;
  ownerUserId?: number | null;
  uploadedByUserId?: number | null;
}

/** The type by content, or undefined when it is not one we accept. */
export async function detectAcceptedType(data: Buffer): Promise<AcceptedType | undefined> {
  const detected = await fileTypeFromBuffer(data);
  return detected && detected.mime in ACCEPTED ? (detected.mime as AcceptedType) : undefined;
}

/**
 * Re-encodes an image: orientation applied to the pixels, every piece of metadata (EXIF with GPS,
 * XMP, IPTC, comments, ICC) dropped, so the stored file carries nothing but the picture.
 */
async function cleanImage(data: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  try {
    const image = sharp(data, { autoOrient: true, failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    return type === 'image/jpeg'
      ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      : await image.png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw unreadableImage();
  }
}

/** A name safe to keep and show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = path.posix.basename(name.replaceAll('\\', '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || 'file').slice(-200);
}

function storageKeyFor(purpose: string, id: string, ext: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${purpose}/${now.getUTCFullYear()}/${month}/${id}.${ext}`;
}

/**
 * Checks, cleans and stores an upload; returns the `stored_files` row. JPEG, PNG and PDF only (by
 * content), at most 10 MB, images re-encoded without metadata. The bytes are stored before the row
 * is written; if the row cannot be written they are removed again.
 */
export async function saveUpload(input: SaveUploadInput): Promise<StoredFile> {
  const { db, storage, data } = input;
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(input.purpose)) throw new Error(`invalid file purpose: ${input.purpose}`);
  if (data.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
  if (CSV_PURPOSES.includes(input.purpose)) return saveCsv(input);
  const type = await detectAcceptedType(data);
  if (!type) throw unsupportedFileType();

  const { ext, image } = ACCEPTED[type];
  const bytes = image ? await cleanImage(data, type as 'image/jpeg' | 'image/png') : data;
  const id = randomUUID();
  const storageKey = storageKeyFor(input.purpose, id, ext);
  await storage.put(storageKey, bytes, type);
  try {
    return await insertStoredFile(db, {
      id,
      storageKey,
      originalName: cleanFileName(input.originalName),
      contentType: type,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      purpose: input.purpose,
      ownerUserId: input.ownerUserId ?? null,
      uploadedByUserId: input.uploadedByUserId ?? null,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

async function saveCsv(input: SaveUploadInput): Promise<StoredFile> {
  const { db, storage, data } = input;
  if (!(await isCsvText(data))) throw notCsv();
  const id = randomUUID();
  const storageKey = storageKeyFor(input.purpose, id, 'csv');
  await storage.put(storageKey, data, 'text/csv');
  try {
    return await insertStoredFile(db, {
      id,
      storageKey,
      originalName: cleanFileName(input.originalName),
      contentType: 'text/csv',
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      purpose: input.purpose,
      ownerUserId: input.ownerUserId ?? null,
      uploadedByUserId: input.uploadedByUserId ?? null,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

export async function getStoredFile(db: Executor, id: string): Promise<StoredFile> {
  const row = await findStoredFile(db, id);
  if (!row) throw notFound('File not found', 'FILE_NOT_FOUND');
  return row;
}

/** The import files' purposes: customers' and dealers' details, and payouts; the Commissions flag's. */
const IMPORT_PURPOSES: readonly string[] = CSV_PURPOSES;

/** A ticket kind's helpdesk (the Sales Assist or Agent Support flag). */
const HELPDESK_SUBJECT: Readonly<Record<string, 'sales-assist' | 'agent-support'>> = {
  sales_assist: 'sales-assist',
  agent_support: 'agent-support',
};

/** A person's identity photos: shown on the user detail and the approvals, Users Management's screens. */
const IDENTITY_PURPOSES: readonly string[] = ['id_photo', 'person_photo'];

/**
 * What an admin who neither uploaded nor owns the file may read (decisions 053, 057): every file,
 * except a ticket's documents, which are the kind's helpdesk's (its flag), the imports' files, which
 * are the Commissions flag's, a person's identity photos, which are Users Management's, and a
 * dealer contract (it holds the ID number), which is whoever may manage that person's contracts.
 * Read with the flags of this request, so a flag taken away is refused at once.
 */
async function adminMayRead(db: Executor, actor: Actor, file: StoredFile): Promise<boolean> {
  if (IMPORT_PURPOSES.includes(file.purpose)) return actorCan(actor, 'import', 'orders');
  if (IDENTITY_PURPOSES.includes(file.purpose)) return scopeOf(permissionActor(actor), 'read', 'person') === 'any';
  if (file.purpose === 'dealer_contract') {
    if (file.ownerUserId === null) return false;
    return can(permissionActor(actor), 'manage', 'contract', await permissionTarget(db, actor, file.ownerUserId));
  }
  if (file.purpose !== 'ticket_document') return true;
  const kinds = await ticketKindsOfFile(db, file.id);
  return kinds.some((kind) => {
    const subject = HELPDESK_SUBJECT[kind];
    return subject !== undefined && actorCan(actor, 'manage', subject);
  });
}

/**
 * Who may read a stored file: whoever uploaded it, its owner, and admins (as adminMayRead says).
 * Seam: leaders reading their downstream's files (hierarchy reach) and module-specific rules
 * (ticket participants, university learners, …) are added here, by purpose, when those modules land.
 */
export async function canReadStoredFile(db: Executor, actor: Actor, file: StoredFile): Promise<boolean> {
  if (file.uploadedByUserId === actor.user.id || file.ownerUserId === actor.user.id) return true;
  // An admin who is not active is read as a dealer (platform/access.ts, decision 058).
  if (actor.user.isAdmin) return adminMayRead(db, actor, file);
  if (file.purpose === 'alert_image') {
    // Everyone who received an alert sees its image while the alert is active.
    return isImageOfAlertTo(db, file.id, actor.user.id);
  }
  // The dashboard banner is for every dealer; an upload to 'dash' that never became one stays private.
  if (file.purpose === 'dash') return isDashboardBannerFile(db, file.id);
  // A module's additional content: learners registered for the module (decision 028).
  if (file.purpose === 'training_file') return canLearnerReadTrainingFile(db, actor, file.id);
  return false;
}

/** The name to download under, with the extension of the real type (a PNG named .pdf gets .png). */
export function downloadName(file: Pick<StoredFile, 'originalName' | 'contentType'>): string {
  const ext = ACCEPTED[file.contentType as AcceptedType]?.ext;
  const name = cleanFileName(file.originalName);
  if (!ext) return name;
  const current = path.extname(name).toLowerCase();
  if (current === `.${ext}` || (ext === 'jpg' && current === '.jpeg')) return name;
  const stem = current && current.length <= 6 ? name.slice(0, -current.length) : name;
  return `${stem || 'file'}.${ext}`;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface OpenedFile {
  file: StoredFile;
  body: Readable;
  fileName: string;
}

/** The file's row and bytes for a download by `actor`; 404 when unknown, 403 when not theirs to read. */
export async function openStoredFile(input: {
  db: Executor;
  storage: FileStorage;
  id: string;
  actor: Actor;
}): Promise<OpenedFile> {
  const file = await getStoredFile(input.db, input.id);
  if (!(await canReadStoredFile(input.db, input.actor, file))) throw forbidden();
  try {
    const body = await input.storage.get(file.storageKey);
    return { file, body, fileName: downloadName(file) };
  } catch (error) {
    if (error instanceof StoredObjectMissingError) {
      throw new AppError('FILE_MISSING', 404, 'This file is no longer available.');
    }
    throw error;
  }
}

/** A stored file a form names, with what it must be and the message to show when it is not. */
export interface WantedFile {
  field: string;
  id: string | undefined;
  purpose: FilePurpose;
  message: string;
}

/**
 * Files named in a form must be uploads for that purpose by the actor (or, `anyUploader`, by
 * anyone: admins), or already belong to `allowedOwnerId`. With `unassigned`, a file that already
 * belongs to someone else (a person's identity photo, handed to them when they were created) is
 * refused too, whoever uploaded it. Returns the field errors, none when all are usable.
 */
export async function refusedFiles(
  db: Executor,
  actor: Actor,
  wanted: WantedFile[],
  options: { anyUploader: boolean; allowedOwnerId?: number; unassigned?: boolean },
): Promise<Array<{ field: string; message: string }>> {
  const rows = await findStoredFilesByIds(
    db,
    wanted.flatMap((file) => (file.id ? [file.id] : [])),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((file) => {
    const row = file.id ? byId.get(file.id) : undefined;
    const ownersOwn = options.allowedOwnerId !== undefined && row?.ownerUserId === options.allowedOwnerId;
    const usable =
      row !== undefined &&
      row.purpose === file.purpose &&
      (options.anyUploader || row.uploadedByUserId === actor.user.id || ownersOwn) &&
      (!options.unassigned || ownersOwn || row.ownerUserId === null || row.ownerUserId === actor.user.id);
    return usable ? [] : [{ field: file.field, message: file.message }];
  });
}

/** An image (JPEG or PNG) the actor uploaded, or any image for `anyUploader` (admins). */
export async function isUsableImage(
  db: Executor,
  actor: Actor,
  fileId: string,
  options: { anyUploader: boolean },
): Promise<boolean> {
  const file = await findStoredFile(db, fileId);
  return (
    file !== undefined &&
    (file.contentType === 'image/jpeg' || file.contentType === 'image/png') &&
    (options.anyUploader || file.uploadedByUserId === actor.user.id)
  );
}

/** The files now belong to the user they show (who may then read them), still readable by their uploader. */
export async function assignFilesTo(tx: Executor, userId: number, fileIds: string[]): Promise<void> {
  await setFilesOwner(tx, userId, fileIds);
}
