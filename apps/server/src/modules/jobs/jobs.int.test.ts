import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { jobProgress } from '../../db/schema/index.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';
import type { PortalEvent } from '../../platform/events.ts';
import { COMMISSION_IMPORT_QUEUE } from '../commissions/commission-import.service.ts';
import { AGENT_LIST_IMPORT_QUEUE } from '../orders/agent-list-import.service.ts';

let ctx: TestContext;
let gate: () => void;
const gateOpen = new Promise<void>((resolve) => {
  gate = resolve;
});

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.jobs.define<{ rows: number }>('test.import', async (data, progress) => {
    await progress('reading', 10, 'Reading the file');
    await progress('checking', 40);
    await progress('writing', 80, `Writing ${data.rows} rows`);
    return { imported: data.rows };
  });
  ctx.jobs.define<{ row: number }>('test.broken', async (data, progress) => {
    await progress('checking', 25);
    throw new Error(`Row ${data.row}: the ID number is not valid`);
  });
  ctx.jobs.define('test.waiting', async (_data, progress) => {
    await progress('waiting', 50);
    await gateOpen;
    return 'done';
  });
});
afterAll(async () => {
  gate?.();
  await ctx?.close();
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function getJob(cookie: string, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: { cookie } });
}

async function settled(cookie: string, id: string) {
  return waitFor(async () => {
    const body = (await getJob(cookie, id)).json();
    return body.state === 'completed' || body.state === 'failed' ? body : undefined;
  });
}

async function bossState(id: string): Promise<string | undefined> {
  const { rows } = await ctx.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
  return rows[0]?.state;
}

