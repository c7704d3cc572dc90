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

export function printTable(rows: Row[]): void {
  const fmt = (value?: number) => (value === undefined ? '-' : value.toFixed(1));
  console.log('\n| measurement | API p50 ms | API p95 ms | bare SQL p50 ms | bare SQL p95 ms | target |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.api?.p50)} | ${fmt(row.api?.p95)} | ${fmt(row.sql.p50)} | ${fmt(row.sql.p95)} | ${row.target ?? ''} |`,
    );
  }
}
