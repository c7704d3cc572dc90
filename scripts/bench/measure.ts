/** Runs `work` `iterations` times after a warm-up and returns p50/p95 in milliseconds. */
export async function measure(iterations: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, iterations); i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await work(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentiles(samples, iterations);
}

/** The median and 95th percentile of the timed samples (sorts them in place). */
function percentiles(samples: number[], n: number) {
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), n };
}

/**
 * Rounds of a pair. A p95 of 300 rounds is the 15th slowest call, which one scheduler hiccup on a
 * shared two-core machine moves by a millisecond; of 2 000 it is the 100th. A pair of sub-10 ms
 * calls takes seconds either way, next to minutes of seeding.
 */
export const PAIR_ROUNDS = 2000;

/**
 * Times the API call and its bare SQL turn about (API, SQL, API, SQL…) after a warm-up of both, so
 * that on a shared machine both columns see the same background load.
 */
export async function measurePair(
  iterations: number,
  api: (i: number) => Promise<unknown>,
  sql: (i: number) => Promise<unknown>,
) {
  for (let i = 0; i < Math.min(10, iterations); i++) {
    await api(i);
    await sql(i);
  }
  const samples = { api: [] as number[], sql: [] as number[] };
  for (let i = 0; i < iterations; i++) {
    for (const [side, work] of [
      ['api', api],
      ['sql', sql],
    ] as const) {
      const start = process.hrtime.bigint();
      await work(i);
      samples[side].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return { api: percentiles(samples.api, iterations), sql: percentiles(samples.sql, iterations) };
}

export interface Row {
  name: string;
  api?: { p50: number; p95: number; n: number };
  sql: { p50: number; p95: number; n: number };
  target?: string;
}

/**
 * The table of a run. Times under 10 ms get two decimals, and the API's share of its bare SQL is
 * worked out from the unrounded times: a "≤ 2×" target is judged on what was measured, not on 0.1 ms
 * steps (2.9 / 1.4 could be anything from 1.93× to 2.2×).
 */
export function printTable(rows: Row[]): void {
  const fmt = (value?: number) => (value === undefined ? '-' : value.toFixed(value < 10 ? 2 : 1));
  const ratio = (row: Row) =>
    row.api ? `${(row.api.p50 / row.sql.p50).toFixed(2)}× / ${(row.api.p95 / row.sql.p95).toFixed(2)}×` : '-';
  console.log(
    '\n| measurement | API p50 ms | API p95 ms | bare SQL p50 ms | bare SQL p95 ms | API ÷ SQL p50 / p95 | target |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.api?.p50)} | ${fmt(row.api?.p95)} | ${fmt(row.sql.p50)} | ${fmt(row.sql.p95)} | ${ratio(row)} | ${row.target ?? ''} |`,
    );
  }
}