describe('jobs on pg-boss', () => {
  it('creates the progress row, queued, in the same call as the pg-boss job', async () => {
    const user = await createUser(ctx.db);
    // A queue nobody works on here: the job stays where enqueue left it.
    const id = await ctx.jobs.enqueue('test.unworked', { n: 1 }, { startedByUserId: user.id });
    expect(await ctx.jobs.get(id)).toMatchObject({
      jobId: id,
      queue: 'test.unworked',
      state: 'queued',
      stage: 'queued',
      percent: 0,
      startedByUserId: user.id,
    });
    expect(await bossState(id)).toBe('created');
  });

  it('enqueues many jobs of a queue within a transaction at once: each gets its row and runs; a rollback leaves none', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const ids = await ctx.db.transaction((tx) =>
      ctx.jobs.enqueueManyWithin(tx, 'test.import', [{ rows: 1 }, { rows: 2 }, { rows: 3 }], {
        startedByUserId: user.id,
      }),
    );
    ctx.jobs.wake('test.import');
    expect(ids).toHaveLength(3);
    const done = await Promise.all(ids.map((id) => settled(cookie, id)));
    expect(done.map((job) => [job.state, job.result])).toEqual([
      ['completed', { imported: 1 }],
      ['completed', { imported: 2 }],
      ['completed', { imported: 3 }],
    ]);

    let dropped: string[] = [];
    await expect(
      ctx.db.transaction(async (tx) => {
        dropped = await ctx.jobs.enqueueManyWithin(tx, 'test.unworked', [{ n: 1 }, { n: 2 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(dropped).toHaveLength(2);
    for (const id of dropped) {
      expect(await ctx.jobs.get(id)).toBeUndefined();
      expect(await bossState(id)).toBeUndefined();
    }
  });

  it('runs a job through pg-boss, reporting stages and percent, and shows it completed with its result', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const events: PortalEvent[] = [];
    const unsubscribe = ctx.events.subscribe(user.id, (event) => events.push(event));

    const id = await ctx.jobs.enqueue('test.import', { rows: 120 }, { startedByUserId: user.id });
    const done = await settled(cookie, id);
    expect(done).toMatchObject({
      id,
      queue: 'test.import',
      state: 'completed',
      stage: 'completed',
      percent: 100,
      result: { imported: 120 },
      startedByUserId: user.id,
    });
    expect(await waitFor(async () => ((await bossState(id)) === 'completed' ? true : undefined))).toBe(true);

    // Every step reached the starter as a `job.progress` event on `job.{id}`, in order.
    await waitFor(async () => (events.some((event) => event.data.state === 'completed') ? true : undefined));
    unsubscribe();
    expect(events.every((event) => event.channel === `job.${id}` && event.type === 'job.progress')).toBe(true);
    expect(events.map((event) => [event.data.state, event.data.stage, event.data.percent])).toEqual([
      ['running', 'started', 0],
      ['running', 'reading', 10],
      ['running', 'checking', 40],
      ['running', 'writing', 80],
      ['completed', 'completed', 100],
    ]);
    expect(events[1]!.data.message).toBe('Reading the file');
  });

  it('ends a job that throws as failed, with its message', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const id = await ctx.jobs.enqueue('test.broken', { row: 7 }, { startedByUserId: user.id });
    const done = await settled(cookie, id);
    expect(done).toMatchObject({
      state: 'failed',
      stage: 'checking',
      percent: 25,
      message: 'Row 7: the ID number is not valid',
      result: null,
    });
    expect(await waitFor(async () => ((await bossState(id)) === 'failed' ? true : undefined))).toBe(true);
  });

  it('shows a running job as running with its last stage', async () => {
    const user = await createUser(ctx.db);
    const cookie = await ctx.signIn(user.email!);
    const id = await ctx.jobs.enqueue('test.waiting', {}, { startedByUserId: user.id });
    const running = await waitFor(async () => {
      const body = (await getJob(cookie, id)).json();
      return body.stage === 'waiting' ? body : undefined;
    });
    expect(running).toMatchObject({ state: 'running', percent: 50 });
    gate();
    expect(await settled(cookie, id)).toMatchObject({ state: 'completed', result: 'done' });
  });

  it('runs a defined job in-process with runNow (for module tests)', async () => {
    const row = await ctx.jobs.runNow('test.import', { rows: 3 });
    expect(row).toMatchObject({ state: 'completed', percent: 100, result: { imported: 3 } });
    const failed = await ctx.jobs.runNow('test.broken', { row: 2 });
    expect(failed).toMatchObject({ state: 'failed', message: 'Row 2: the ID number is not valid' });
  });
});

describe('GET /api/jobs/:id', () => {
  it('is for the user who started the job', async () => {
    const starter = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const id = await ctx.jobs.enqueue('test.unworked', {}, { startedByUserId: starter.id });

    expect((await getJob(await ctx.signIn(starter.email!), id)).json()).toMatchObject({ id, state: 'queued' });
    const refused = await getJob(await ctx.signIn(other.email!), id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const cookie = await ctx.signIn(other.email!);
    const unknown = await getJob(cookie, '0b5c8f4e-2d7a-4a53-9d59-6d7a3c1b2a10');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('JOB_NOT_FOUND');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${id}` })).statusCode).toBe(401);
  });

  it('shows another admin’s import job only to admins holding its screen’s flag (the report names people)', async () => {
    // An agent list import's rejected rows quote mobiles and e-mails: the Commissions flag's, not every admin's.
    const starter = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, starter.id, ['Commissions']);
    const flagless = await createUser(ctx.db, { isAdmin: true });
    const helpdesk = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, helpdesk.id, ['Sales Assist', 'Agent Support']);
    const colleague = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, colleague.id, ['Commissions']);
    const result = { rejected: [{ line: 2, reason: 'Invalid Email "thandi@@mail.test"' }] };
    for (const queue of [AGENT_LIST_IMPORT_QUEUE, COMMISSION_IMPORT_QUEUE]) {
      const id = randomUUID();
      await ctx.db
        .insert(jobProgress)
        .values({ jobId: id, queue, startedByUserId: starter.id, state: 'completed', percent: 100, result });
      for (const outsider of [flagless, helpdesk]) {
        const refused = await getJob(await ctx.signIn(outsider.email!), id);
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('thandi');
      }
      expect((await getJob(await ctx.signIn(colleague.email!), id)).json()).toMatchObject({ id, result });
      expect((await getJob(await ctx.signIn(starter.email!), id)).statusCode).toBe(200);
    }
  });

  it('shows a job of a queue no screen follows to its starter alone, not to every admin', async () => {
    const starter = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, admin.id, ['Commissions', 'Users Management']);
    const id = await ctx.jobs.enqueue('test.unworked', {}, { startedByUserId: starter.id });
    expect((await getJob(await ctx.signIn(starter.email!), id)).statusCode).toBe(200);
    expect((await getJob(await ctx.signIn(admin.email!), id)).statusCode).toBe(403);
  });
});
