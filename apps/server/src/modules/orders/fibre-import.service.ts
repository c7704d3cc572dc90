import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkFibreRow,
  FIBRE_MAX_REJECTED_KEPT,
  type FibreImportRequest,
  type FibreImportStarted,
  type FibreImportStatus,
  type FibreRejectedRow,
  type FibreSupplierOptions,
  missingFibreColumns,
} from '@portal/domain/orders/fibre-import';
import { parse } from 'csv-parse';
import { type Database, withConnection } from '../../db/client.ts';
import { chunkLines } from '../../db/copy.ts';
import type { Actor } from '../../platform/access.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { getStoredFile, refusedFiles } from '../files/files.service.ts';
import {
  attributeKnownOrders,
  attributeNewOrders,
  copyIntoStaging,
  createStaging,
  findKnownOrders,
  findOrderImport,
  findProductType,
  insertNewOrders,
  insertOrderImport,
  lockSupplierImports,
  stagingLine,
  suppliersOfProductType,
  takeRepeatedLines,
  tuneForBulk,
  updateKnownOrders,
  updateOrderImport,
} from './fibre-import.queries.ts';
import { importFailureMessage, importJobView } from './import-job.ts';

// The fibre activity import (spec 3 §2.10, §3.6, §5.4; DECISIONS "Orders"). The request stores a
// batch row and enqueues a job; the job streams the CSV through csv-parse, checks every row, streams
// the good ones with COPY into a TEMP staging table and applies them set-based, all in ONE
// transaction on one connection: a failure, or the process dying mid-way, applies nothing; running
// the job again for the batch applies the whole file (decision 025).

export const FIBRE_IMPORT_QUEUE = 'orders.fibre-import';
/** Rows between two progress reports while loading. */
const PROGRESS_EVERY = 5000;

export interface FibreImportDeps {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
}

interface FibreImportResult {
  rejected: FibreRejectedRow[];
  attributed: number;
}

export function supplierChoices(db: Database, productTypeId: number): Promise<FibreSupplierOptions> {
  return suppliersOfProductType(db, productTypeId);
}

/** POST /api/imports/fibre-activity: checks the choice and the file, stores the batch, enqueues the job. */
export async function startFibreImport(
  deps: FibreImportDeps,
  actor: Actor,
  input: FibreImportRequest,
): Promise<FibreImportStarted> {
  const { db, jobs } = deps;
  if (!(await findProductType(db, input.productTypeId))) {
    throw badRequest('Please choose a product type.', [{ field: 'productTypeId', message: 'Unknown product type' }]);
  }
  const suppliers = await suppliersOfProductType(db, input.productTypeId);
  if (!suppliers.some((supplier) => supplier.id === input.supplierId)) {
    throw badRequest(
      'This supplier does not offer the chosen product type.',
      [{ field: 'supplierId', message: 'Choose a supplier of this product type' }],
      'SUPPLIER_PRODUCT_TYPE_MISMATCH',
    );
  }
  const refused = await refusedFiles(
    db,
    actor,
    [{ field: 'fileId', id: input.fileId, purpose: 'fibre_activity', message: 'Please upload the CSV file again.' }],
    { anyUploader: false },
  );
  if (refused.length) throw badRequest('Please upload the CSV file again.', refused, 'FILE_REFUSED');
  const file = await getStoredFile(db, input.fileId);

  const started = await db.transaction(async (tx) => {
    const batch = await insertOrderImport(tx, {
      fileName: file.originalName,
      storedFileId: file.id,
      suppliersMasterId: input.supplierId,
      refsProductTypeId: input.productTypeId,
      uploadedBy: actor.user.id,
      status: 'queued',
    });
    const jobId = await jobs.enqueueWithin(
      tx,
      FIBRE_IMPORT_QUEUE,
      { importId: batch.id },
      { startedByUserId: actor.user.id },
    );
    await updateOrderImport(tx, batch.id, { jobId });
    return { id: batch.id, jobId };
  });
  jobs.wake(FIBRE_IMPORT_QUEUE);
  return started;
}

/** Counts bytes going through, for the percent of the loading stage. */
function byteCounter(onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onBytes(total);
      callback(null, chunk);
    },
  });
}

