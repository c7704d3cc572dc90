import { z } from 'zod';
import { displayPhone } from '../people/phone.ts';
import { zCode } from '../people/z-code.ts';
import { type CsvValue, csvLines, csvText } from '../platform/csv.ts';
import { PageNumber } from '../platform/problem.ts';
import { TeamPagination } from './team-list.ts';

// '/all-users' (admin): every user as CSV, read in pages of 1000 with a progress bar (spec 1 §2.2,
// §9). The server answers pages of rows; the page writes them with the shared CSV writer.

/** Spec 1 §9: the all-users export reads 1000 users a request. */
export const EXPORT_PAGE_SIZE = 1000;

export const UsersExportQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(EXPORT_PAGE_SIZE).default(EXPORT_PAGE_SIZE),
  cursor: z.string().max(512).optional(),
});
export type UsersExportQuery = z.infer<typeof UsersExportQuery>;

export const UsersExportRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  surname: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lifecycleStatusId: z.number().int(),
  lifecycleStatus: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  isAdmin: z.boolean(),
  isLeader: z.boolean(),
  userType: z.string(),
  tier: z.number().int(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  createdAt: z.string(),
});
export type UsersExportRow = z.infer<typeof UsersExportRow>;

export const UsersExportPage = z.object({ data: z.array(UsersExportRow), pagination: TeamPagination });
export type UsersExportPage = z.infer<typeof UsersExportPage>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The columns of the file, in order: heading and value. */
export const USERS_EXPORT_COLUMNS: ReadonlyArray<readonly [string, (row: UsersExportRow) => CsvValue]> = [
  ['Code', (row) => zCode(row.id)],
  ['First Name', (row) => row.firstName],
  ['Middle Name', (row) => row.middleName],
  ['Surname', (row) => row.surname],
  ['Company', (row) => row.companyName],
  ['Email', (row) => row.email],
  ['Phone', (row) => csvText(displayPhone(row.phone))],
  ['Status', (row) => row.lifecycleStatus],
  ['Parent Code', (row) => (row.parentId === null ? 'Top Level' : zCode(row.parentId))],
  ['Parent Name', (row) => row.parentName],
  ['Admin', (row) => yesNo(row.isAdmin)],
  ['Leader', (row) => yesNo(row.isLeader)],
  ['User Type', (row) => row.userType],
  ['Tier', (row) => row.tier],
  ['Email Verified', (row) => yesNo(row.emailVerified)],
  ['Phone Verified', (row) => yesNo(row.phoneVerified)],
  ['Street', (row) => row.street],
  ['Suburb', (row) => row.suburb],
  ['City', (row) => row.city],
  ['Province', (row) => row.province],
  ['Postal Code', (row) => csvText(row.postalCode)],
  ['Created', (row) => row.createdAt.slice(0, 10)],
];

export function usersExportHeader(): string {
  return csvLines([USERS_EXPORT_COLUMNS.map(([heading]) => heading)]);
}

/** One page of rows as CSV lines (no header), ready to be appended to the file. */
export function usersExportLines(rows: readonly UsersExportRow[]): string {
  return csvLines(rows.map((row) => USERS_EXPORT_COLUMNS.map(([, value]) => value(row))));
}

export function usersExportFileName(today: Date): string {
  return `all-users-${today.toISOString().slice(0, 10)}.csv`;
}
