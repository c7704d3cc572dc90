import {
  type Banner,
  type CurrentBanner,
  type NewBannerRequest,
  type NewServiceRequest,
  SETTINGS_MESSAGES,
  type Service,
  type StructureLevel,
} from '@portal/domain/settings/settings';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUsableImage, refusedFiles } from '../files/files.service.ts';
import {
  findLiveServiceByName,
  findLiveServices,
  findNewestBanner,
  findStructureLevels,
  insertDashboardBanner,
  insertService,
  markServiceDeleted,
} from './settings.queries.ts';

// '/settings' (spec 3 §2.1), for every admin (the routes' guard): the leader levels, the service
// list and the dashboard banner. Writes are one transaction with their audit.

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

/** The banner images' folder (spec 3 §2.1 "images folder 'dash'"): the upload purpose. */
export const BANNER_FOLDER = 'dash';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export async function structureLevels(db: Executor): Promise<StructureLevel[]> {
  const rows = await findStructureLevels(db);
  return rows.map((row) => ({ id: row.id, name: row.name, level: row.id, description: row.description }));
}

export async function serviceList(db: Executor): Promise<Service[]> {
  return (await findLiveServices(db)).map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

const nameTaken = () =>
  conflict(
    SETTINGS_MESSAGES.serviceNameTaken,
    [{ field: 'name', message: SETTINGS_MESSAGES.serviceNameTaken }],
    'SERVICE_NAME_TAKEN',
  );

export async function addService(
  db: Database,
  actor: Actor,
  request: NewServiceRequest,
  http?: Request,
): Promise<Service> {
  return db.transaction(async (tx) => {
    if (await findLiveServiceByName(tx, request.name)) throw nameTaken();
    const row = await insertService(tx, request.name, actor.user.id);
    if (!row) throw nameTaken();
    await writeAudit(tx, {
      actor,
      action: 'service.create',
      entity: 'services',
      entityId: row.id,
      after: { serviceName: row.name },
      request: http,
    });
    return { ...row, createdAt: iso(row.createdAt) };
  });
}

export async function removeService(db: Database, actor: Actor, id: number, http?: Request): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const removed = await markServiceDeleted(tx, id);
    if (!removed) throw notFound(SETTINGS_MESSAGES.serviceNotFound, 'SERVICE_NOT_FOUND');
    await writeAudit(tx, {
      actor,
      action: 'service.remove',
      entity: 'services',
      entityId: id,
      before: { serviceName: removed.name, isDeleted: false },
      after: { isDeleted: true },
      request: http,
    });
  });
  return { ok: true };
}

const toBanner = (row: { id: number; fileId: string; createdAt: Date | string }): Banner => ({
  id: row.id,
  fileId: row.fileId,
  url: `/api/files/${row.fileId}`,
  createdAt: iso(row.createdAt),
});

export async function currentBanner(db: Executor): Promise<CurrentBanner> {
  const row = await findNewestBanner(db);
  return { banner: row ? toBanner(row) : null };
}

/** An image (JPEG or PNG) the admin uploaded to the 'dash' folder becomes the newest banner. */
export async function addBanner(
  db: Database,
  actor: Actor,
  request: NewBannerRequest,
  http?: Request,
): Promise<Banner> {
  const refusal = SETTINGS_MESSAGES.bannerNotAnImage;
  const refused = await refusedFiles(
    db,
    actor,
    [{ field: 'fileId', id: request.fileId, purpose: BANNER_FOLDER, message: refusal }],
    { anyUploader: false },
  );
  if (refused.length || !(await isUsableImage(db, actor, request.fileId, { anyUploader: false }))) {
    throw badRequest(refusal, [{ field: 'fileId', message: refusal }], 'BANNER_NOT_AN_IMAGE');
  }
  return db.transaction(async (tx) => {
    const row = await insertDashboardBanner(tx, request.fileId, actor.user.id);
    await writeAudit(tx, {
      actor,
      action: 'banner.create',
      entity: 'dashboard_banners',
      entityId: row.id,
      after: { storedFileId: row.fileId },
      request: http,
    });
    return toBanner(row);
  });
}
