import type { AddressInfo } from 'node:net';
import { adminTicketChannel, TICKET_FLAG } from '@portal/domain/tickets/tickets';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type SseClient } from '../../../test/sse-client.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { featuresMaster, usersAccessIndex, usersMaster } from '../../db/schema/index.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';
import { publish } from '../../platform/events.ts';

let ctx: TestContext;
let baseUrl: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.jobs.define('test.events', async (_data, progress) => {
    await progress('working', 50);
    return { ok: true };
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // Streams still open: closing the app must end them (else close() would wait for ever).
  await ctx?.close();
  for (const stream of streams) stream.close();
});

/** The shared test client; every stream is closed after the app. */
async function connect(cookie?: string): Promise<SseClient> {
  const client = await connectEvents(baseUrl, cookie);
  streams.push(client);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedInStream() {
  const user = await createUser(ctx.db);
  const cookie = await ctx.signIn(user.email!);
  const stream = await connect(cookie);
  expect(stream.status).toBe(200);
  // Subscribed before the first byte is written, so events published from here on arrive.
  return { user, cookie, stream };
}

describe('GET /api/events', () => {
  it('refuses signed-out clients', async () => {
    const stream = await connect();
    expect(stream.status).toBe(401);
  });

  it('opens a text/event-stream', async () => {
    const { stream } = await signedInStream();
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.comments).toContain('connected');
  });

  it('delivers an event published in a transaction only after commit, and nothing to another user', async () => {
    const a = await signedInStream();
    const b = await signedInStream();

    await ctx.db.transaction(async (tx) => {
      await publish(tx, `user.${a.user.id}`, { type: 'test.ping', data: { n: 1 } });
      await sleep(400);
      expect(a.stream.events).toEqual([]);
    });
    expect(await a.stream.next((event) => event.type === 'test.ping')).toEqual({
      type: 'test.ping',
      channel: `user.${a.user.id}`,
      data: { n: 1 },
    });

    // B hears a later event addressed to B, and nothing before it: A's event never reached B.
    await publish(ctx.db, `user.${b.user.id}`, { type: 'test.marker' });
    await b.stream.next((event) => event.type === 'test.marker');
    expect(b.stream.events.map((event) => event.type)).toEqual(['test.marker']);
  });

  it('drops an event published in a transaction that rolls back', async () => {
    const a = await signedInStream();
    await ctx.db
      .transaction(async (tx) => {
        await publish(tx, `user.${a.user.id}`, { type: 'test.lost' });
        tx.rollback();
      })
      .catch(() => {});
    await publish(ctx.db, `user.${a.user.id}`, { type: 'test.marker' });
    await a.stream.next((event) => event.type === 'test.marker');
    expect(a.stream.events.map((event) => event.type)).toEqual(['test.marker']);
  });

  it("sends events for everyone to everyone, and a job's progress only to who started it", async () => {
    const a = await signedInStream();
    const b = await signedInStream();
    await publish(ctx.db, 'all', { type: 'test.broadcast', data: { text: 'Maintenance at 22:00' } });
    await a.stream.next((event) => event.type === 'test.broadcast');
    await b.stream.next((event) => event.type === 'test.broadcast');

    const jobId = await ctx.jobs.enqueue('test.events', {}, { startedByUserId: a.user.id });
    const done = await a.stream.next((event) => event.channel === `job.${jobId}` && event.data.state === 'completed');
    expect(done).toMatchObject({ type: 'job.progress', data: { jobId, percent: 100 } });
    expect(a.stream.events.some((event) => event.data.stage === 'working' && event.data.percent === 50)).toBe(true);

    await publish(ctx.db, `user.${b.user.id}`, { type: 'test.marker' });
    await b.stream.next((event) => event.type === 'test.marker');
    expect(b.stream.events.some((event) => event.channel.startsWith('job.'))).toBe(false);
  });

  it("follows changes to the user's own row and flags, whatever wrote them (trigger)", async () => {
    const a = await signedInStream();
    const b = await signedInStream();
    await ctx.db.update(usersMaster).set({ city: 'Durban' }).where(eq(usersMaster.id, a.user.id));
    expect(await a.stream.next((event) => event.type === 'user.changed')).toEqual({
      type: 'user.changed',
      channel: `user.${a.user.id}`,
      data: { userId: a.user.id },
    });

    await grantFeatures(ctx.db, a.user.id, ['Deals']);
    const changes = () => a.stream.events.filter((event) => event.type === 'user.changed').length;
    await a.stream.next((event) => event.type === 'user.changed' && changes() === 2);

    // An update that changes nothing sends nothing; B never hears of A.
    const before = a.stream.events.length;
    await ctx.db.update(usersMaster).set({ city: 'Durban' }).where(eq(usersMaster.id, a.user.id));
    await publish(ctx.db, `user.${a.user.id}`, { type: 'test.marker' });
    await a.stream.next((event) => event.type === 'test.marker');
    expect(a.stream.events.slice(before).map((event) => event.type)).toEqual(['test.marker']);
    expect(b.stream.events.some((event) => event.type === 'user.changed')).toBe(false);
  });

  it("ends an admin's stream when a flag is taken away: the next stream no longer hears that console", async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, admin.id, [TICKET_FLAG.agent_support, TICKET_FLAG.sales_assist]);
    const cookie = await ctx.signIn(admin.email!);
    const first = await connect(cookie);
    const channel = adminTicketChannel('agent_support');
    await publish(ctx.db, channel, { type: 'test.ticket', data: { n: 1 }, feature: TICKET_FLAG.agent_support });
    await first.next((event) => event.type === 'test.ticket');

    const [flag] = await ctx.db.select().from(featuresMaster).where(eq(featuresMaster.name, TICKET_FLAG.agent_support));
    await ctx.db
      .delete(usersAccessIndex)
      .where(and(eq(usersAccessIndex.userMasterId, admin.id), inArray(usersAccessIndex.featuresMasterId, [flag!.id])));
    await first.next((event) => event.type === 'user.changed');
    await first.ended;

    // The browser's reconnect: the other console still speaks, the removed one is silent.
    const second = await connect(cookie);
    expect(second.status).toBe(200);
    await publish(ctx.db, channel, { type: 'test.ticket', data: { n: 2 }, feature: TICKET_FLAG.agent_support });
    await publish(ctx.db, adminTicketChannel('sales_assist'), { type: 'test.lead', feature: TICKET_FLAG.sales_assist });
    await second.next((event) => event.type === 'test.lead');
    expect(second.events.some((event) => event.type === 'test.ticket')).toBe(false);
  });

  it('opens no console channel to an admin in the waiting state, whose consoles are refused', async () => {
    const waiting = await createUser(ctx.db, { isAdmin: true, phoneVerified: false });
    const active = await createUser(ctx.db, { isAdmin: true });
    for (const admin of [waiting, active]) await grantFeatures(ctx.db, admin.id, [TICKET_FLAG.agent_support]);
    const waitingStream = await connect(await ctx.signIn(waiting.email!));
    const activeStream = await connect(await ctx.signIn(active.email!));
    expect(waitingStream.status).toBe(200);
    await publish(ctx.db, adminTicketChannel('agent_support'), {
      type: 'test.waiting-console',
      feature: TICKET_FLAG.agent_support,
    });
    await activeStream.next((event) => event.type === 'test.waiting-console');
    await publish(ctx.db, `user.${waiting.id}`, { type: 'test.own' });
    await waitingStream.next((event) => event.type === 'test.own');
    expect(waitingStream.events.some((event) => event.type === 'test.waiting-console')).toBe(false);
  });

  it("keeps a dealer's stream open on their own user.changed", async () => {
    const { user, stream } = await signedInStream();
    await ctx.db.update(usersMaster).set({ city: 'Polokwane' }).where(eq(usersMaster.id, user.id));
    await stream.next((event) => event.type === 'user.changed');
    await publish(ctx.db, `user.${user.id}`, { type: 'test.still-open' });
    await stream.next((event) => event.type === 'test.still-open');
  });

  it('cleans up when the client goes away', async () => {
    const { stream } = await signedInStream();
    const count = ctx.events.subscriberCount;
    stream.close();
    for (let i = 0; i < 50 && ctx.events.subscriberCount >= count; i++) await sleep(20);
    expect(ctx.events.subscriberCount).toBe(count - 1);
  });

  it('reconnects when the listening connection is dropped, and tells clients to resync', async () => {
    const a = await signedInStream();
    const { rows } = await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'portal-events' and datname = current_database()`,
    );
    expect(rows.length).toBe(1);
    await a.stream.next((event) => event.type === 'events.resync', 10_000);
    expect(ctx.events.isListening).toBe(true);
    await publish(ctx.db, `user.${a.user.id}`, { type: 'test.after-reconnect' });
    await a.stream.next((event) => event.type === 'test.after-reconnect');
  });
});
