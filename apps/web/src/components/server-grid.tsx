import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { DataGrid, type DataGridProps, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { gridFrameSx } from '../lib/grid-frame';

/** The page sizes every server-paged list offers. */
export const PAGE_SIZES = [25, 50, 100];

/** The page shown of a server-paged list; starts on the first page of `pageSize` rows. */
export function usePageModel(pageSize = 50) {
  return useState<GridPaginationModel>({ page: 0, pageSize });
}

export type ServerGridProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'paginationMode' | 'rowCount'> & {
  /** How many rows match on the server (the grid shows one page of them). */
  total: number;
  /** An outlined card around the grid (lists on a page) or none (a grid inside a card). */
  framed?: boolean;
  /** The server counted up to `total` and stopped: more match (the footer says "more than"). */
  totalIsAtLeast?: boolean;
};

/**
 * A Data Grid over a server-paged list: the server filters and pages, the grid shows one page in
 * a frame as tall as its rows, with the house defaults (no row selection on click, no column menu).
 */
export function ServerGrid<R extends GridValidRowModel>({
  total,
  totalIsAtLeast = false,
  framed = true,
  ...props
}: ServerGridProps<R>) {
  // An open-ended count: the grid pages on while a page comes back full.
  const openEnded = totalIsAtLeast
    ? {
        rowCount: -1,
        estimatedRowCount: total,
        paginationMeta: { hasNextPage: (props.rows?.length ?? 0) >= (props.paginationModel?.pageSize ?? 1) },
        localeText: {
          paginationDisplayedRows: ({ from, to }: { from: number; to: number }) =>
            `${from}–${to} of more than ${total.toLocaleString('en-ZA')}`,
        },
      }
    : { rowCount: total };
  const grid = (
    <DataGrid<R>
      paginationMode="server"
      {...openEnded}
      pageSizeOptions={PAGE_SIZES}
      disableRowSelectionOnClick
      disableColumnMenu
      {...props}
    />
  );
  return framed ? (
    <Paper variant="outlined" sx={gridFrameSx}>
      {grid}
    </Paper>
  ) : (
    <Box sx={gridFrameSx}>{grid}</Box>
  );
}
