import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkFibreRow,
  FIBRE_COLUMNS,
  FIBRE_MAX_CELL,
  FIBRE_MAX_REJECTED_KEPT,
  type FibreColumn,
  type FibreImportRequest,
  type FibreImportStarted,
  type FibreImportStatus,
  type FibreRejectedRow,
  type FibreSupplierOptions,
  missingFibreColumns,
} from '@portal/domain/orders/fibre-import';
import { parse as parseSync } from 'csv-parse/sync';
import type { PoolClient } from 'pg';
import { type Database, type Transaction, withConnection } from '../../db/client.ts';
import { chunkLines } from '../../db/copy.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { getStoredFile, refusedFiles } from '../files/files.service.ts';
import { csvScanner } from './fibre-csv-scan.ts';
import {
  attributeKnownOrders,
  attributeNewOrders,
  checkRawRows,
  copyIntoStaging,
  copyRawIntoStaging,
  createRawStaging,
  createStaging,
  findKnownOrders,
  findOrderImport,
  findProductType,
  insertNewOrders,
  insertOrderImport,
  lockSupplierImports,
  rawLoadSavepoint,
  stagingLine,
  suppliersOfProductType,
  takeRepeatedLines,
  tuneForBulk,
  updateKnownOrders,
  updateOrderImport,
} from './fibre-import.queries.ts';
import { importCsvParser, importFailureMessage, importJobView } from './import-job.ts';

// The fibre activity import (spec 3 §2.10, §3.6, §5.4; DECISIONS "Orders"). The request stores a
// batch row and enqueues a job; the job streams the CSV through csv-parse, checks every row, streams
// the good ones with COPY into a TEMP staging table and applies them set-based, all in ONE
// transaction on one connection: a failure, or the process dying mid-way, applies nothing; running
// the job again for the batch applies the whole file (decision 025).

export const FIBRE_IMPORT_QUEUE = 'orders.fibre-import';
/** Rows between two progress reports while loading. */
const PROGRESS_EVERY = 5000;
/** More columns than a table may have (1 600) cannot be COPYed raw; such a file is parsed in JS. */
const MAX_RAW_FIELDS = 1500;

export interface FibreImportDeps {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
}

interface FibreImportResult {
  rejected: FibreRejectedRow[];
  attributed: number;
  /** Which reader loaded the file: PostgreSQL's COPY (a clean file) or csv-parse (decision 047). */
  parsedBy?: 'copy' | 'parser';
}