/** The job: see the module comment. Running it again for the same batch updates, never duplicates. */
export async function runFibreImport(
  deps: FibreImportDeps,
  data: { importId: number },
  progress: ReportProgress,
): Promise<FibreImportResult> {
  const { db, storage } = deps;
  const batch = await findOrderImport(db, data.importId);
  if (!batch) throw new Error(`import ${data.importId} not found`);
  await updateOrderImport(db, batch.id, { status: 'running', error: null, finishedAt: null });
  await progress('preparing', 0, 'Reading the file');
  try {
    return await withConnection(db, (connection, client) =>
      connection.transaction(async (tx) => {
        if (!batch.storedFileId) throw new Error('The import has no file.');
        const file = await getStoredFile(tx, batch.storedFileId);
        await tuneForBulk(tx);
        await createStaging(tx);

        const rejected: FibreRejectedRow[] = [];
        let rejectedCount = 0;
        let rowCount = 0;
        const reject = (line: number, orderNumber: string | null, reason: string) => {
          rejectedCount += 1;
          if (rejected.length < FIBRE_MAX_REJECTED_KEPT) rejected.push({ line, orderNumber, reason });
        };

        let bytesRead = 0;
        const parser = parse({
          bom: true,
          columns: (header: string[]) => {
            const missing = missingFibreColumns(header);
            if (missing.length) throw new Error(`The file lacks the column(s): ${missing.join(', ')}.`);
            return header.map((name) => name.trim().toLowerCase());
          },
          skip_empty_lines: true,
          relax_column_count: true,
          info: true,
        });
        // Every row is checked here; the good ones go on as COPY lines, the rest into the report.
        async function* checked(records: AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
          for await (const { record, info } of records) {
            rowCount += 1;
            const result = checkFibreRow(record);
            if (!result.ok) {
              reject(info.lines, record.id?.trim() || null, result.reason);
              continue;
            }
            yield stagingLine(info.lines, result.row);
            if (rowCount % PROGRESS_EVERY === 0) {
              await progress(
                'uploading',
                Math.min(60, 5 + (55 * bytesRead) / Math.max(1, file.sizeBytes)),
                `${rowCount} rows read`,
              );
            }
          }
        }
        await progress('uploading', 5, 'Loading rows');
        const source = await storage.get(file.storageKey);
        const counter = byteCounter((total) => {
          bytesRead = total;
        });
        await copyIntoStaging(client, (into) => pipeline(source, counter, parser, checked, chunkLines(), into));

        await progress('processing', 65, 'Applying the orders');
        for (const repeated of await takeRepeatedLines(tx)) {
          reject(
            repeated.line,
            repeated.order_number,
            `Order number repeated on line ${repeated.kept_line}; that line was used`,
          );
        }
        rejected.sort((a, b) => a.line - b.line);
        const target = { id: batch.id, supplierId: batch.suppliersMasterId, productTypeId: batch.refsProductTypeId };
        // Known order numbers are updated where they changed, new ones inserted (decision 038).
        await lockSupplierImports(tx, batch.suppliersMasterId);
        const updated = await findKnownOrders(tx, batch.suppliersMasterId);
        await updateKnownOrders(tx, target);
        const inserted = await insertNewOrders(tx, target);
        await progress('processing', 85, 'Matching orders to dealers');
        const attributed = (await attributeNewOrders(tx, batch.suppliersMasterId)) + (await attributeKnownOrders(tx));
        await updateOrderImport(tx, batch.id, {
          status: 'completed',
          rowCount,
          insertedCount: inserted,
          updatedCount: updated,
          rejectedCount,
          error: null,
          finishedAt: new Date(),
        });
        await progress('complete', 100, `${inserted} new, ${updated} updated, ${rejectedCount} rejected`);
        return { rejected, attributed };
      }),
    );
  } catch (error) {
    const message = importFailureMessage(error);
    await updateOrderImport(db, batch.id, { status: 'failed', error: message, finishedAt: new Date() });
    throw error;
  }
}

/** GET /api/imports/fibre-activity/{id}: the batch, its job's stage and a page of rejected rows. */
export async function fibreImportStatus(
  db: Database,
  id: number,
  paging: { page: number; pageSize: number },
): Promise<FibreImportStatus> {
  const batch = await findOrderImport(db, id);
  if (!batch) throw notFound('Import not found', 'IMPORT_NOT_FOUND');
  const { status, stopped, result, stage, percent, rejected } = await importJobView<FibreImportResult>(
    db,
    batch,
    paging,
  );
  return {
    id: batch.id,
    fileName: batch.fileName,
    supplierId: batch.suppliersMasterId,
    productTypeId: batch.refsProductTypeId,
    status: status as FibreImportStatus['status'],
    error: stopped ?? batch.error,
    jobId: batch.jobId,
    stage,
    percent,
    counts: {
      rows: batch.rowCount,
      inserted: batch.insertedCount,
      updated: batch.updatedCount,
      rejected: batch.rejectedCount,
      attributed: status === 'completed' ? Number(result?.attributed ?? 0) : 0,
    },
    rejected,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt ? batch.finishedAt.toISOString() : null,
  };
}
