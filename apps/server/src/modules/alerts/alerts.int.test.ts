import type { NewAlertRequest, SentAlert, UserAlert } from '@portal/domain/alerts/alerts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createProductType, createSupplier, createUser, linkUser, type UserRow } from '../../db/seed/factories.ts';
import { ALERT_COPIES_QUEUE } from './alerts.service.ts';

let ctx: TestContext;
let admin: UserRow;
let leader: UserRow;
let agent: UserRow;
let member: UserRow;
let outsider: UserRow;
let deleted: UserRow;
let cookies: Record<'admin' | 'leader' | 'agent' | 'outsider', string>;
let supplierA: number;
let productA: number;

const PASSWORD = 'Secret123';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD, structureLevel: 1 });
  leader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD, structureLevel: 2 });
  agent = await createUser(db, {
    parentId: leader.id,
    password: PASSWORD,
    structureLevel: 3,
    email: 'agent.copy@mail.test',
  });
  member = await createUser(db, { parentId: leader.id, withoutLogin: true, structureLevel: 3, phone: '+27821110001' });
  deleted = await createUser(db, {
    parentId: leader.id,
    withoutLogin: true,
    structureLevel: 3,
    refsUserLifecycleStatusId: 4,
  });
  const otherLeader = await createUser(db, {
    parentId: admin.id,
    isLeader: true,
    withoutLogin: true,
    structureLevel: 2,
  });
  outsider = await createUser(db, { parentId: otherLeader.id, password: PASSWORD, structureLevel: 3 });
  const pt = await createProductType(db, 'Fibre alerts');
  productA = pt.id;
  supplierA = (await createSupplier(db, { supplierName: 'Alerts Supplier A' })).id;
  const supplierB = (await createSupplier(db, { supplierName: 'Alerts Supplier B' })).id;
  await linkUser(db, agent.id, { supplierIds: [supplierA] });
  await linkUser(db, deleted.id, { supplierIds: [supplierA], productTypeIds: [productA] });
  await linkUser(db, outsider.id, { supplierIds: [supplierB], productTypeIds: [productA] });
  cookies = {
    admin: await ctx.signIn(admin.email!, PASSWORD),
    leader: await ctx.signIn(leader.email!, PASSWORD),
    agent: await ctx.signIn(agent.email!, PASSWORD),
    outsider: await ctx.signIn(outsider.email!, PASSWORD),
  };
});

afterAll(async () => {
  await ctx?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: keyof typeof cookies, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: cookies[who], origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });
}

async function send(who: keyof typeof cookies, body: Partial<NewAlertRequest>) {
  return call('POST', '/api/alerts/new-alert', who, {
    title: 'Hello',
    active: true,
    description: '<p>Hi</p>',
    ...body,
  });
}

async function recipientsOf(alertId: number): Promise<number[]> {
  const result = await ctx.db.execute<{ user_id: number }>(
    sql`select user_id from alert_recipients where alert_id = ${alertId} order by user_id`,
  );
  return result.rows.map((row) => Number(row.user_id));
}

