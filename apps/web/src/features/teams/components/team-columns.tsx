import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { displayPhone } from '@portal/domain/people/phone';
import { dealerLabel, type TeamMember } from '@portal/domain/teams/team-list';
import { Link as RouterLink } from 'react-router';
import { teamPaths } from '../team-paths';
import { StatusChip, YesNoChip } from './team-chips';

const link = (to: string, text: string, label?: string) => (
  <Link component={RouterLink} to={to} underline="hover" aria-label={label}>
    {text}
  </Link>
);

const parentText = (row: TeamMember) => (row.parent ? `${row.parent.zCode}: ${row.parent.name}` : 'Top Level');

const common = { sortable: false, filterable: false, disableColumnMenu: true } as const;

/** Manage Teams columns (spec 1 §2.8). */
export function manageTeamsColumns(showDownstream: boolean): GridColDef<TeamMember>[] {
  return [
    { ...common, field: 'zCode', headerName: 'Code', width: 64 },
    {
      ...common,
      field: 'name',
      headerName: 'Name',
      minWidth: 150,
      flex: 1.2,
      valueGetter: (_value, row) => dealerLabel(row),
      renderCell: ({ row }) => link(teamPaths.userDetail(row.id), dealerLabel(row)),
    },
    {
      ...common,
      field: 'lifecycleStatusId',
      headerName: 'Status',
      width: 100,
      renderCell: ({ row }) => <StatusChip statusId={row.lifecycleStatusId} />,
    },
    {
      ...common,
      field: 'phone',
      headerName: 'Phone',
      width: 100,
      valueFormatter: (value: string | null) => displayPhone(value),
    },
    { ...common, field: 'email', headerName: 'Email', minWidth: 130, flex: 1 },
    {
      ...common,
      field: 'parent',
      headerName: 'Parent',
      minWidth: 120,
      flex: 0.8,
      valueGetter: (_value, row) => parentText(row),
    },
    {
      ...common,
      field: 'details',
      headerName: 'Details',
      width: 66,
      renderCell: ({ row }) => link(teamPaths.userDetail(row.id), 'Details', `Details of ${row.zCode}`),
    },
    ...(showDownstream
      ? [
          {
            ...common,
            field: 'downstream',
            headerName: 'Downstream',
            width: 108,
            renderCell: ({ row }) =>
              link(teamPaths.childDownstream(row.id), 'Downstream', `Downstream of ${row.zCode}`),
          } satisfies GridColDef<TeamMember>,
        ]
      : []),
    {
      ...common,
      field: 'emailVerified',
      headerName: 'Email Verified',
      width: 82,
      renderCell: ({ row }) => <YesNoChip value={row.emailVerified} label="Email Verified" />,
    },
    {
      ...common,
      field: 'phoneVerified',
      headerName: 'Phone Verified',
      width: 82,
      renderCell: ({ row }) => <YesNoChip value={row.phoneVerified} label="Phone Verified" />,
    },
  ];
}

/** Downstream view columns (spec 1 §2.9): Name, Phone, Parent (Z-{parent id}), Details, Downstream. */
export function downstreamColumns(showDownstream: boolean): GridColDef<TeamMember>[] {
  return [
    {
      ...common,
      field: 'name',
      headerName: 'Name',
      minWidth: 220,
      flex: 1.4,
      valueGetter: (_value, row) => dealerLabel(row),
      renderCell: ({ row }) => link(teamPaths.userDetail(row.id), dealerLabel(row)),
    },
    {
      ...common,
      field: 'lifecycleStatusId',
      headerName: 'Status',
      width: 100,
      renderCell: ({ row }) => <StatusChip statusId={row.lifecycleStatusId} />,
    },
    {
      ...common,
      field: 'phone',
      headerName: 'Phone',
      width: 130,
      valueFormatter: (value: string | null) => displayPhone(value),
    },
    {
      ...common,
      field: 'parent',
      headerName: 'Parent',
      width: 120,
      valueGetter: (_value, row) => row.parent?.zCode ?? 'Top Level',
    },
    {
      ...common,
      field: 'details',
      headerName: 'Details',
      width: 90,
      renderCell: ({ row }) => link(teamPaths.userDetail(row.id), 'Details', `Details of ${row.zCode}`),
    },
    ...(showDownstream
      ? [
          {
            ...common,
            field: 'downstream',
            headerName: 'Downstream',
            width: 120,
            renderCell: ({ row }) =>
              link(teamPaths.childDownstream(row.id), 'Downstream', `Downstream of ${row.zCode}`),
          } satisfies GridColDef<TeamMember>,
        ]
      : []),
  ];
}
