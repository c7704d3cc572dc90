import { pipeline } from 'node:stream/promises';
import {
  COMMISSION_IMPORT_PURPOSE,
  type CommissionImportRequest,
  type CommissionImportStarted,
  type CommissionImportStatus,
  type CommissionImportType,
  missingImportColumns,
  payoutsOfRow,
} from '@portal/domain/commissions/calculation';
import { type Database, withConnection } from '../../db/client.ts';
import { chunkLines } from '../../db/copy.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findJobProgress } from '../../platform/jobs.queries.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { getStoredFile, refusedFiles } from '../files/files.service.ts';
import { importCsvParser, stoppedImportReason } from '../orders/import-job.ts';
import { lockCommissionLines, stageHeldPayees, trainingGateOn } from './commission-calc.queries.ts';
import {
  applyImport,
  copyIntoImportStaging,
  createImportStaging,
  findCommissionImport,
  importStagingLine,
  insertCommissionImport,
  updateCommissionImport,
} from './commission-import.queries.ts';

// The Agent and Leader payout imports (spec 3 §3.6, §4.5; DECISIONS "Commissions" 4; decision 031),
// the fibre import's staged approach (decision 025): the request stores the import and enqueues a
// job; the job streams the CSV through csv-parse into a TEMP staging table with COPY and applies it
// set-based, all in ONE transaction on one connection under the commissions lock. A failure or a
// dying process leaves nothing of the file applied; running it again applies the whole file,
// updating rather than duplicating its lines (the natural key).

export const COMMISSION_IMPORT_QUEUE = 'commissions.import';
const PROGRESS_EVERY = 2000;

export interface CommissionImportDeps {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
}

const kindOf = (type: CommissionImportType) => (type === 'Agent' ? 'agent' : 'leader');
const typeOf = (kind: string): CommissionImportType => (kind === 'agent' ? 'Agent' : 'Leader');

export async function startCommissionImport(
  deps: CommissionImportDeps,
  actor: Actor,
  input: CommissionImportRequest,
): Promise<CommissionImportStarted> {
  const { db, jobs } = deps;
  const refused = await refusedFiles(
    db,
    actor,
    [
      {
        field: 'fileId',
        id: input.fileId,
        purpose: COMMISSION_IMPORT_PURPOSE,
        message: 'Please upload the CSV file again.',
      },
    ],
    { anyUploader: false },
  );
  if (refused.length) throw badRequest('Please upload the CSV file again.', refused, 'FILE_REFUSED');
  const file = await getStoredFile(db, input.fileId);
  const started = await db.transaction(async (tx) => {
    const row = await insertCommissionImport(tx, {
      fileName: file.originalName,
      storedFileId: file.id,
      kind: kindOf(input.type),
      uploadedBy: actor.user.id,
      status: 'queued',
    });
    const jobId = await jobs.enqueueWithin(
      tx,
      COMMISSION_IMPORT_QUEUE,
      { importId: row.id },
      { startedByUserId: actor.user.id },
    );
    await updateCommissionImport(tx, row.id, { jobId });
    await writeAudit(tx, {
      actor,
      action: 'commission.import.start',
      entity: 'commission_imports',
      entityId: row.id,
      after: { type: input.type, fileName: file.originalName, storedFileId: file.id },
    });
    return { id: row.id, jobId };
  });
  jobs.wake(COMMISSION_IMPORT_QUEUE);
  return { ...started, message: `${input.type} commissions import started` };
}

export async function runCommissionImport(
  deps: CommissionImportDeps,
  data: { importId: number },
  progress: ReportProgress,
): Promise<{ rows: number; imported: number; exceptions: number }> {
  const { db, storage } = deps;
  const batch = await findCommissionImport(db, data.importId);
  if (!batch) throw new Error(`commission import ${data.importId} not found`);
  const type = typeOf(batch.kind);
  await updateCommissionImport(db, batch.id, { status: 'running', error: null, finishedAt: null });
  await progress('preparing', 0, 'Reading the file');
  try {
    const result = await withConnection(db, (connection, client) =>
      connection.transaction(async (tx) => {
        if (!batch.storedFileId) throw new Error('The import has no file.');
        const file = await getStoredFile(tx, batch.storedFileId);
        await lockCommissionLines(tx);
        await createImportStaging(tx);
        let rowCount = 0;
        const parser = importCsvParser((header) => missingImportColumns(type, header));
        async function* staged(
          records: AsyncIterable<{ record: Record<string, string>; info: { lines: number; bytes: number } }>,
        ) {
          for await (const { record, info } of records) {
            rowCount += 1;
            for (const payout of payoutsOfRow(type, info.lines, record)) yield importStagingLine(payout);
            if (rowCount % PROGRESS_EVERY === 0) {
              await progress(
                'uploading',
                Math.min(60, 5 + (55 * info.bytes) / Math.max(1, file.sizeBytes)),
                `${rowCount} rows read`,
              );
            }
          }
        }
        await progress('uploading', 5, 'Loading rows');
        const source = await storage.get(file.storageKey);
        await copyIntoImportStaging(client, (into) => pipeline(source, parser, staged, chunkLines(), into));

        await progress('processing', 65, 'Matching rows to orders and dealers');
        await stageHeldPayees(tx, await trainingGateOn(tx));
        const applied = await applyImport(tx, { importId: batch.id });
        await updateCommissionImport(tx, batch.id, {
          status: 'completed',
          rowCount,
          importedCount: applied.imported,
          exceptionsCount: applied.exceptions,
          error: null,
          finishedAt: new Date(),
        });
        await writeAudit(tx, {
          actor: { userId: batch.uploadedBy, authId: null },
          action: 'commission.import.complete',
          entity: 'commission_imports',
          entityId: batch.id,
          after: { rows: rowCount, ...applied },
        });
        return { rows: rowCount, ...applied };
      }),
    );
    await progress('complete', 100, `Imported Successfully: ${result.imported} lines, ${result.exceptions} exceptions`);
    return result;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'The import failed.';
    await updateCommissionImport(db, batch.id, { status: 'failed', error: message, finishedAt: new Date() });
    throw error;
  }
}

export async function commissionImportStatus(db: Database, id: number): Promise<CommissionImportStatus> {
  const batch = await findCommissionImport(db, id);
  if (!batch) throw notFound('Import not found', 'IMPORT_NOT_FOUND');
  const job = batch.jobId ? await findJobProgress(db, batch.jobId) : undefined;
  const shown = batch.status === 'completed' && job && job.state !== 'completed' ? 'running' : batch.status;
  const stopped = await stoppedImportReason(db, shown, job);
  const status = stopped ? 'failed' : shown;
  return {
    id: batch.id,
    type: typeOf(batch.kind),
    fileName: batch.fileName,
    status: status as CommissionImportStatus['status'],
    stage: status === 'completed' ? 'complete' : (job?.stage ?? (status === 'queued' ? 'preparing' : null)),
    percent: status === 'completed' ? 100 : Math.min(99, job?.percent ?? 0),
    message: job?.message ?? null,
    error: stopped ?? batch.error,
    jobId: batch.jobId,
    counts: { rows: batch.rowCount, imported: batch.importedCount, exceptions: batch.exceptionsCount },
  };
}
