import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dashboardBanners, refsStructureLevel, services } from '../../db/schema/index.ts';

// Every statement of '/settings' (spec 3 §2.1): levels, services and the dashboard banner.

export async function findStructureLevels(db: Executor) {
  return db
    .select({
      id: refsStructureLevel.id,
      name: refsStructureLevel.levelName,
      description: refsStructureLevel.description,
    })
    .from(refsStructureLevel)
    .orderBy(asc(refsStructureLevel.id));
}

export async function findLiveServices(db: Executor) {
  return db
    .select({ id: services.id, name: services.serviceName, createdAt: services.createdAt })
    .from(services)
    .where(eq(services.isDeleted, false))
    .orderBy(asc(sql`lower(${services.serviceName})`), asc(services.id));
}

/** A live service of the same name (any case), if any. */
export async function findLiveServiceByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.isDeleted, false), eq(sql`lower(${services.serviceName})`, name.toLowerCase())));
  return row;
}

/** Inserts a service; undefined when a live one of that name won the race (the unique index). */
export async function insertService(tx: Executor, name: string, createdBy: number) {
  const [row] = await tx
    .insert(services)
    .values({ serviceName: name, createdByUserId: createdBy })
    .onConflictDoNothing()
    .returning({ id: services.id, name: services.serviceName, createdAt: services.createdAt });
  return row;
}

/** Marks a live service removed; its name, or undefined when there was none. */
export async function markServiceDeleted(tx: Executor, id: number) {
  const [row] = await tx
    .update(services)
    .set({ isDeleted: true })
    .where(and(eq(services.id, id), eq(services.isDeleted, false)))
    .returning({ name: services.serviceName });
  return row;
}

export async function insertDashboardBanner(tx: Executor, storedFileId: string, uploadedBy: number) {
  const [row] = await tx.insert(dashboardBanners).values({ storedFileId, uploadedByUserId: uploadedBy }).returning({
    id: dashboardBanners.id,
    fileId: dashboardBanners.storedFileId,
    createdAt: dashboardBanners.createdAt,
  });
  return row!;
}

export async function findNewestBanner(db: Executor) {
  const [row] = await db
    .select({ id: dashboardBanners.id, fileId: dashboardBanners.storedFileId, createdAt: dashboardBanners.createdAt })
    .from(dashboardBanners)
    .orderBy(desc(dashboardBanners.createdAt), desc(dashboardBanners.id))
    .limit(1);
  return row;
}
