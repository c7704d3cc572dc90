import { maskSecret } from '@portal/domain/access/masking';
import type {
  AgentListImportStarted,
  AgentListImportStatus,
  AgentListReport,
} from '@portal/domain/orders/agent-list-import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createSupplier, createUser, grantFeatures, linkUser, type UserRow } from '../../db/seed/factories.ts';
import { insertAgentListImport } from './agent-list-import.queries.ts';
import { runAgentListImport } from './agent-list-import.service.ts';

// The Agent CSV import (spec 3 §2.1, §3.6; decision 025): a supplier's agent list, every row
// checked, matched to our dealers by ID number, else mobile, else e-mail; the supplier's stored
// list replaced; a report of matched, unmatched and our linked dealers missing from the list.

let ctx: TestContext;
let adminCookie: string;
let adminId: number;
let flaglessCookie: string;
let agentCookie: string;
let byId: UserRow;
let byMobile: UserRow;
let byEmail: UserRow;
let linkedMissing: UserRow;
let supplier: number;
let otherSupplier: number;

const PASSWORD = 'Secret123';
const HEADER = 'First_Name,Surname,Mobile_Number,Email,ID_Number,Last_Successful_Login,User_Audit_Date';
const unique = () => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');

async function upload(cookie: string, csv: string) {
  const boundary = 'agentsboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nsadv_agents\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="agents.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function status(id: number): Promise<AgentListImportStatus> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/imports/sadv-agents/${id}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AgentListImportStatus;
}

