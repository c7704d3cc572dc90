import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

export type StoredFile = typeof storedFiles.$inferSelect;

export async function insertStoredFile(db: Executor, row: typeof storedFiles.$inferInsert): Promise<StoredFile> {
  const [inserted] = await db.insert(storedFiles).values(row).returning();
  return inserted!;
}

export async function findStoredFile(db: Executor, id: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

export async function findStoredFilesByIds(db: Executor, ids: string[]): Promise<StoredFile[]> {
  if (!ids.length) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}

export async function setFilesOwner(tx: Executor, ownerUserId: number, fileIds: string[]): Promise<void> {
  if (!fileIds.length) return;
  await tx.update(storedFiles).set({ ownerUserId }).where(inArray(storedFiles.id, fileIds));
}

/** Whether the file is the image of an active alert the user received (a draft's is not theirs yet). */
export async function isImageOfAlertTo(db: Executor, fileId: string, userId: number): Promise<boolean> {
  const seen = await db.execute(sql`select 1 from alerts a
    join alert_recipients r on r.alert_id = a.id and r.user_id = ${userId}
    where a.image_file_id = ${fileId} and a.active limit 1`);
  return seen.rows.length > 0;
}

/** The file is (or was) a dashboard banner: every dealer sees those. */
export async function isDashboardBannerFile(db: Executor, fileId: string): Promise<boolean> {
  const found = await db.execute(sql`select 1 from dashboard_banners where stored_file_id = ${fileId} limit 1`);
  return found.rows.length > 0;
}

/** The kinds of the tickets holding the file (a ticket document joins one ticket; none before it is attached). */
export async function ticketKindsOfFile(db: Executor, fileId: string): Promise<string[]> {
  const found = await db.execute<{ kind: string }>(sql`select distinct t.kind from ticket_files tf
    join tickets t on t.id = tf.ticket_id
    where tf.stored_file_id = ${fileId}`);
  return found.rows.map((row) => row.kind);
}
