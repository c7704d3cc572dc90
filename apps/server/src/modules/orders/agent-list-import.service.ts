import { pipeline } from 'node:stream/promises';
import { maskSecret } from '@portal/domain/access/masking';
import {
  AGENT_LIST_MAX_REJECTED_KEPT,
  type AgentListImportRequest,
  type AgentListImportStarted,
  type AgentListImportStatus,
  type AgentListRejectedRow,
  type AgentListReport,
  type AgentListReportQuery,
  type AgentListReportRow,
  type AgentListSupplierOptions,
  type AgentListView,
  agentListExportName,
  checkAgentListRow,
  MATCHED_BY_LABELS,
  missingAgentListColumns,
} from '@portal/domain/orders/agent-list-import';
import { csvLines, csvText, UTF8_BOM } from '@portal/domain/platform/csv';
import { type Database, withConnection } from '../../db/client.ts';
import { chunkLines } from '../../db/copy.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { getStoredFile, refusedFiles } from '../files/files.service.ts';
import {
  type AgentListDbRow,
  activeSuppliers,
  agentListRows,
  agentListStagingLine,
  agentListTotals,
  copyIntoAgentListStaging,
  createAgentListStaging,
  findAgentListImport,
  findSupplierName,
  insertAgentListImport,
  latestCompletedImport,
  replaceSupplierAgentList,
  updateAgentListImport,
} from './agent-list-import.queries.ts';
import { importCsvParser, importFailureMessage, importJobView } from './import-job.ts';

// The Agent CSV import (spec 3 §2.1, §3.6; decision 025). The request stores a batch row and
// enqueues a job; the job streams the CSV through csv-parse, checks every row, COPYs the good ones
// into a TEMP staging table and replaces the supplier's list set-based, matching each row to our
// dealers, all in ONE transaction on one connection: a failure or a dying process leaves the
// previous list whole; running the job again for the batch applies the whole file.

export const AGENT_LIST_IMPORT_QUEUE = 'orders.agent-list-import';
const PROGRESS_EVERY = 5000;
const EXPORT_CHUNK = 1000;

export interface AgentListImportDeps {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
}

interface AgentListImportResult {
  rejected: AgentListRejectedRow[];
}

export function agentListSuppliers(db: Database): Promise<AgentListSupplierOptions> {
  return activeSuppliers(db);
}

/** POST /api/imports/sadv-agents: checks the supplier and the file, stores the batch, enqueues the job. */
export async function startAgentListImport(
  deps: AgentListImportDeps,
  actor: Actor,
  input: AgentListImportRequest,
): Promise<AgentListImportStarted> {
  const { db, jobs } = deps;
  if (!(await findSupplierName(db, input.supplierId))) {
    throw badRequest('Please choose a supplier.', [{ field: 'supplierId', message: 'Unknown supplier' }]);
  }
  const refused = await refusedFiles(
    db,
    actor,
    [{ field: 'fileId', id: input.fileId, purpose: 'sadv_agents', message: 'Please upload the CSV file again.' }],
    { anyUploader: false },
  );
  if (refused.length) throw badRequest('Please upload the CSV file again.', refused, 'FILE_REFUSED');
  const file = await getStoredFile(db, input.fileId);

  const started = await db.transaction(async (tx) => {
    const batch = await insertAgentListImport(tx, {
      fileName: file.originalName,
      storedFileId: file.id,
      suppliersMasterId: input.supplierId,
      uploadedBy: actor.user.id,
      status: 'queued',
    });
    const jobId = await jobs.enqueueWithin(
      tx,
      AGENT_LIST_IMPORT_QUEUE,
      { importId: batch.id },
      { startedByUserId: actor.user.id },
    );
    await updateAgentListImport(tx, batch.id, { jobId });
    // The list replaces the supplier's whole stored list: who started it, on what.
    await writeAudit(tx, {
      actor,
      action: 'orders.agent_list_import.start',
      entity: 'agent_list_imports',
      entityId: batch.id,
      after: { supplierId: input.supplierId, fileName: file.originalName, storedFileId: file.id },
    });
    return { id: batch.id, jobId };
  });
  jobs.wake(AGENT_LIST_IMPORT_QUEUE);
  return started;
}

