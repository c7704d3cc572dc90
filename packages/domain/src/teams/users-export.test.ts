import { describe, expect, it } from 'vitest';
import { type UsersExportRow, usersExportHeader, usersExportLines } from './users-export.ts';

const row: UsersExportRow = {
  id: 42,
  firstName: '=cmd|calc',
  middleName: null,
  surname: 'Nkosi, Jr',
  companyName: 'The "Best" Sales',
  email: 'thabo@mail.test',
  phone: '+27821234567',
  lifecycleStatusId: 2,
  lifecycleStatus: 'Active',
  parentId: null,
  parentName: null,
  isAdmin: false,
  isLeader: true,
  userType: 'Agent',
  tier: 3,
  emailVerified: true,
  phoneVerified: false,
  street: '12 Long Street\nUnit 4',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'WC',
  postalCode: '8001',
  createdAt: '2025-06-01T08:00:00.000Z',
};

describe('users export', () => {
  it('starts with the column headings', () => {
    expect(usersExportHeader()).toMatch(/^Code,First Name,Middle Name,Surname,Company,Email,Phone,Status,/);
    expect(usersExportHeader().endsWith('\r\n')).toBe(true);
  });

  it('writes a row with the phone kept as text so its 0 survives a spreadsheet, quoting and formula neutralising', () => {
    const line = usersExportLines([row]);
    expect(line).toBe(
      `Z-42,'=cmd|calc,,"Nkosi, Jr","The ""Best"" Sales",thabo@mail.test,"=""0821234567""",Active,Top Level,,No,Yes,Agent,3,Yes,No,"12 Long Street\nUnit 4",Gardens,Cape Town,WC,"=""8001""",2025-06-01\r\n`,
    );
  });
});
