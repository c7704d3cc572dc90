// `npm run bench:orders`: the selling benchmark (issue 12) in its own database `portal_bench_orders`
// on BENCH_DATABASE_URL's server (default: TEST_DATABASE_URL's). Seeds ~100k users and
// BENCH_ORDERS orders (default 5 000 000) set-based, then measures through the real HTTP API beside
// the bare SQL of the same statements: the leaderboard (overall and structure), an order report
// page with its tiles and trend, the structure report of a 9 841-person branch, and the fibre import
// of a BENCH_IMPORT_ROWS-row CSV (default 1 000 000) against a plain COPY of the same file into a
// table with the same indexes. Figures go to docs/benchmarks.md by hand.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { presetRange, todayIso, trendPeriods } from '@portal/domain/orders/order-report';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createProductType, createSupplier, createUser } from '../../apps/server/src/db/seed/factories.ts';
import { runFibreImport } from '../../apps/server/src/modules/orders/fibre-import.service.ts';
import { rankedSellers } from '../../apps/server/src/modules/orders/leaderboard.queries.ts';
import {
  countOrderReport,
  findOrderReportRows,
  findOrderTrend,
} from '../../apps/server/src/modules/orders/order-report.queries.ts';
import { structureRows } from '../../apps/server/src/modules/orders/structure-report.queries.ts';
import { loadAverage, startBenchApi } from './bench-server.ts';
import { createBenchGet } from './http-get.ts';
import { measurePair, PAIR_ROUNDS, printTable, type Row } from './measure.ts';
import { seedLargeHierarchy } from './seed-large.ts';
import { seedOrders } from './seed-orders.ts';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = process.env.BENCH_DB_NAME ?? process.env.BENCH_ORDERS_DB ?? 'portal_bench_orders'; // each bench run on a shared server names its own
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const PASSWORD = 'Bench1234!';
/** BENCH_IMPORT_ROWS=0 ends the run after the read measurements. */
class SkipImport extends Error {}
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const db = createDatabase(url.toString(), { max: 10 });
const storageDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-'));
const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
try {
  await runMigrations(db);
  const { root, branches, total } = await seedLargeHierarchy(db);
  console.log(`${total} users in ${seconds()} s`);
  const fibre = await createProductType(db, 'Bench Fibre');
  const suppliers: number[] = [];
  for (let i = 1; i <= 5; i++) {
    suppliers.push(
      (
        await createSupplier(db, {
          supplierName: `Bench Supplier ${i}`,
          supplierStatus: 1,
          reports: true,
          productTypeIds: [fibre.id],
        })
      ).id,
    );
  }
  const seedStart = Date.now();
  await seedOrders(db, { count: ORDERS, suppliers, productTypeId: fibre.id, firstUser: root, users: total });
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(`${ORDERS} orders in ${seedSeconds.toFixed(1)} s (total ${seconds()} s)`);

  const port = process.env.BENCH_PORT ?? '3192';
  const { app, services, origin, signIn } = await startBenchApi(db, url.toString(), port, {
    STORAGE_DIR: storageDir,
    OUTBOX_TRANSPORT_ALLOWED: 'true',
  });
  /** Signs in as a seeded user: a login made by the factory, handed to that user's row. */
  const signInAs = async (userId: number) => {
    const login = await createUser(db, { parentId: root, password: PASSWORD });
    await q('UPDATE users_master SET auth_id = NULL WHERE id = $1', [login.id]);
    await q('UPDATE users_master SET auth_id = $1 WHERE id = $2', [login.authId, userId]);
    return signIn(login.email!);
  };
  // node:http over a kept-alive connection, as the other benches read (decision 036); until
  // 2026-11-26 16:00 this bench used Node's fetch, whose 0.3–0.5 ms a call in this process sat
  // in the API column (BENCH_HTTP_CLIENT=fetch for the old client).
  const get = createBenchGet(origin);

  const today = todayIso();
  const month = presetRange('This Month', today);
  const [year, monthNumber] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const rows: Row[] = [];
  // BENCH_ONLY_IMPORT=1 skips the read measurements (iterating on the import).
  const measureReads = !process.env.BENCH_ONLY_IMPORT;

  const supplierId = suppliers[0]!;
  if (measureReads) {
    console.log(`reads start ${new Date().toISOString()}, ${loadAverage()}`);
    // --- Leaderboard ---------------------------------------------------------------------------
    const branchLeader = branches[0]!;
    const leaderCookie = await signInAs(branchLeader);
    const { rows: paidThisMonth } = await q(
      'SELECT count(*)::int AS n FROM orders_import WHERE order_paid_date >= $1::date',
      [month.from],
    );
    const board = (view: 'overall' | 'structure') =>
      `/api/leaderboard?year=${year}&month=${monthNumber}&view=${view}&limit=10`;
    for (const view of ['overall', 'structure'] as const) {
      rows.push({
        name: `leaderboard ${view} this month (${paidThisMonth[0].n} paid orders)`,
        ...(await measurePair(
          PAIR_ROUNDS,
          () => get(leaderCookie, board(view)),
          () =>
            rankedSellers(db, {
              from: month.from,
              supplierId: null,
              withinId: view === 'structure' ? branchLeader : null,
              limit: 10,
              viewerId: branchLeader,
            }),
        )),
        target: 'p95 < 10 ms',
      });
    }

    // --- Order report page with tiles and trend ----------------------------------------------------
    // The busiest dealer at supplier 1 over the last 12 months (the longest range the page offers).
    const { rows: busiest } = await q(
      `SELECT om.users_master_id AS id, count(*)::int AS n FROM orders_master om
         JOIN orders_import o ON o.id = om.orders_import_id
        WHERE o.suppliers_master_id = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [supplierId],
    );
    const dealer = busiest[0].id as number;
    await q('INSERT INTO users_supplier_index (user_id, supplier_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      dealer,
      supplierId,
    ]);
    const dealerCookie = await signInAs(dealer);
    const yearAgo = new Date(`${month.from}T00:00:00Z`);
    yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 11);
    const range = { from: yearAgo.toISOString().slice(0, 10), to: month.to };
    if (trendPeriods(range.from, range.to).periods.length !== 12) throw new Error('the range should be 12 months');
    const filter = { userId: dealer, supplierId, report: 'order' as const, ...range, search: null };
    rows.push({
      name: `order report page 1 + tiles + trend, 12 months (${busiest[0].n} orders of the dealer)`,
      ...(await measurePair(
        PAIR_ROUNDS,
        () => get(dealerCookie, `/api/orders/report?supplierId=${supplierId}&from=${range.from}&to=${range.to}`),
        // As the API runs them: the page, the tiles and the trend at once on the pool.
        () =>
          Promise.all([
            findOrderReportRows(db, filter, { limit: 50, offset: 0 }),
            countOrderReport(db, filter),
            findOrderTrend(db, filter, 'month'),
          ]),
      )),
      target: 'p95 < 20 ms, ≤ 2× SQL',
    });

    // --- Structure report of a 9 841-person branch -----------------------------------------------
    rows.push({
      name: 'structure report of a 9 841-person branch, this month',
      ...(await measurePair(
        100,
        () => get(leaderCookie, `/api/orders/structure?from=${month.from}&to=${month.to}`),
        () =>
          structureRows(db, {
            nodeId: branchLeader,
            rootId: branchLeader,
            supplierId: null,
            from: month.from,
            to: month.to,
          }),
      )),
      target: 'p95 < 150 ms',
    });

    console.log(`reads end ${new Date().toISOString()}, ${loadAverage()}`);
    printTable(rows);
  }

  if (IMPORT_ROWS === 0) {
    await app.close();
    throw new SkipImport();
  }

  // --- Fibre import of a large file against a plain COPY of it -------------------------------------
  const header =
    'agent_identification,id,customer_status_1,customer_status_2,customer_account_number,customer_name,customer_phone,customer_email,customer_address,order_created_date,order_paid_date,order_installation_date,supplier_activation_date,external_reference,product,region';
  async function* csvText() {
    yield `${header}\n`;
    let chunk = '';
    for (let i = 1; i <= IMPORT_ROWS; i++) {
      const user = root + ((i * 7919) % total);
      const created = new Date(Date.UTC(year, monthNumber - 1, 1 + (i % 25))).toISOString().slice(0, 10);
      chunk += `Z-${user},IMP-${i},Paid,,ACC-I${i},"Customer, ${i}",082${String(i % 10_000_000).padStart(7, '0')},c${i}@example.test,${i} Main Road,${created},${created},${created},,PREM-I${i},Fibre 50,Gauteng\n`;
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const storageKey = `fibre_activity/bench/${randomUUID()}.csv`;
  await services.storage.put(storageKey, Readable.from(csvText()), 'text/csv');
  const { rows: fileRows } = await q(
    `INSERT INTO stored_files (storage_key, original_name, content_type, size_bytes, sha256, purpose)
     VALUES ($1, 'bench.csv', 'text/csv', 1, 'bench', 'fibre_activity') RETURNING id`,
    [storageKey],
  );
  // The bare side: PostgreSQL COPY of the same file into a table of its columns. Two tables: the
  // six indexes this bench always used (unique order number, four dates, agent), and the nine index
  // shapes of orders_import itself (decision 047: the issue names "a table with the same indexes"):
  // an identity key, (supplier, order number) unique, (supplier, each date), agent, (supplier,
  // product) where no product matched, and the import batch, the file's columns staying text.
  const fileColumns = header.split(',').map((column) => (column === 'id' ? 'order_number' : column));
  const bareTables: Record<string, { extra: string; indexes: string[]; holdsOrders?: boolean }> = {
    bench_copy: {
      extra: '',
      indexes: [
        'UNIQUE INDEX ON bench_copy (order_number)',
        'INDEX ON bench_copy (order_created_date)',
        'INDEX ON bench_copy (order_paid_date)',
        'INDEX ON bench_copy (order_installation_date)',
        'INDEX ON bench_copy (supplier_activation_date)',
        'INDEX ON bench_copy (agent_identification)',
      ],
    },
    bench_copy_nine: {
      extra: `, id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, suppliers_master_id integer NOT NULL DEFAULT ${supplierId},
        products_master_id integer, import_batch_id integer NOT NULL DEFAULT 1`,
      indexes: [
        'UNIQUE INDEX ON bench_copy_nine (suppliers_master_id, order_number)',
        'INDEX ON bench_copy_nine (suppliers_master_id, order_created_date)',
        'INDEX ON bench_copy_nine (suppliers_master_id, order_paid_date)',
        'INDEX ON bench_copy_nine (suppliers_master_id, order_installation_date)',
        'INDEX ON bench_copy_nine (suppliers_master_id, supplier_activation_date)',
        'INDEX ON bench_copy_nine (agent_identification)',
        'INDEX ON bench_copy_nine (suppliers_master_id, product) WHERE products_master_id IS NULL',
        'INDEX ON bench_copy_nine (import_batch_id)',
      ],
    },
  };
  // The third: the same nine shapes already holding the seeded orders, as orders_import does when
  // the import runs (an index of 5M entries costs each insert more than an empty one).
  bareTables.bench_copy_held = {
    ...bareTables.bench_copy_nine!,
    indexes: bareTables.bench_copy_nine!.indexes.map((index) => index.replace('bench_copy_nine', 'bench_copy_held')),
    holdsOrders: true,
  };
  const { rows: heldRows } = await q('SELECT count(*)::int AS n FROM orders_import');
  const copySecondsOf: Record<string, number> = {};
  for (const [table, shape] of Object.entries(bareTables)) {
    await q(`CREATE TABLE ${table} (${fileColumns.map((column) => `${column} text`).join(', ')}${shape.extra})`);
    if (shape.holdsOrders) {
      await q(
        `INSERT INTO ${table} (${fileColumns.join(', ')}, suppliers_master_id, products_master_id, import_batch_id)
         SELECT ${fileColumns.join(', ')}, suppliers_master_id, products_master_id, coalesce(import_batch_id, 0) FROM orders_import`,
      );
    }
    for (const index of shape.indexes) await q(`CREATE ${index}`);
    if (shape.holdsOrders) await q(`VACUUM ANALYZE ${table}`);
    console.log(`before the COPY into ${table}: ${loadAverage()}`);
    const copyStart = Date.now();
    const client = await db.$client.connect();
    try {
      await pipeline(
        await services.storage.get(storageKey),
        client.query(copyFrom(`COPY ${table} (${fileColumns.join(', ')}) FROM STDIN (FORMAT csv, HEADER true)`)),
      );
    } finally {
      client.release();
    }
    copySecondsOf[table] = (Date.now() - copyStart) / 1000;
  }
  const copySeconds = copySecondsOf.bench_copy!;
  const copyNineSeconds = copySecondsOf.bench_copy_nine!;
  const copyHeldSeconds = copySecondsOf.bench_copy_held!;

  const { rows: batchRows } = await q(
    `INSERT INTO order_imports (file_name, stored_file_id, suppliers_master_id, refs_product_type_id, status)
     VALUES ('bench.csv', $1, $2, $3, 'queued') RETURNING id`,
    [fileRows[0].id, supplierId, fibre.id],
  );
  console.log(`before the import: ${loadAverage()}`);
  const importStart = Date.now();
  // Where the time goes: the moment each reported step begins.
  const steps: string[] = [];
  let lastStep = '';
  const result = await runFibreImport(
    { db, jobs: services.jobs, storage: services.storage },
    { importId: batchRows[0].id },
    async (stage, _percent, message) => {
      const step = stage === 'uploading' ? stage : `${stage}: ${message ?? ''}`;
      if (step === lastStep) return;
      lastStep = step;
      steps.push(`${((Date.now() - importStart) / 1000).toFixed(1)} s ${step}`);
    },
  );
  const importSeconds = (Date.now() - importStart) / 1000;
  console.log(`after the import: ${loadAverage()}`);
  const { rows: counts } = await q(
    'SELECT row_count, inserted_count, rejected_count FROM order_imports WHERE id = $1',
    [batchRows[0].id],
  );
  console.log(`\n| import of ${IMPORT_ROWS} rows | seconds | rows/s |`);
  console.log('|---|---|---|');
  console.log(
    `| bare COPY into a table with the bench's six indexes | ${copySeconds.toFixed(1)} | ${Math.round(IMPORT_ROWS / copySeconds)} |`,
  );
  console.log(
    `| bare COPY into a table with orders_import's nine indexes | ${copyNineSeconds.toFixed(1)} | ${Math.round(IMPORT_ROWS / copyNineSeconds)} |`,
  );
  console.log(
    `| bare COPY into the nine-index table already holding the ${heldRows[0].n} seeded orders | ${copyHeldSeconds.toFixed(1)} | ${Math.round(IMPORT_ROWS / copyHeldSeconds)} |`,
  );
  console.log(
    `| fibre import (parse, check, COPY to staging, upsert, attribute ${result.attributed}) | ${importSeconds.toFixed(1)} | ${Math.round(IMPORT_ROWS / importSeconds)} |`,
  );
  console.log(
    `import at ${((100 * copySeconds) / importSeconds).toFixed(0)} % of the six-index bare COPY's throughput, ${((100 * copyNineSeconds) / importSeconds).toFixed(0)} % of the nine-index one's (target ≥ 50 %), ${((100 * copyHeldSeconds) / importSeconds).toFixed(0)} % of the one into the table holding the orders; read by ${result.parsedBy}; batch: ${JSON.stringify(counts[0])}`,
  );
  console.log(`import steps: ${steps.join(' → ')}`);
  console.log(`seed of ${ORDERS} orders: ${seedSeconds.toFixed(1)} s`);
  await app.close();
} catch (error) {
  if (!(error instanceof SkipImport)) throw error;
} finally {
  await db.$client.end();
  await rm(storageDir, { recursive: true, force: true });
  // BENCH_KEEP_DB=1 leaves the database for EXPLAIN after the run.
  if (!process.env.BENCH_KEEP_DB) {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await cleanup.end();
  }
}
console.log(`\nbench finished in ${seconds()} s`);