/** The job: see the module comment. */
export async function runAgentListImport(
  deps: AgentListImportDeps,
  data: { importId: number },
  progress: ReportProgress,
): Promise<AgentListImportResult> {
  const { db, storage } = deps;
  const batch = await findAgentListImport(db, data.importId);
  if (!batch) throw new Error(`import ${data.importId} not found`);
  await updateAgentListImport(db, batch.id, { status: 'running', error: null, finishedAt: null });
  await progress('preparing', 0, 'Reading the file');
  try {
    return await withConnection(db, (connection, client) =>
      connection.transaction(async (tx) => {
        if (!batch.storedFileId) throw new Error('The import has no file.');
        const file = await getStoredFile(tx, batch.storedFileId);
        await createAgentListStaging(tx);

        const rejected: AgentListRejectedRow[] = [];
        let rejectedCount = 0;
        let rowCount = 0;
        let bytesRead = 0;
        const parser = importCsvParser(missingAgentListColumns);
        async function* checked(
          records: AsyncIterable<{ record: Record<string, string>; info: { lines: number; bytes: number } }>,
        ) {
          for await (const { record, info } of records) {
            rowCount += 1;
            bytesRead = info.bytes;
            const result = checkAgentListRow(record);
            if (!result.ok) {
              rejectedCount += 1;
              if (rejected.length < AGENT_LIST_MAX_REJECTED_KEPT)
                rejected.push({ line: info.lines, reason: result.reason });
              continue;
            }
            yield agentListStagingLine(info.lines, result.row);
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
        await copyIntoAgentListStaging(client, (into) => pipeline(source, parser, checked, chunkLines(), into));

        await progress('processing', 65, 'Matching agents to dealers');
        // One list per supplier: two imports replacing it at once (two instances, or a re-run
        // beside a new import) would each delete only the rows they saw and leave both files'
        // rows. The second waits here for the first to commit, then replaces its list whole.
        await lockUntilCommit(tx, `agent-list:${batch.suppliersMasterId}`);
        const { loaded, matched } = await replaceSupplierAgentList(tx, {
          supplierId: batch.suppliersMasterId,
          importId: batch.id,
        });
        await updateAgentListImport(tx, batch.id, {
          status: 'completed',
          rowCount,
          loadedCount: loaded,
          matchedCount: matched,
          rejectedCount,
          error: null,
          finishedAt: new Date(),
        });
        await writeAudit(tx, {
          actor: { userId: batch.uploadedBy, authId: null },
          action: 'orders.agent_list_import.complete',
          entity: 'agent_list_imports',
          entityId: batch.id,
          after: { rows: rowCount, loaded, matched, rejected: rejectedCount },
        });
        await progress('complete', 100, `${loaded} stored, ${matched} matched, ${rejectedCount} rejected`);
        return { rejected };
      }),
    );
  } catch (error) {
    const message = importFailureMessage(error);
    await updateAgentListImport(db, batch.id, { status: 'failed', error: message, finishedAt: new Date() });
    throw error;
  }
}

/** GET /api/imports/sadv-agents/{id}: the batch, its job's stage and a page of its rejected rows. */
export async function agentListImportStatus(
  db: Database,
  id: number,
  paging: { page: number; pageSize: number },
): Promise<AgentListImportStatus> {
  const batch = await findAgentListImport(db, id);
  if (!batch) throw notFound('Import not found', 'IMPORT_NOT_FOUND');
  const { status, stopped, stage, percent, rejected } = await importJobView<AgentListImportResult>(db, batch, paging);
  return {
    id: batch.id,
    fileName: batch.fileName,
    supplierId: batch.suppliersMasterId,
    status: status as AgentListImportStatus['status'],
    error: stopped ?? batch.error,
    jobId: batch.jobId,
    stage,
    percent,
    counts: {
      rows: batch.rowCount,
      loaded: batch.loadedCount,
      matched: batch.matchedCount,
      rejected: batch.rejectedCount,
    },
    rejected,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt ? batch.finishedAt.toISOString() : null,
  };
}

/**
 * The ID number a view may show: the supplier's file says what it says (matched, unmatched), but
 * a *missing* row is our dealer's own record, whose ID number leaves the server masked except on
 * an audited reveal (docs/security.md), so the Commissions flag alone reads its last four.
 */
const shownIdNumber = (view: AgentListView, row: AgentListDbRow): string | null =>
  view === 'missing' ? maskSecret(row.id_number) : row.id_number;

function toReportRow(view: AgentListView, row: AgentListDbRow): AgentListReportRow {
  return {
    line: row.line,
    firstName: row.first_name,
    surname: row.surname,
    mobile: row.mobile,
    email: row.email,
    idNumber: shownIdNumber(view, row),
    lastSuccessfulLogin: row.last_successful_login,
    userAuditDate: row.user_audit_date,
    dealerId: row.dealer_id,
    dealerName: row.dealer_id === null ? null : `${row.dealer_first_name ?? ''} ${row.dealer_surname ?? ''}`.trim(),
    matchedBy: row.matched_by,
  };
}

async function openSupplier(db: Database, supplierId: number): Promise<string> {
  const name = await findSupplierName(db, supplierId);
  if (name === undefined) throw notFound('Supplier not found', 'SUPPLIER_NOT_FOUND');
  return name;
}

/** GET /api/imports/sadv-agents/suppliers/{id}/report: the stored list's totals and one page of a view. */
export async function agentListReport(
  db: Database,
  supplierId: number,
  query: AgentListReportQuery,
): Promise<AgentListReport> {
  await openSupplier(db, supplierId);
  const [latest, totals, rows] = await Promise.all([
    latestCompletedImport(db, supplierId),
    agentListTotals(db, supplierId),
    agentListRows(db, supplierId, query.view, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  return {
    supplierId,
    importId: latest?.id ?? null,
    fileName: latest?.fileName ?? null,
    importedAt: latest?.finishedAt ? latest.finishedAt.toISOString() : null,
    totals,
    view: query.view,
    rows: rows.map((row) => toReportRow(query.view, row)),
    total: totals[query.view],
    page: query.page,
    pageSize: query.pageSize,
  };
}

const EXPORT_HEADER = [
  'Line',
  'First_Name',
  'Surname',
  'Mobile_Number',
  'Email',
  'ID_Number',
  'Last_Successful_Login',
  'User_Audit_Date',
  'Dealer Code',
  'Dealer Name',
  'Matched By',
];

/** The view as CSV text, read in keyset chunks as it is sent; the file name first. */
export async function agentListCsv(
  db: Database,
  supplierId: number,
  view: AgentListView,
): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  const supplierName = await openSupplier(db, supplierId);
  const lines = (async function* () {
    yield UTF8_BOM + csvLines([EXPORT_HEADER]);
    let after: number | undefined;
    for (;;) {
      const rows = await agentListRows(db, supplierId, view, { limit: EXPORT_CHUNK, ...(after ? { after } : {}) });
      if (rows.length) {
        yield csvLines(
          rows.map((row) => [
            row.line,
            row.first_name,
            row.surname,
            csvText(row.mobile),
            row.email,
            csvText(shownIdNumber(view, row)),
            row.last_successful_login,
            row.user_audit_date,
            row.dealer_id === null ? null : `Z-${row.dealer_id}`,
            row.dealer_id === null ? null : `${row.dealer_first_name ?? ''} ${row.dealer_surname ?? ''}`.trim(),
            row.matched_by ? MATCHED_BY_LABELS[row.matched_by] : null,
          ]),
        );
      }
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.key;
    }
  })();
  return { fileName: agentListExportName(supplierName, view), lines };
}