async function alertCount(): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from alerts`);
  return Number(result.rows[0]!.n);
}

describe('targeting', () => {
  it('lets a leader send a group alert inside their downstream', async () => {
    const response = await send('leader', { target_user_ids: [agent.id, member.id] });
    expect(response.statusCode).toBe(200);
    const { id, recipients } = response.json() as { id: number; recipients: number };
    expect(recipients).toBe(2);
    expect(await recipientsOf(id)).toEqual([agent.id, member.id].sort((a, b) => a - b));
    const [row] = (
      await ctx.db.execute<{ created_by: number; is_individual: boolean }>(
        sql`select created_by, is_individual from alerts where id = ${id}`,
      )
    ).rows;
    expect(row).toEqual({ created_by: leader.id, is_individual: true });
  });

  it('refuses a leader targeting anyone outside their branch, storing nothing', async () => {
    const before = await alertCount();
    const response = await send('leader', { target_user_ids: [agent.id, outsider.id] });
    expect(response.statusCode).toBe(403);
    expect(await alertCount()).toBe(before);
  });

  it('refuses segments from leaders and alerts from agents', async () => {
    expect((await send('leader', { refs_user_segment_type_id: 1 })).statusCode).toBe(403);
    expect((await send('agent', { target_user_ids: [agent.id] })).statusCode).toBe(403);
  });

  it('ignores a forged created_by from a leader (403) and records the caller for admins', async () => {
    expect((await send('leader', { created_by: admin.id, target_user_ids: [agent.id] })).statusCode).toBe(403);
    const response = await send('admin', { created_by: leader.id, target_user_ids: [agent.id] });
    const { id } = response.json() as { id: number };
    const [row] = (await ctx.db.execute<{ created_by: number }>(sql`select created_by from alerts where id = ${id}`))
      .rows;
    expect(row!.created_by).toBe(admin.id);
  });

  it('resolves an admin supplier segment to linked users only, without deleted users', async () => {
    const response = await send('admin', { refs_user_segment_type_id: 3, supplier_ids: [supplierA] });
    expect(response.statusCode).toBe(200);
    expect(await recipientsOf((response.json() as { id: number }).id)).toEqual([agent.id]);
  });

  it('resolves a product type segment', async () => {
    const response = await send('admin', { refs_user_segment_type_id: 2, product_type_ids: [productA] });
    expect(await recipientsOf((response.json() as { id: number }).id)).toEqual([outsider.id]);
  });

  it('resolves a structure level segment', async () => {
    const response = await send('admin', { refs_user_segment_type_id: 4, structure_level: 2 });
    const ids = await recipientsOf((response.json() as { id: number }).id);
    expect(ids).toContain(leader.id);
    expect(ids).not.toContain(agent.id);
    expect(ids).not.toContain(admin.id);
  });

  it('resolves all users except deleted ones', async () => {
    const response = await send('admin', { refs_user_segment_type_id: 1 });
    const ids = await recipientsOf((response.json() as { id: number }).id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, leader.id, agent.id, member.id, outsider.id]));
    expect(ids).not.toContain(deleted.id);
  });

  it('requires the segment details', async () => {
    expect((await send('admin', { refs_user_segment_type_id: 3, supplier_ids: [] })).statusCode).toBe(400);
    expect((await send('admin', {})).statusCode).toBe(400);
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links, keeps formatting, links and images', async () => {
    const description =
      '<p><b>Big</b> news<script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(2)"> <a href="javascript:alert(3)">bad</a> <a href="https://example.com">good</a></p>';
    const response = await send('leader', { target_user_ids: [agent.id], description });
    const { id } = response.json() as { id: number };
    const single = await call('GET', `/api/alerts/single-alert?user_id=${agent.id}&id=${id}`, 'agent');
    const html = (single.json() as UserAlert).description;
    expect(html).not.toMatch(/script|onerror|javascript:/i);
    expect(html).toContain('<b>Big</b>');
    expect(html).toContain('<img src="https://example.com/x.png" />');
    expect(html).toContain('href="https://example.com"');
  });
});

describe('read state', () => {
  it('marks read, unread and all read, and counts unread', async () => {
    const count = async () =>
      ((await call('GET', '/api/alerts/unread-count', 'agent')).json() as { count: number }).count;
    const start = await count();
    expect(start).toBeGreaterThan(0);
    const { id } = (await send('leader', { target_user_ids: [agent.id], title: 'Read me' })).json() as { id: number };
    expect(await count()).toBe(start + 1);
    expect((await call('POST', '/api/alerts/mark-read', 'agent', { user_id: agent.id, alert_id: id })).statusCode).toBe(
      200,
    );
    expect(await count()).toBe(start);
    const list = (await call('GET', `/api/alerts/for-user?user_id=${agent.id}`, 'agent')).json() as UserAlert[];
    expect(list.find((a) => a.id === id)).toMatchObject({
      seen: true,
      active: true,
      is_individual: true,
      title: 'Read me',
    });
    await call('POST', '/api/alerts/mark-unread', 'agent', { user_id: agent.id, alert_id: id });
    expect(await count()).toBe(start + 1);
    await call('POST', '/api/alerts/mark-all-read', 'agent');
    expect(await count()).toBe(0);
  });

  it('hides inactive alerts from the recipient and lists them for the sender', async () => {
    const { id } = (await send('leader', { target_user_ids: [agent.id], title: 'Switch off' })).json() as {
      id: number;
    };
    const update = await call('PUT', '/api/alerts/update-alert', 'leader', {
      id,
      title: 'Switched off',
      description: '<p onclick="x()">Off</p>',
      active: false,
    });
    expect(update.statusCode).toBe(200);
    expect((update.json() as SentAlert).description).toBe('<p>Off</p>');
    const list = (await call('GET', `/api/alerts/for-user?user_id=${agent.id}`, 'agent')).json() as UserAlert[];
    expect(list.some((a) => a.id === id)).toBe(false);
    const inactive = (await call('GET', '/api/alerts/mine?status=inactive', 'leader')).json() as SentAlert[];
    expect(inactive.map((a) => a.id)).toContain(id);
    const active = (await call('GET', '/api/alerts/mine', 'leader')).json() as SentAlert[];
    expect(active.map((a) => a.id)).not.toContain(id);
    expect(active.every((a) => a.created_by === leader.id)).toBe(true);
  });
});

describe('permissions on the §7 calls', () => {
  it('answers 403 when user_id is not the caller, unless admin', async () => {
    const { id } = (await send('leader', { target_user_ids: [agent.id] })).json() as { id: number };
    expect((await call('GET', `/api/alerts/user-alerts?user_id=${agent.id}`, 'outsider')).statusCode).toBe(403);
    expect((await call('GET', `/api/alerts/for-user?user_id=${agent.id}`, 'outsider')).statusCode).toBe(403);
    expect((await call('GET', `/api/alerts/single-alert?user_id=${agent.id}&id=${id}`, 'outsider')).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/alerts/mark-read', 'outsider', { user_id: agent.id, alert_id: id })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/alerts/mark-unread', 'outsider', { user_id: agent.id, alert_id: id })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/alerts/for-user?user_id=${agent.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/alerts/user-alerts?user_id=${agent.id}`, 'agent')).statusCode).toBe(200);
  });

  it('keeps waiting users away from the bell (403), as the page hides it', async () => {
    const waiting = await createUser(ctx.db, { parentId: leader.id, password: PASSWORD, refsUserLifecycleStatusId: 1 });
    const cookie = await ctx.signIn(waiting.email!, PASSWORD);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/alerts/unread-count', headers: { cookie } });
    expect(response.statusCode).toBe(403);
  });

  it('shows a recipient no inactive alert by its id (a draft or one switched off), while its sender still opens it', async () => {
    const draft = (await send('leader', { target_user_ids: [agent.id], title: 'Not yet', active: false })).json() as {
      id: number;
    };
    const single = (who: 'agent' | 'leader', userId: number, id: number) =>
      call('GET', `/api/alerts/single-alert?user_id=${userId}&id=${id}`, who);
    expect((await single('agent', agent.id, draft.id)).statusCode).toBe(404);
    expect((await single('leader', leader.id, draft.id)).json()).toMatchObject({ title: 'Not yet', active: false });

    const live = (await send('leader', { target_user_ids: [agent.id], title: 'Live' })).json() as { id: number };
    expect((await single('agent', agent.id, live.id)).statusCode).toBe(200);
    await call('PUT', '/api/alerts/update-alert', 'leader', {
      id: live.id,
      title: 'Live',
      description: '',
      active: false,
    });
    expect((await single('agent', agent.id, live.id)).statusCode).toBe(404);
  });

  it('lets only the creator or an admin update an alert', async () => {
    const { id } = (await send('leader', { target_user_ids: [agent.id] })).json() as { id: number };
    const body = { id, title: 'x', description: '', active: true };
    expect((await call('PUT', '/api/alerts/update-alert', 'agent', body)).statusCode).toBe(403);
    expect((await call('PUT', '/api/alerts/update-alert', 'admin', body)).statusCode).toBe(200);
  });

  it('a user who did not receive an alert cannot mark it (404 with the spec text)', async () => {
    const { id } = (await send('leader', { target_user_ids: [member.id] })).json() as { id: number };
    const response = await call('POST', '/api/alerts/mark-read', 'agent', { user_id: agent.id, alert_id: id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'Failed to mark alert as read' });
  });

  it('limits the recipient search to the leader’s downstream', async () => {
    const options = (await call('GET', `/api/alerts/recipients?search=Z-${outsider.id}`, 'leader')).json() as unknown[];
    expect(options).toEqual([]);
    const mine = (await call('GET', `/api/alerts/recipients?search=Z-${agent.id}`, 'leader')).json() as unknown[];
    expect(mine).toHaveLength(1);
  });
});

