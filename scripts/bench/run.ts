// `npm run bench`: seeds ~100k users in a 10-level hierarchy and measures the hot paths through the
// real HTTP API beside the bare SQL of the same work. Figures go to docs/benchmarks.md by hand.
import type { TeamPage } from '@portal/domain/teams/team-list';
import { parseTeamSearch } from '@portal/domain/teams/team-search';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadSettings } from '../../apps/server/src/config.ts';
import { createUser, grantFeatures } from '../../apps/server/src/db/seed/factories.ts';
import {
  countTeam,
  findMatchPage,
  findTeamPage,
  type TeamFilters,
  type TeamScope,
} from '../../apps/server/src/modules/teams/teams.queries.ts';
import { actorUniversityStatus } from '../../apps/server/src/modules/university/university.service.ts';
import { prepareSessionActorQuery } from '../../apps/server/src/platform/actor.queries.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { benchAlerts } from './alerts.ts';
import { openBenchDatabase } from './bench-database.ts';
import { measure, measurePair, printTable, type Row } from './measure.ts';
import { seedLargeHierarchy } from './seed-large.ts';
import { benchTickets } from './tickets.ts';

const PASSWORD = 'Bench1234!';
const started = Date.now();
const bench = await openBenchDatabase();
try {
  console.log('seeding the large hierarchy…');
  const { root, branches, total } = await seedLargeHierarchy(bench.db);
  console.log(`${total} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const q = (text: string, params: unknown[] = []) => bench.db.$client.query(text, params);

  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: bench.url,
    PORT: process.env.BENCH_PORT ?? '3190',
    PUBLIC_URL: `http://127.0.0.1:${process.env.BENCH_PORT ?? '3190'}`,
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    AUTH_SIGN_IN_PER_MINUTE: '100000',
    OUTBOX_TRANSPORT_ALLOWED: 'true',
  });
  const services = createServices({ settings, db: bench.db, url: bench.url, secret: settings.AUTH_SECRET! });
  const app = await buildApp({ ...services, webDistDir: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: settings.PORT });
  const origin = settings.publicUrl;

  const signIn = async (email: string) => {
    const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!answer.ok) throw new Error(`bench sign-in failed: ${answer.status} ${await answer.text()}`);
    return answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  /** GET through the API; fails loudly on anything but 200 so a refusal never passes as a fast answer. */
  const getJson = async (cookie: string, path: string): Promise<TeamPage> => {
    const answer = await fetch(`${origin}${path}`, { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as TeamPage;
  };

  const leader = await createUser(bench.db, { parentId: branches[0], isLeader: true, password: PASSWORD });
  const cookie = await signIn(leader.email!);

  // The leader of branch 0 signs in: their downstream is the whole 9 840-person branch. The login is
  // made by the factory and handed to the seeded leader row.
  const branchLeader = branches[0]!;
  const login = await createUser(bench.db, { parentId: root, password: PASSWORD });
  await q('UPDATE users_master SET auth_id = NULL WHERE id = $1', [login.id]);
  await q('UPDATE users_master SET auth_id = $1 WHERE id = $2', [login.authId, branchLeader]);
  const leaderCookie = await signIn(login.email!);
  // An admin with Users Management for the change of manager.
  const admin = await createUser(bench.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(bench.db, admin.id, ['Users Management']);
  const adminCookie = await signIn(admin.email!);

  const rows: Row[] = [];
  const findSessionActor = prepareSessionActorQuery(bench.db, actorUniversityStatus(bench.db).factsSql);
  const sessionToken = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
  rows.push({
    name: 'current user (GET /api/me)',
    api: await measure(300, () => fetch(`${origin}/api/me`, { headers: { cookie } }).then((r) => r.json())),
    // The actor's own statement (session, dealer, flags, university facts), as every request runs it.
    sql: await measure(300, () => findSessionActor(sessionToken, new Date())),
    target: 'p95 < 20 ms',
  });

  rows.push({
    name: `downstream count of a ${9841}-person branch (closure)`,
    sql: await measure(200, (i) =>
      bench.db.$client.query('SELECT count(*) FROM users_hierarchy_closure WHERE ancestor_id = $1 AND depth > 0', [
        branches[i % branches.length],
      ]),
    ),
  });

  // --- The downstream list (GET /api/teams/downstream/{dealerId}) --------------------------------
  // API: the leader of the branch asks for their own downstream. Bare SQL: the list's own
  // statements from teams.queries.ts (page and counts, side by side as the service runs them),
  // without the session, the actor, the waiting check and the reach check every request pays.
  const scope: TeamScope = { kind: 'downstream', ancestorId: branchLeader };
  const path = (query: string) => `/api/teams/downstream/${branchLeader}?pageSize=50${query}`;
  const noFilter: TeamFilters = { search: {}, status: 0 };
  const page1 = await getJson(leaderCookie, path(''));
  const branchSize = page1.pagination.totalCount;
  const deepPage = Math.floor((0.75 * branchSize) / 50);
  const offset = (deepPage - 1) * 50;
  // The key of the deep page: the id that ends the page before it.
  const { rows: keyRows } = await q(
    `SELECT u.id FROM users_hierarchy_closure c JOIN users_master u ON u.id = c.descendant_id
      WHERE c.ancestor_id = $1 AND c.descendant_id <> $1 AND u.refs_user_lifecycle_status_id <> 4
      ORDER BY c.descendant_id OFFSET $2 LIMIT 1`,
    [branchLeader, offset - 1],
  );
  const afterId = keyRows[0].id as number;
  const deepCursor = async () =>
    (await getJson(leaderCookie, path(`&page=${deepPage - 1}`))).pagination.nextCursor ?? '';

  rows.push({
    name: `downstream page 1 of ${branchSize} (leader; page + counts)`,
    ...(await measurePair(
      300,
      () => getJson(leaderCookie, path('')),
      () => Promise.all([findTeamPage(bench.db, scope, noFilter, { limit: 50 }), countTeam(bench.db, scope, 0)]),
    )),
    target: 'p95 < 20 ms, ≤ 2× SQL',
  });

  {
    const cursor = await deepCursor();
    rows.push({
      name: `downstream page ${deepPage} by key (cursor; counts carried)`,
      ...(await measurePair(
        300,
        () => getJson(leaderCookie, path(`&page=${deepPage}&cursor=${cursor}`)),
        () => findTeamPage(bench.db, scope, noFilter, { limit: 50, afterId }),
      )),
      target: 'p95 < 20 ms, ≤ 2× SQL',
    });
  }

  rows.push({
    name: `downstream page ${deepPage} by OFFSET (no cursor, for comparison)`,
    ...(await measurePair(
      100,
      () => getJson(leaderCookie, path(`&page=${deepPage}`)),
      () =>
        Promise.all([findTeamPage(bench.db, scope, noFilter, { limit: 50, offset }), countTeam(bench.db, scope, 0)]),
    )),
  });

  // Searches for one person deep in the branch: by surname (trigram index), by the whole phone
  // typed with a leading 0 (unique phone index) and by its first eight digits (trigram index).
  const { rows: someone } = await q(
    `SELECT u.surname, u.phone FROM users_hierarchy_closure c JOIN users_master u ON u.id = c.descendant_id
      WHERE c.ancestor_id = $1 ORDER BY c.descendant_id OFFSET 5000 LIMIT 1`,
    [branchLeader],
  );
  const searches = [
    { label: 'name', term: someone[0].surname as string },
    { label: 'whole phone typed 0…', term: `0${(someone[0].phone as string).slice(3)}` },
    { label: 'start of a phone', term: `0${(someone[0].phone as string).slice(3, 10)}` },
  ];
  for (const { label, term } of searches) {
    const filters: TeamFilters = { search: parseTeamSearch(term), status: 0 };
    const found = await getJson(leaderCookie, path(`&search=${encodeURIComponent(term)}`));
    if (found.pagination.filteredCount < 1) throw new Error(`search ${term} found nobody`);
    rows.push({
      name: `downstream search by ${label} "${term}" (${found.pagination.filteredCount} found)`,
      ...(await measurePair(
        300,
        () => getJson(leaderCookie, path(`&search=${encodeURIComponent(term)}`)),
        () => Promise.all([findMatchPage(bench.db, scope, filters, { limit: 50 }), countTeam(bench.db, scope, 0)]),
      )),
      target: 'p95 < 20 ms, ≤ 2× SQL',
    });
  }

  // Manage Teams for an admin: everyone (about 98 400 people), counted on the first page.
  rows.push({
    name: `Manage Teams page 1 as admin (everyone: ${total + 3} people)`,
    ...(await measurePair(
      200,
      () => getJson(adminCookie, '/api/teams/dealers?pageSize=50'),
      () =>
        Promise.all([
          findTeamPage(bench.db, { kind: 'everyone' }, noFilter, { limit: 50 }),
          countTeam(bench.db, { kind: 'everyone' }, 0),
        ]),
    )),
    target: 'p95 < 20 ms',
  });

  // --- Change of manager moving a whole branch --------------------------------------------------
  // Branch 1 (9 841 people) moves through the API and branch 3 (as big) by bare SQL, turn about,
  // each going under branch 2's leader and back under the root (the way down rewrites twice as many
  // closure pairs as the way up, so both sides take both ways). API: PUT /api/people/{id}/manager
  // with its checks, lock and audit row; bare SQL: the parent UPDATE alone (the closure trigger
  // rewrites every pair between the branch and its old and new ancestors).
  const [a, b, c] = [branches[1]!, branches[2]!, branches[3]!];
  const targetOf = (i: number) => (i % 2 === 0 ? b : root);
  const moveRow: Row = {
    name: 'move a 9 841-person branch (change of manager)',
    ...(await measurePair(
      10,
      async (i) => {
        const answer = await fetch(`${origin}/api/people/${a}/manager`, {
          method: 'PUT',
          headers: { cookie: adminCookie, origin, 'content-type': 'application/json' },
          // The admin's own password (step-up, decision 075); its hashing now counts in the timing.
          body: JSON.stringify({ managerId: targetOf(i), moveWithChildren: true, currentPassword: PASSWORD }),
        });
        if (answer.status !== 200) throw new Error(`change of manager: ${answer.status} ${await answer.text()}`);
      },
      (i) => bench.db.$client.query('UPDATE users_master SET parent_id = $1 WHERE id = $2', [targetOf(i), c]),
    )),
    target: 'under 600 ms',
  };
  rows.push(moveRow);
  rows.push(...(await benchAlerts({ db: bench.db, origin, adminCookie, userCookie: cookie, userId: leader.id })));
  rows.push(
    ...(await benchTickets({
      db: bench.db,
      origin,
      adminCookie,
      adminId: admin.id,
      dealerCookie: cookie,
      dealerId: leader.id,
    })),
  );

  printTable(rows);
  await app.close();
} finally {
  await bench.close();
}
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
