// `node --import tsx scripts/bench/floor-ab.ts`: the request floor measured on a database the tickets
// bench left (BENCH_KEEP=1; BENCH_TICKETS_DB names it), or with FLOOR_CALLS=orders the order report
// on one the orders bench left (BENCH_KEEP_DB=1; BENCH_DB_NAME), in one process (decisions 044, 048):
// - FLOOR_MODE=ab (default): this tree's app and, when FLOOR_OLD_APP names another tree's app.ts
//   (e.g. an `git archive` of an older commit unpacked under .tmp/, which resolves this tree's
//   node_modules), that app too, each on its own port, asked turn about beside the bare SQL;
// - FLOOR_MODE=profile: the inspector's CPU profiler over a loop of the same calls to this tree's
//   app, printing the shares of what the server did;
// - FLOOR_MODE=cpu: the process's CPU time in user mode per call, in blocks of 100 calls turn
//   about: on a loaded machine wall times move by more than a change is worth, CPU time much less
//   (decision 049). FLOOR_ONLY picks one call by a part of its path.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { presetRange, todayIso } from '@portal/domain/orders/order-report';
import type { buildApp } from '../../apps/server/src/app.ts';
import { loadSettings } from '../../apps/server/src/config.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createUser, grantFeatures } from '../../apps/server/src/db/seed/factories.ts';
import {
  countOrderReport,
  findOrderReportRows,
  findOrderTrend,
} from '../../apps/server/src/modules/orders/order-report.queries.ts';
import { countAdminUnread } from '../../apps/server/src/modules/tickets/tickets.queries.ts';
import type { createServices } from '../../apps/server/src/services.ts';
import { createBenchGet } from './http-get.ts';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL');
// FLOOR_CALLS=orders asks for the order report on a database the orders bench left
// (BENCH_KEEP_DB=1; BENCH_DB_NAME names it) instead of the tickets calls.
const CALLS = process.env.FLOOR_CALLS ?? 'tickets';
const NAME =
  CALLS === 'orders'
    ? (process.env.BENCH_DB_NAME ?? 'portal_bench_orders')
    : (process.env.BENCH_TICKETS_DB ?? 'portal_bench_tickets');
// Two servers listen on FLOOR_PORT and FLOOR_OLD_PORT (several benches may share the machine;
// FLOOR_OLD_PORT=0 takes any free port, for a helper given one port only).
const [NEW_PORT, OLD_PORT] = [Number(process.env.FLOOR_PORT ?? 3751), Number(process.env.FLOOR_OLD_PORT ?? 3752)];
const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 600);
const MODE = process.env.FLOOR_MODE ?? 'ab';
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const PASSWORD = 'Bench1234!';

interface Built {
  label: string;
  origin: string;
  close: () => Promise<void>;
}