describe('copies', () => {
  it('sends e-mail and SMS copies through the job to the outbox', async () => {
    const response = await send('leader', {
      target_user_ids: [agent.id, member.id],
      title: 'Copy alert',
      send_email: true,
      send_sms: true,
    });
    const { id } = response.json() as { id: number };
    const jobRow = await ctx.services.jobs.runNow(ALERT_COPIES_QUEUE, { alertId: id });
    expect(jobRow.state).toBe('completed');
    const outbox = await ctx.db.execute<{ channel: string; recipient: string }>(
      sql`select channel, recipient from outbox_messages where subject = 'Copy alert' or body like 'Copy alert%' order by channel, recipient`,
    );
    expect(outbox.rows).toEqual(
      expect.arrayContaining([
        { channel: 'email', recipient: 'agent.copy@mail.test' },
        { channel: 'sms', recipient: '+27821110001' },
      ]),
    );
  });
});

describe('copies to a large audience', () => {
  it('writes every copy with a few statements a batch, not a statement (or a transaction) per recipient', async () => {
    const people: UserRow[] = [];
    for (let i = 0; i < 40; i++) {
      people.push(
        await createUser(ctx.db, {
          parentId: leader.id,
          withoutLogin: true,
          structureLevel: 3,
          email: `crowd${i}.copy@mail.test`,
          phone: `+278222${String(i).padStart(5, '0')}`,
        }),
      );
    }
    const response = await send('leader', {
      target_user_ids: people.map((person) => person.id),
      title: 'Crowd alert',
    });
    const { id } = response.json() as { id: number };
    // Copies asked for after the fact, so that no queued job runs beside this one and only this
    // run's statements are counted.
    await ctx.db.execute(sql`update alerts set send_email = true, send_sms = true where id = ${id}`);

    let statements = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect((await ctx.services.jobs.runNow(ALERT_COPIES_QUEUE, { alertId: id })).state).toBe('completed');
    } finally {
      pg.Client.prototype.query = query;
    }

    const outbox = await ctx.db.execute<{ copies: number }>(
      sql`select count(*)::int as copies from outbox_messages where subject = 'Crowd alert' or body like 'Crowd alert%'`,
    );
    // 40 e-mails and 40 SMS, each recipient's own.
    expect(outbox.rows[0]!.copies).toBe(80);
    // Reading the alert and its batch, the batch's copies, the job's own rows: not one per copy.
    expect(statements).toBeLessThan(40);
  });
});