async function importCsv(csv: string, supplierId = supplier): Promise<AgentListImportStatus> {
  const file = await upload(adminCookie, csv);
  expect(file.statusCode).toBe(201);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/sadv-agents',
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
    payload: { supplierId, fileId: file.json().id },
  });
  expect(res.statusCode).toBe(202);
  const started = res.json() as AgentListImportStarted;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const row = await status(started.id);
    if (row.status === 'completed' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${started.id} did not finish`);
}

async function report(view: string, supplierId = supplier): Promise<AgentListReport> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/imports/sadv-agents/suppliers/${supplierId}/report?view=${view}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AgentListReport;
}

/** 0821234567 from +27821234567: how a supplier's file writes a mobile. */
const local = (phone: string) => `0${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(db, admin.id, ['Commissions']);
  adminId = admin.id;
  const flagless = await createUser(db, { isAdmin: true, password: PASSWORD });
  const agent = await createUser(db, { password: PASSWORD });
  supplier = (await createSupplier(db, { supplierName: `SADV ${unique()}` })).id;
  otherSupplier = (await createSupplier(db, { supplierName: `Other ${unique()}` })).id;
  byId = await createUser(db, { withoutLogin: true, identificationNo: `8001${unique()}` });
  byMobile = await createUser(db, { withoutLogin: true });
  byEmail = await createUser(db, { withoutLogin: true, email: `Mixed.Case${unique()}@Example.test` });
  linkedMissing = await createUser(db, { withoutLogin: true, identificationNo: `7002${unique()}` });
  for (const user of [byId, byMobile, byEmail, linkedMissing]) await linkUser(db, user.id, { supplierIds: [supplier] });
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  flaglessCookie = await ctx.signIn(flagless.email!, PASSWORD);
  agentCookie = await ctx.signIn(agent.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the Agent CSV import', () => {
  let firstId: number;

  it('matches by ID number first, else mobile, else e-mail; reports bad rows by line and reason', async () => {
    const csv = [
      HEADER,
      // ID number matches byId even though the mobile and e-mail are byMobile's and byEmail's.
      `Ann,Id,${local(byMobile.phone!)},${byEmail.email},${byId.identificationNo!.toLowerCase()},2026-11-01,2026-11-20`,
      `Ben,Mobile,${local(byMobile.phone!)},nobody@example.test,,2026-10-01 08:30,2026-11-20`,
      `Cara,Email,,${byEmail.email!.toUpperCase()},,,`,
      'Dumi,Stranger,0831112223,stranger@example.test,9999999999999,,',
      ',NoFirstName,0831112224,,,,',
      'Eve,BadPhone,12345,,,,',
      'Fay,NoKey,,,,,',
      'Gus,BadDate,0831112225,,,2026-02-30,',
    ].join('\n');
    const done = await importCsv(csv);
    firstId = done.id;
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ rows: 8, loaded: 4, matched: 3, rejected: 4 });
    expect(done.rejected.items).toEqual([
      { line: 6, reason: 'Missing First_Name' },
      { line: 7, reason: 'Invalid Mobile_Number "12345"' },
      { line: 8, reason: 'No ID_Number, Mobile_Number or Email to match on' },
      { line: 9, reason: expect.stringContaining('Invalid date: Last_Successful_Login "2026-02-30"') },
    ]);

    const matched = await report('matched');
    expect(matched.totals).toEqual({ matched: 3, unmatched: 1, missing: 1 });
    expect(matched.rows.map((row) => [row.line, row.dealerId, row.matchedBy])).toEqual([
      [2, byId.id, 'id_number'],
      [3, byMobile.id, 'mobile'],
      [4, byEmail.id, 'email'],
    ]);
    expect(matched.rows[1]).toMatchObject({ mobile: byMobile.phone, lastSuccessfulLogin: '2026-10-01' });
    const unmatched = await report('unmatched');
    expect(unmatched.rows.map((row) => [row.line, row.firstName, row.dealerId])).toEqual([[5, 'Dumi', null]]);
    const missing = await report('missing');
    expect(missing.rows.map((row) => row.dealerId)).toEqual([linkedMissing.id]);
  });

  it('leaves an audit row for the start (who, supplier, file) and one for what replacing the list did', async () => {
    const { rows } = await ctx.db.$client.query(
      `SELECT actor_user_id, action, after FROM audit_log
        WHERE entity = 'agent_list_imports' AND entity_id = $1 ORDER BY id`,
      [String(firstId)],
    );
    expect(rows).toEqual([
      {
        actor_user_id: adminId,
        action: 'orders.agent_list_import.start',
        after: expect.objectContaining({ supplierId: supplier, storedFileId: expect.any(String) }),
      },
      {
        actor_user_id: adminId,
        action: 'orders.agent_list_import.complete',
        after: { rows: 8, loaded: 4, matched: 3, rejected: 4 },
      },
    ]);
  });

  it('exports a view as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/imports/sadv-agents/suppliers/${supplier}/export?view=matched`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Matched.csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Line,First_Name,Surname,Mobile_Number,Email,ID_Number,Last_Successful_Login,User_Audit_Date,Dealer Code,Dealer Name,Matched By',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`Z-${byId.id}`);
    expect(lines[1]).toContain('ID number');
  });

  it("re-importing replaces the supplier's list and leaves other suppliers' lists alone", async () => {
    await importCsv([HEADER, `Zed,Other,,${byEmail.email},,,`].join('\n'), otherSupplier);
    const again = await importCsv([HEADER, `Ben,Mobile,${byMobile.phone},,,,`].join('\n'));
    expect(again.counts).toEqual({ rows: 1, loaded: 1, matched: 1, rejected: 0 });
    const after = await report('matched');
    expect(after.totals).toEqual({ matched: 1, unmatched: 0, missing: 3 });
    expect(after.importId).toBe(again.id);
    expect((await report('missing')).rows.map((row) => row.dealerId)).toEqual(
      [byId.id, byEmail.id, linkedMissing.id].sort((a, b) => a - b),
    );
    expect((await report('matched', otherSupplier)).rows.map((row) => row.dealerId)).toEqual([byEmail.id]);
    const stored = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from supplier_agent_list where suppliers_master_id = ${supplier}`,
    );
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('a file without the required columns fails and keeps the stored list', async () => {
    const failed = await importCsv(['First_Name,Surname', 'Ann,Id'].join('\n'));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('Mobile_Number');
    expect((await report('matched')).totals.matched).toBe(1);
  });

  it('a connection killed before the list is replaced keeps the old list; running again replaces it', async () => {
    const file = await upload(adminCookie, [HEADER, `Ann,Id,,,${byId.identificationNo},,`].join('\n'));
    const batch = await insertAgentListImport(ctx.db, {
      fileName: 'restart.csv',
      storedFileId: file.json().id,
      suppliersMasterId: supplier,
      status: 'queued',
    });
    const deps = { db: ctx.db, jobs: ctx.services.jobs, storage: ctx.services.storage };
    const killing = async (stage: string) => {
      if (stage !== 'processing') return;
      await ctx.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`);
    };
    await expect(runAgentListImport(deps, { importId: batch.id }, killing)).rejects.toThrow();
    expect((await report('matched')).rows.map((row) => row.dealerId)).toEqual([byMobile.id]);
    expect((await status(batch.id)).status).toBe('failed');

    await runAgentListImport(deps, { importId: batch.id }, async () => {});
    expect((await report('matched')).rows.map((row) => row.dealerId)).toEqual([byId.id]);
  });

  it('two imports for one supplier at once leave one whole list, never both merged', async () => {
    const target = (await createSupplier(ctx.db, { supplierName: `SADV race ${unique()}` })).id;
    const deps = { db: ctx.db, jobs: ctx.services.jobs, storage: ctx.services.storage };
    const batchOf = async (csv: string) => {
      const file = await upload(adminCookie, csv);
      return insertAgentListImport(ctx.db, {
        fileName: 'race.csv',
        storedFileId: file.json().id,
        suppliersMasterId: target,
        status: 'queued',
      });
    };
    const first = await batchOf([HEADER, 'Ann,First,0831110001,,,,', 'Ben,First,0831110002,,,,'].join('\n'));
    const second = await batchOf([HEADER, 'Cara,Second,0831110003,,,,'].join('\n'));
    let secondReplacing!: () => void;
    const secondAtReplace = new Promise<void>((resolve) => {
      secondReplacing = resolve;
    });
    // The first holds its transaction open after replacing the list until the second replaces too.
    const running = [
      runAgentListImport(deps, { importId: first.id }, async (stage) => {
        if (stage === 'complete') {
          await secondAtReplace;
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
      }),
      runAgentListImport(deps, { importId: second.id }, async (stage) => {
        if (stage === 'processing') secondReplacing();
      }),
    ];
    await Promise.all(running);
    const stored = await ctx.db.execute<{ first_name: string; import_id: number }>(
      sql`select first_name, import_id from supplier_agent_list where suppliers_master_id = ${target} order by line`,
    );
    // One file's rows, whole: the one that replaced the list last (the second, unless the first was
    // still loading when the second finished).
    const lists = { [first.id]: ['Ann', 'Ben'], [second.id]: ['Cara'] };
    const importIds = [...new Set(stored.rows.map((row) => row.import_id))];
    expect(importIds).toHaveLength(1);
    expect(stored.rows.map((row) => row.first_name)).toEqual(lists[importIds[0]!]);
  });

  it("shows our missing dealers' ID numbers masked, in the report and its export (they are whole only on a reveal)", async () => {
    const whole = linkedMissing.identificationNo!;
    expect(whole.length).toBeGreaterThan(4);
    const missing = await report('missing');
    const row = missing.rows.find((item) => item.dealerId === linkedMissing.id)!;
    expect(row.idNumber).toBe(maskSecret(whole));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/imports/sadv-agents/suppliers/${supplier}/export?view=missing`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Z-${linkedMissing.id}`);
    expect(res.body).not.toContain(whole);
    expect(res.body).toContain(whole.slice(-4));
  });

  it('refuses an admin without the Commissions flag and an agent; 404 for an unknown supplier', async () => {
    for (const cookie of [flaglessCookie, agentCookie]) {
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/imports/sadv-agents/suppliers/${supplier}/report`,
        headers: { cookie },
      });
      expect(read.statusCode).toBe(403);
      const status = await ctx.app.inject({
        method: 'GET',
        url: `/api/imports/sadv-agents/${firstId}`,
        headers: { cookie },
      });
      expect(status.statusCode).toBe(403);
    }
    const file = await upload(flaglessCookie, [HEADER, 'A,B,0831112223,,,,'].join('\n'));
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/sadv-agents',
      headers: { cookie: flaglessCookie, origin: TEST_ORIGIN },
      payload: { supplierId: supplier, fileId: file.json().id },
    });
    expect(start.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/sadv-agents/suppliers/999999/report',
      headers: { cookie: adminCookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