interface Loaded {
  rejected: FibreRejectedRow[];
  rejectedCount: number;
  rowCount: number;
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
    // The import moves orders between dealers (attribution, so commissions): who started it, on what.
    await writeAudit(tx, {
      actor,
      action: 'orders.fibre_import.start',
      entity: 'order_imports',
      entityId: batch.id,
      after: {
        supplierId: input.supplierId,
        productTypeId: input.productTypeId,
        fileName: file.originalName,
        storedFileId: file.id,
      },
    });
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

/**
 * Loads the file with csv-parse: every row checked in JavaScript (checkFibreRow), the good ones
 * streamed with COPY into fibre_staging, the rest reported. Reads any file csv-parse reads.
 */
async function loadWithParser(
  tx: Transaction,
  client: PoolClient,
  source: Readable,
  sizeBytes: number,
  progress: ReportProgress,
): Promise<Loaded> {
  await createStaging(tx);
  const rejected: FibreRejectedRow[] = [];
  let rejectedCount = 0;
  let rowCount = 0;
  let bytesRead = 0;
  const parser = importCsvParser(missingFibreColumns, (cell) => cell.trim().toLowerCase());
  // Every row is checked here; the good ones go on as COPY lines, the rest into the report.
  async function* checked(records: AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    for await (const { record, info } of records) {
      rowCount += 1;
      const result = checkFibreRow(record);
      if (!result.ok) {
        rejectedCount += 1;
        if (rejected.length < FIBRE_MAX_REJECTED_KEPT) {
          rejected.push({ line: info.lines, orderNumber: record.id?.trim() || null, reason: result.reason });
        }
        continue;
      }
      yield stagingLine(info.lines, result.row);
      if (rowCount % PROGRESS_EVERY === 0) {
        await progress(
          'uploading',
          Math.min(60, 5 + (55 * bytesRead) / Math.max(1, sizeBytes)),
          `${rowCount} rows read`,
        );
      }
    }
  }
  const counter = byteCounter((total) => {
    bytesRead = total;
  });
  await copyIntoStaging(client, (into) => pipeline(source, counter, parser, checked, chunkLines(), into));
  return { rejected, rejectedCount, rowCount };
}

/**
 * Loads a clean file (see fibre-csv-scan.ts) with PostgreSQL's own CSV reader into fibre_raw and
 * checks it set-based (checkRawRows: checkFibreRow's rules and words) into fibre_staging, inside a
 * savepoint. Resolves null, with the savepoint rolled back, whenever the result could differ from
 * loadWithParser's: the file is not clean, its header lacks a column (the parser says so in its
 * words), COPY refuses it, or a reason would be cut differently.
 */
async function loadWithCopy(
  tx: Transaction,
  client: PoolClient,
  source: Readable,
  progress: ReportProgress,
): Promise<Loaded | null> {
  const scanner = csvScanner();
  const { scan } = scanner;
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const peeked: Buffer[] = [];
  while (scan.clean && scan.records === 0) {
    const next = await chunks.next();
    if (next.done) {
      scanner.end();
      break;
    }
    scanner.push(next.value);
    peeked.push(next.value);
  }
  const fields = scan.headerFields;
  if (!scan.clean || !scan.header || fields > MAX_RAW_FIELDS) {
    source.destroy();
    return null;
  }
  const header = (parseSync(scan.header, { bom: true }) as string[][])[0] ?? [];
  const names = header.map((name) => name.trim().toLowerCase());
  if (names.length !== fields || missingFibreColumns(names).length) {
    source.destroy();
    return null;
  }
  // csv-parse keeps the last of two same-named columns.
  const columnOf = Object.fromEntries(
    FIBRE_COLUMNS.map((column) => {
      const at = names.lastIndexOf(column);
      return [column, at === -1 ? null : at + 1];
    }),
  ) as Record<FibreColumn, number | null>;
  async function* feed() {
    yield* peeked;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      scanner.push(next.value);
      yield next.value;
    }
    scanner.end();
  }
  await rawLoadSavepoint(tx, 'begin');
  const fallBack = async () => {
    await rawLoadSavepoint(tx, 'roll back');
    return null;
  };
  let loaded: number;
  try {
    await createRawStaging(tx, fields);
    loaded = await copyRawIntoStaging(client, fields, (into) => pipeline(Readable.from(feed()), into));
  } catch {
    source.destroy();
    return fallBack();
  }
  if (!scan.clean || loaded !== scan.records - 1) return fallBack();
  await progress('uploading', 50, `${loaded} rows read`);
  const checked = await checkRawRows(tx, columnOf, { maxCell: FIBRE_MAX_CELL, kept: FIBRE_MAX_REJECTED_KEPT });
  if (checked.inexact) return fallBack();
  await rawLoadSavepoint(tx, 'keep');
  return { rejected: checked.rejected, rejectedCount: checked.rejectedCount, rowCount: loaded };
}

/** The job: see the module comment. Running it again for the same batch updates, never duplicates. */
export async function runFibreImport(
  deps: FibreImportDeps,
  data: { importId: number },
  progress: ReportProgress,
  options: { parseInJs?: boolean } = {},
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

        let rejected: FibreRejectedRow[] = [];
        let rejectedCount = 0;
        let rowCount = 0;
        await progress('uploading', 5, 'Loading rows');
        // A clean file is read by COPY itself and checked set-based; any other goes through csv-parse.
        const copied = options.parseInJs
          ? null
          : await loadWithCopy(tx, client, await storage.get(file.storageKey), progress);
        const parsedBy = copied ? 'copy' : 'parser';
        if (copied) {
          ({ rejected, rejectedCount, rowCount } = copied);
        } else {
          ({ rejected, rejectedCount, rowCount } = await loadWithParser(
            tx,
            client,
            await storage.get(file.storageKey),
            file.sizeBytes,
            progress,
          ));
        }
        const reject = (line: number, orderNumber: string | null, reason: string) => {
          rejectedCount += 1;
          if (rejected.length < FIBRE_MAX_REJECTED_KEPT) rejected.push({ line, orderNumber, reason });
        };

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
        await writeAudit(tx, {
          actor: { userId: batch.uploadedBy, authId: null },
          action: 'orders.fibre_import.complete',
          entity: 'order_imports',
          entityId: batch.id,
          after: { rows: rowCount, inserted, updated, rejected: rejectedCount, attributed },
        });
        await progress('complete', 100, `${inserted} new, ${updated} updated, ${rejectedCount} rejected`);
        return { rejected, attributed, parsedBy };
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