describe('a retried copies job', () => {
  it('goes on after the last batch written instead of sending its copies again', async () => {
    const people: UserRow[] = [];
    for (let i = 0; i < 4; i++) {
      people.push(
        await createUser(ctx.db, {
          parentId: leader.id,
          withoutLogin: true,
          structureLevel: 3,
          email: `retry${i}.copy@mail.test`,
        }),
      );
    }
    const response = await send('leader', {
      target_user_ids: people.map((person) => person.id),
      title: 'Retried alert',
    });
    const { id } = response.json() as { id: number };
    // A first run wrote the copies of the first two recipients (its cursor says so), then failed.
    const ids = people.map((person) => person.id).sort((a, b) => a - b);
    await ctx.db.execute(sql`update alerts set send_email = true, copies_sent_through = ${ids[1]!} where id = ${id}`);

    expect((await ctx.services.jobs.runNow(ALERT_COPIES_QUEUE, { alertId: id })).state).toBe('completed');

    const outbox = await ctx.db.execute<{ recipient: string }>(
      sql`select recipient from outbox_messages where subject = 'Retried alert' order by recipient`,
    );
    const byId = new Map(people.map((person) => [person.id, person.email]));
    expect(outbox.rows.map((row) => row.recipient)).toEqual([byId.get(ids[2]!), byId.get(ids[3]!)].sort());
    const [alert] = (
      await ctx.db.execute<{ through: number }>(sql`select copies_sent_through as through from alerts where id = ${id}`)
    ).rows;
    expect(alert!.through).toBe(ids[3]);
  });
});

