import { UTF8_BOM } from '@portal/domain/platform/csv';
import {
  EXPORT_PAGE_SIZE,
  UsersExportPage,
  usersExportHeader,
  usersExportLines,
} from '@portal/domain/teams/users-export';
import { api } from '../../../lib/api';

export interface ExportProgress {
  fetched: number;
  total: number;
}

/**
 * Every user as one CSV text (spec 1 §2.2, §9): read 1000 at a time, each page keyed on the one
 * before, reporting progress after each page.
 */
export async function exportAllUsers(
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ csv: string; rows: number }> {
  const parts = [UTF8_BOM, usersExportHeader()];
  let page = 1;
  let cursor: string | null = null;
  let fetched = 0;
  for (;;) {
    const answer: UsersExportPage = await api('/api/teams/export', {
      query: { page, pageSize: EXPORT_PAGE_SIZE, cursor },
      schema: UsersExportPage,
      signal,
    });
    parts.push(usersExportLines(answer.data));
    fetched += answer.data.length;
    onProgress({ fetched, total: Math.max(answer.pagination.totalCount, fetched) });
    cursor = answer.pagination.nextCursor;
    if (!cursor) break;
    page += 1;
  }
  return { csv: parts.join(''), rows: fetched };
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
