import type { GridPaginationModel } from '@mui/x-data-grid';
import { DEFAULT_TEAM_PAGE_SIZE } from '@portal/domain/teams/team-list';
import { useCallback, useState } from 'react';

interface KeysetState {
  listKey: string;
  model: GridPaginationModel;
  /** The cursor that starts each page (0-based page index), as the server handed them out. */
  cursors: Map<number, string>;
}

/**
 * Server paging for a DataGrid read by key (spec 1 §9 page sizes): the cursor the server gives with
 * one page starts the next, and going back reuses the one kept for that page. Another list (search,
 * filter) or page size starts again at the first page.
 */
export function useKeysetPages(listKey: string) {
  const [state, setState] = useState<KeysetState>(() => ({
    listKey,
    model: { page: 0, pageSize: DEFAULT_TEAM_PAGE_SIZE },
    cursors: new Map(),
  }));
  let current = state;
  if (state.listKey !== listKey) {
    current = { listKey, model: { ...state.model, page: 0 }, cursors: new Map() };
    setState(current);
  }

  const onPaginationModelChange = useCallback((next: GridPaginationModel) => {
    setState((previous) =>
      next.pageSize !== previous.model.pageSize
        ? { ...previous, model: { page: 0, pageSize: next.pageSize }, cursors: new Map() }
        : { ...previous, model: next },
    );
  }, []);

  /** Keeps the cursor of the page after `pageIndex`. */
  const cursors = current.cursors;
  const remember = useCallback(
    (pageIndex: number, nextCursor: string | null) => {
      if (nextCursor) cursors.set(pageIndex + 1, nextCursor);
    },
    [cursors],
  );

  return {
    paginationModel: current.model,
    onPaginationModelChange,
    /** What to ask the server for: 1-based page, size and the key when known. */
    request: {
      page: current.model.page + 1,
      pageSize: current.model.pageSize,
      cursor: current.cursors.get(current.model.page),
    },
    remember,
  };
}