async function start(label: string, appModule: string, servicesModule: string, port: number): Promise<Built> {
  const { buildApp: build } = (await import(appModule)) as { buildApp: typeof buildApp };
  const { createServices: services } = (await import(servicesModule)) as { createServices: typeof createServices };
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    AUTH_SIGN_IN_PER_MINUTE: '100000',
    OUTBOX_TRANSPORT_ALLOWED: 'true',
  });
  const db = createDatabase(url.toString(), { max: 10 });
  const app = await build({
    ...services({ settings, db, url: url.toString(), secret: settings.AUTH_SECRET! }),
    webDistDir: '/nonexistent',
  });
  await app.listen({ host: '127.0.0.1', port });
  // Port 0 lets the system choose a free port; its server is then only asked with GETs (the
  // sign-ins go to the first server, whose PUBLIC_URL the origin check knows).
  const { port: bound } = app.server.address() as { port: number };
  return {
    label,
    origin: port === 0 ? `http://127.0.0.1:${bound}` : settings.publicUrl,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

const db = createDatabase(url.toString(), { max: 10 });
const here = path.resolve(import.meta.dirname, '../../apps/server/src');
// FLOOR_MODE=profile with FLOOR_OLD_APP profiles the old app instead of this tree's.
const oldApp = process.env.FLOOR_OLD_APP;
const oldDir = oldApp ? path.dirname(path.resolve(oldApp)) : undefined;
const servers: Built[] = [];
if (MODE !== 'profile' || !oldDir) {
  servers.push(
    await start('new', pathToFileURL(`${here}/app.ts`).href, pathToFileURL(`${here}/services.ts`).href, NEW_PORT),
  );
}
if (oldDir) {
  servers.push(
    await start('old', pathToFileURL(`${oldDir}/app.ts`).href, pathToFileURL(`${oldDir}/services.ts`).href, OLD_PORT),
  );
}

const signIn = async (origin: string, email: string) => {
  const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};
const adminUser = await createUser(db, { isAdmin: true, password: PASSWORD });
await grantFeatures(db, adminUser.id, ['Sales Assist', 'Agent Support']);
const agent = await createUser(db, { password: PASSWORD });
const adminCookie = await signIn(servers[0]!.origin, adminUser.email!);
const agentCookie = await signIn(servers[0]!.origin, agent.email!);
const gets = servers.map((s) => ({ label: s.label, get: createBenchGet(s.origin) }));

/** The orders bench's report call: its busiest dealer at its first supplier over 12 months, as orders.ts asks. */
async function orderReportCalls() {
  const { rows: supplier } = await db.$client.query(
    "SELECT id FROM suppliers_master WHERE supplier_name = 'Bench Supplier 1'",
  );
  const supplierId = supplier[0].id as number;
  const { rows: busiest } = await db.$client.query(
    `SELECT om.users_master_id AS id, count(*)::int AS n FROM orders_master om
       JOIN orders_import o ON o.id = om.orders_import_id
      WHERE o.suppliers_master_id = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    [supplierId],
  );
  const dealer = busiest[0].id as number;
  // A login handed to the dealer's row, as orders.ts signs in as a seeded user.
  const login = await createUser(db, { password: PASSWORD });
  await db.$client.query('UPDATE users_master SET auth_id = NULL WHERE id = $1', [login.id]);
  await db.$client.query('UPDATE users_master SET auth_id = $1 WHERE id = $2', [login.authId, dealer]);
  const cookie = await signIn(servers[0]!.origin, login.email!);
  const today = todayIso();
  const monthStart = presetRange('This Month', today);
  const yearAgo = new Date(`${monthStart.from}T00:00:00Z`);
  yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 11);
  const range = { from: yearAgo.toISOString().slice(0, 10), to: monthStart.to };
  const filter = { userId: dealer, supplierId, report: 'order' as const, ...range, search: null };
  return [
    {
      name: `order report page 1 + tiles + trend, 12 months (${busiest[0].n} orders) vs its three statements at once`,
      cookie,
      path: `/api/orders/report?supplierId=${supplierId}&from=${range.from}&to=${range.to}`,
      sql: () =>
        Promise.all([
          findOrderReportRows(db, filter, { limit: 50, offset: 0 }),
          countOrderReport(db, filter),
          findOrderTrend(db, filter, 'month'),
        ]),
    },
  ];
}

const calls: { name: string; cookie: string; path: string; sql: () => Promise<unknown> }[] =
  CALLS === 'orders'
    ? await orderReportCalls()
    : [
        {
          name: 'GET /api/me (agent) vs SELECT 1',
          cookie: agentCookie,
          path: '/api/me',
          sql: () => db.$client.query('SELECT 1'),
        },
        {
          name: 'unread count (admin) vs its SQL',
          cookie: adminCookie,
          path: '/api/admin/tickets/agent_support/unread-count',
          sql: () => countAdminUnread(db, 'agent_support'),
        },
      ];

const stats = (values: number[]) => {
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  return `${at(0.5).toFixed(2)} / ${at(0.95).toFixed(2)}`;
};
const time = async (work: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

if (MODE === 'profile') {
  const session = new Session();
  session.connect();
  const { get } = gets[0]!;
  for (let i = 0; i < 200; i++) for (const call of calls) await get(call.cookie, call.path);
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  const only = process.env.FLOOR_ONLY;
  for (let i = 0; i < ROUNDS; i++) {
    for (const call of calls) if (!only || call.path.includes(only)) await get(call.cookie, call.path);
  }
  const { profile } = await session.post('Profiler.stop');
  const out = process.env.FLOOR_PROFILE_OUT ?? '.tmp/floor.cpuprofile';
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(profile));
  summarise(profile as unknown as CpuProfile);
  console.log(`profile written to ${out}; ${load()}`);
} else if (MODE === 'cpu') {
  const BLOCK = 100;
  console.log(`CPU per call over ${ROUNDS} rounds in blocks of ${BLOCK}; ${load()}`);
  for (const call of calls) {
    if (process.env.FLOOR_ONLY && !call.path.includes(process.env.FLOOR_ONLY)) continue;
    const sides = [
      ...gets.map(({ label, get }) => ({ label, work: () => get(call.cookie, call.path) })),
      { label: 'sql', work: call.sql },
    ];
    for (let i = 0; i < 100; i++) for (const side of sides) await side.work();
    const cpu: Record<string, number[]> = {};
    for (const side of sides) cpu[side.label] = [];
    for (let block = 0; block < ROUNDS / BLOCK; block++) {
      const order = block % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        const before = process.cpuUsage();
        for (let i = 0; i < BLOCK; i++) await side.work();
        const used = process.cpuUsage(before);
        cpu[side.label]!.push(used.user / BLOCK);
      }
    }
    console.log(`\n${call.name}: CPU µs per call, median / min of the blocks`);
    for (const [label, values] of Object.entries(cpu)) {
      values.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(4)} ${values[Math.floor(values.length / 2)]!.toFixed(0)} / ${values[0]!.toFixed(0)}`,
      );
    }
  }
  console.log(`\ndone; ${load()}`);
} else {
  console.log(`A/B over ${ROUNDS} rounds, ${servers.map((s) => s.label).join(' vs ')}; ${load()}`);
  for (const call of calls) {
    for (let i = 0; i < 20; i++) {
      for (const { get } of gets) await get(call.cookie, call.path);
      await call.sql();
    }
    const samples: Record<string, number[]> = { sql: [] };
    for (const { label } of gets) samples[label] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate the order each round so neither server always runs right after the other.
      const order = i % 2 ? [...gets].reverse() : gets;
      for (const { label, get } of order) samples[label]!.push(await time(() => get(call.cookie, call.path)));
      samples.sql!.push(await time(call.sql));
    }
    const sqlP = [...samples.sql!].sort((a, b) => a - b);
    const p = (v: number[], q: number) => [...v].sort((a, b) => a - b)[Math.floor(q * v.length)]!;
    console.log(`\n${call.name}`);
    for (const [label, values] of Object.entries(samples)) {
      const ratio =
        label === 'sql'
          ? ''
          : `  (${(p(values, 0.5) / p(sqlP, 0.5)).toFixed(2)}× / ${(p(values, 0.95) / p(sqlP, 0.95)).toFixed(2)}×)`;
      console.log(`  ${label.padEnd(4)} p50 / p95 ms: ${stats([...values])}${ratio}`);
    }
  }
  console.log(`\ndone; ${load()}`);
}
for (const server of servers) await server.close();
await db.$client.end();

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function and the inclusive share of the hooks a request passes. */
function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url: file, lineNumber } = byId.get(id)!.callFrame;
    const short = file.replace(/^.*node_modules\//, '').replace(/^.*wt-floor\//, '');
    return `${functionName || '(anon)'} ${short}:${lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    const dt = profile.timeDeltas[i] ?? 0;
    const name = label(id);
    if (name.startsWith('(idle)')) continue;
    total += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = label(at);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  }
  const top = (map: Map<string, number>, n: number, filter = (_: string) => true) =>
    [...map.entries()]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(`busy samples: ${(total / 1000).toFixed(0)} ms`);
  console.log(`self, top 40:\n${top(self, 40)}`);
  console.log(
    `inclusive, project code and hooks, top 60:\n${top(inclusive, 60, (k) => /apps\/server|fastify|pg\/|drizzle|zod|compress|helmet|rate-limit|pino|crypto/.test(k))}`,
  );
}
