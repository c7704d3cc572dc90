// Alerts at scale (issue 5): one segment alert to every user (~100k) fanned out through the API
// in one INSERT … SELECT, and the bell's unread count for a user afterwards.
import type { Database } from '../../apps/server/src/db/client.ts';
import { fanOut, insertAlert, unreadCount } from '../../apps/server/src/modules/alerts/alerts.queries.ts';
import { measure, type Row } from './measure.ts';

interface AlertsBenchInput {
  db: Database;
  origin: string;
  /** An admin's session cookie (segment alerts are for admins). */
  adminCookie: string;
  /** A non-admin's session cookie and their users_master id, for the bell. */
  userCookie: string;
  userId: number;
}

/** Times `runs` sequential runs of `work`; p50 is the median, p95 the slowest. */
async function timeRuns(runs: number, work: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]!, p95: samples[samples.length - 1]!, n: runs };
}

export async function benchAlerts(input: AlertsBenchInput): Promise<Row[]> {
  const { db, origin, adminCookie, userCookie, userId } = input;
  const users = Number((await db.$client.query('SELECT count(*) FROM users_master')).rows[0].count);
  let recipients = 0;
  const fanOutApi = await timeRuns(3, async () => {
    const answer = await fetch(`${origin}/api/alerts/new-alert`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Bench segment alert',
        active: true,
        description: '<p>Everyone</p>',
        refs_user_segment_type_id: 1,
      }),
    });
    if (answer.status !== 200) throw new Error(`POST new-alert: ${answer.status} ${await answer.text()}`);
    recipients = ((await answer.json()) as { recipients: number }).recipients;
  });
  const fanOutSql = await timeRuns(2, () =>
    db.transaction(async (tx) => {
      const alert = await insertAlert(tx, { title: 'Bench SQL', refsUserSegmentTypeId: 1, isIndividual: false });
      await fanOut(tx, alert);
    }),
  );
  // The bell: a user with the segment alerts above plus 200 personal ones, half read.
  await db.$client.query(
    `WITH a AS (
       INSERT INTO alerts (title, is_individual, created_by) SELECT 'Bench personal ' || g, true, $1
       FROM generate_series(1, 200) g RETURNING id)
     INSERT INTO alert_recipients (user_id, alert_id, seen_at)
     SELECT $1, id, CASE WHEN id % 2 = 0 THEN now() END FROM a`,
    [userId],
  );
  await db.$client.query('ANALYZE alert_recipients');
  const sample = (await db.$client.query('SELECT id FROM users_master ORDER BY random() LIMIT 200')).rows.map(
    (row: { id: number }) => row.id,
  );
  const countApi = await measure(300, async () => {
    const answer = await fetch(`${origin}/api/alerts/unread-count`, { headers: { cookie: userCookie } });
    if (answer.status !== 200) throw new Error(`GET unread-count: ${answer.status}`);
    return answer.json();
  });
  const countSql = await measure(300, (i) => unreadCount(db, i % 2 ? userId : sample[i % sample.length]!));
  return [
    {
      name: `segment alert to all users, fan-out (${recipients} recipients of ${users} users)`,
      api: fanOutApi,
      sql: fanOutSql,
      target: '< 5000 ms',
    },
    {
      name: `bell unread count (${(await db.$client.query('SELECT count(*) FROM alert_recipients')).rows[0].count} recipient rows)`,
      api: countApi,
      sql: countSql,
      target: 'p95 < 20 ms',
    },
  ];
}