describe('copies to people who left or were turned down', () => {
  it('sends no e-mail or SMS copy to an inactive or declined recipient', async () => {
    const leaver = await createUser(ctx.db, {
      parentId: leader.id,
      withoutLogin: true,
      refsUserLifecycleStatusId: 3,
      email: 'leaver.copy@mail.test',
      phone: '+27821110003',
    });
    const declined = await createUser(ctx.db, {
      parentId: leader.id,
      withoutLogin: true,
      refsUserLifecycleStatusId: 5,
      email: 'declined.copy@mail.test',
      phone: '+27821110005',
    });
    const response = await send('leader', {
      target_user_ids: [agent.id, leaver.id, declined.id],
      title: 'Leavers alert',
      send_email: true,
      send_sms: true,
    });
    const { id } = response.json() as { id: number };
    expect((await ctx.services.jobs.runNow(ALERT_COPIES_QUEUE, { alertId: id })).state).toBe('completed');
    const outbox = await ctx.db.execute<{ recipient: string }>(
      sql`select recipient from outbox_messages where subject = 'Leavers alert' or body like 'Leavers alert%' order by recipient`,
    );
    const recipients = outbox.rows.map((row) => row.recipient);
    expect(recipients).toContain('agent.copy@mail.test');
    for (const gone of ['leaver.copy@mail.test', '+27821110003', 'declined.copy@mail.test', '+27821110005']) {
      expect(recipients).not.toContain(gone);
    }
  });
});

describe('alert image', () => {
  async function uploadImage(cookie: string): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const boundary = '----alertsbench';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nalert_image\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    return (uploaded.json() as { id: string }).id;
  }

  it('lets every recipient read the image, and nobody else', async () => {
    const fileId = await uploadImage(cookies.leader);
    // Admins may attach any image; agents never send alerts.
    expect((await send('admin', { target_user_ids: [agent.id], image: fileId })).statusCode).toBe(200);
    const response = await send('leader', { target_user_ids: [agent.id], image: fileId });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `/api/files/${fileId}`, 'agent')).statusCode).toBe(200);
    expect((await call('GET', `/api/files/${fileId}`, 'outsider')).statusCode).toBe(403);
  });

  it('shows no recipient the image of an inactive alert', async () => {
    const fileId = await uploadImage(cookies.leader);
    const { id } = (await send('leader', { target_user_ids: [agent.id], image: fileId, active: false })).json() as {
      id: number;
    };
    expect((await call('GET', `/api/files/${fileId}`, 'agent')).statusCode).toBe(403);
    await call('PUT', '/api/alerts/update-alert', 'leader', { id, title: 'Now', description: '', active: true });
    expect((await call('GET', `/api/files/${fileId}`, 'agent')).statusCode).toBe(200);
  });
});
