import { LINK_MESSAGES, type SupplierLink, type SupplierLinkPage } from '@portal/domain/links/supplier-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createSupplierLinks } from '../../db/seed/activity-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  linkUser,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';
import type { PortalEvent } from '../../platform/events.ts';

// Supplier links (spec 2 "Supplier Links tab", §3, §4, §5): who sees a supplier's links, who
// manages them, how an address is built for the signed-in dealer, unsafe addresses, click
// counting and soft delete.

const PASSWORD = 'Secret123';
let ctx: TestContext;
const cookies = { agent: '', stranger: '', admin: '', waiting: '' };
type Who = keyof typeof cookies | 'anonymous';
let agent: UserRow;
let metro: { id: number };
let other: { id: number };
let otherLink: number;
const n = nextSequence();

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who === 'anonymous' ? {} : { cookie: cookies[who] }), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const list = (who: Who, supplierId: number, extra = '') =>
  call('GET', `/api/supplier-links?supplierId=${supplierId}${extra}`, who);

const add = (who: Who, body: Record<string, unknown>) =>
  call('POST', '/api/supplier-links', who, { supplierId: metro.id, parameters: [], ...body });

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  agent = await createUser(db, { password: PASSWORD, companyName: 'Lindiwe & Co Connect' });
  const stranger = await createUser(db, { password: PASSWORD });
  const waiting = await createUser(db, { password: PASSWORD, refsUserLifecycleStatusId: 1 });
  const fibre = await createProductType(db, `Fibre ${n}`);
  const lte = await createProductType(db, 'Fixed LTE');
  metro = await createSupplier(db, { supplierName: `Links Metro ${n}`, productTypeIds: [fibre.id, lte.id] });
  other = await createSupplier(db, { supplierName: `Links Other ${n}`, supplierStatus: 2 });
  await linkUser(db, agent.id, { supplierIds: [metro.id] });
  await linkUser(db, stranger.id, { supplierIds: [other.id] });
  const [link] = await createSupplierLinks(db, [
    { supplierId: other.id, linkName: 'Other portal', linkAddress: 'https://other.example.test/' },
  ]);
  otherLink = link!.id;
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.stranger = await ctx.signIn(stranger.email!, PASSWORD);
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.waiting = await ctx.signIn(waiting.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('who sees and manages links', () => {
  it('refuses a supplier the agent is not registered with, as the supplier page does, and hides its links', async () => {
    expect((await list('agent', other.id)).statusCode).toBe(403);
    expect((await list('stranger', other.id)).statusCode).toBe(200);
    // A link of another supplier is as good as absent: no address, no click counted.
    expect((await call('POST', `/api/supplier-links/${otherLink}/open`, 'agent')).statusCode).toBe(404);
    expect((await call('GET', `/api/supplier-links/${otherLink}/address`, 'agent')).statusCode).toBe(404);
    const [row] = (
      await ctx.db.execute<{ click_count: number }>(
        sql`select click_count from suppliers_link_index where id = ${otherLink}`,
      )
    ).rows;
    expect(Number(row!.click_count)).toBe(0);
    expect((await list('waiting', metro.id)).statusCode).toBe(403);
    expect((await list('anonymous', metro.id)).statusCode).toBe(401);
  });

  it('lets only admins add, edit and delete', async () => {
    expect((await add('agent', { name: 'Mine', address: 'https://example.test/' })).statusCode).toBe(403);
    const created = await add('admin', { name: 'Agent Portal', address: 'https://portal.example.test/' });
    expect(created.statusCode).toBe(201);
    const id = created.json<SupplierLink>().id;
    const body = { name: 'Renamed', address: 'https://portal.example.test/', parameters: [] };
    expect((await call('PUT', `/api/supplier-links/${id}`, 'agent', body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/supplier-links/${id}`, 'agent')).statusCode).toBe(403);
    const edited = await call('PUT', `/api/supplier-links/${id}`, 'admin', body);
    expect(edited.json()).toMatchObject({ name: 'Renamed' });
    const audit = await ctx.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'suppliers_link_index' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['supplier-link.create', 'supplier-link.update']);
  });

  it('shows the saved address and parameters to admins only', async () => {
    const created = await add('admin', {
      name: 'Keyed',
      address: 'https://keyed.example.test/',
      parameters: [{ name: 'key', value: 'partner-secret', isStatic: true }],
    });
    const id = created.json<SupplierLink>().id;
    const forAgent = (await list('agent', metro.id, '&search=Keyed')).json<SupplierLinkPage>();
    expect(forAgent.items).toEqual([expect.objectContaining({ id, name: 'Keyed', address: null, parameters: null })]);
    const forAdmin = (await list('admin', metro.id, '&search=Keyed')).json<SupplierLinkPage>();
    expect(forAdmin.items[0]).toMatchObject({
      address: 'https://keyed.example.test/',
      parameters: [{ name: 'key', value: 'partner-secret', isStatic: true }],
    });
  });
});

describe('live updates', () => {
  it('tells open pages, once committed, that a supplier’s links changed', async () => {
    const heard: PortalEvent[] = [];
    const unsubscribe = ctx.events.subscribe(agent.id, (event) => heard.push(event));
    try {
      const created = await add('admin', { name: 'Announced', address: 'https://announced.example.test/' });
      await call('DELETE', `/api/supplier-links/${created.json<SupplierLink>().id}`, 'admin');
      for (let tries = 0; tries < 100 && heard.length < 2; tries += 1) await new Promise((r) => setTimeout(r, 50));
      const changes = heard.filter((event) => event.type === 'supplier-links.changed');
      expect(changes).toEqual([
        expect.objectContaining({ channel: 'all', data: { supplierId: metro.id } }),
        expect.objectContaining({ channel: 'all', data: { supplierId: metro.id } }),
      ]);
    } finally {
      unsubscribe();
    }
  });
});

describe('building the address for the signed-in dealer', () => {
  it('fills DEALER_CODE, DEALER_NAME and {product}_DEALER_CODE on the server, values URL-encoded', async () => {
    const page = (await list('admin', metro.id)).json<SupplierLinkPage>();
    expect(page.variables).toEqual(['DEALER_CODE', 'DEALER_NAME', `FIBRE_${n}_DEALER_CODE`, 'FIXED_LTE_DEALER_CODE']);
    const created = await add('admin', {
      name: 'Apply now',
      address: 'https://apply.example.test/form?src=portal#top',
      parameters: [
        { name: 'ref', value: 'DEALER_CODE', isStatic: false },
        { name: 'dealer name', value: 'DEALER_NAME', isStatic: false },
        { name: 'lte', value: 'FIXED_LTE_DEALER_CODE', isStatic: false },
        { name: 'campaign', value: 'spring & summer', isStatic: true },
      ],
    });
    expect(created.statusCode).toBe(201);
    const opened = await call('POST', `/api/supplier-links/${created.json<SupplierLink>().id}/open`, 'agent');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().address).toBe(
      `https://apply.example.test/form?src=portal&ref=Z-${agent.id}&dealer%20name=Lindiwe%20%26%20Co%20Connect` +
        `&lte=FIXED_LTE_Z-${agent.id}&campaign=spring%20%26%20summer#top`,
    );
  });

  it('never takes the variables from the browser', async () => {
    const created = await add('admin', {
      name: 'Code only',
      address: 'https://code.example.test/',
      parameters: [{ name: 'ref', value: 'DEALER_CODE', isStatic: false }],
    });
    const id = created.json<SupplierLink>().id;
    // A body is refused (strict); anything else in the query is not read.
    const tampered = await call('POST', `/api/supplier-links/${id}/open`, 'agent', { DEALER_CODE: 'Z-1' });
    expect(tampered.statusCode).toBe(400);
    const opened = await call('POST', `/api/supplier-links/${id}/open?dealerId=1&DEALER_CODE=Z-1`, 'agent');
    expect(opened.json().address).toBe(`https://code.example.test/?ref=Z-${agent.id}`);
    const shared = await call('GET', `/api/supplier-links/${id}/address`, 'agent');
    expect(shared.json().address).toBe(`https://code.example.test/?ref=Z-${agent.id}`);
  });

  it('refuses a dealer variable the supplier does not offer', async () => {
    const refused = await add('admin', {
      name: 'Bad variable',
      address: 'https://example.test/',
      parameters: [{ name: 'x', value: 'MOBILE_DEALER_CODE', isStatic: false }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: LINK_MESSAGES.unknownVariable });
  });
});

describe('unsafe addresses', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.test/',
    '//example.test/path',
    'example.test',
    // What a reader would take for the supplier's site while the browser goes elsewhere.
    'https://www.supplier.example.test@evil.example.test/apply',
    'https://partner:secret@apply.example.test/',
    'https:/\\evil.example.test/',
    'https:\\\\evil.example.test/',
    'http:evil.example.test/',
    'https://apply.example.test/\u0000x',
    'https://apply.example.test/\u202ex',
  ])('refuses %s with a clear message', async (address) => {
    const refused = await add('admin', { name: 'Unsafe', address });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(LINK_MESSAGES.unsafeAddress);
  });

  it('opens and shares no stored address with credentials in it, whatever an old row holds', async () => {
    const [link] = await createSupplierLinks(ctx.db, [
      {
        supplierId: metro.id,
        linkName: 'Old row',
        linkAddress: 'https://www.supplier.example.test@evil.example.test/apply',
      },
    ]);
    const opened = await call('POST', `/api/supplier-links/${link!.id}/open`, 'agent');
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({ detail: LINK_MESSAGES.unsafeAddress });
    expect((await call('GET', `/api/supplier-links/${link!.id}/address`, 'agent')).statusCode).toBe(400);
  });

  it('refuses an unsafe address on edit too', async () => {
    const created = await add('admin', { name: 'Safe', address: 'https://safe.example.test/' });
    const id = created.json<SupplierLink>().id;
    const refused = await call('PUT', `/api/supplier-links/${id}`, 'admin', {
      name: 'Safe',
      address: 'javascript:void(0)',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('clicks, search, paging and soft delete', () => {
  it('counts every click with its time', async () => {
    const created = await add('admin', { name: 'Counted', address: 'https://counted.example.test/' });
    const id = created.json<SupplierLink>().id;
    await Promise.all([1, 2, 3].map(() => call('POST', `/api/supplier-links/${id}/open`, 'agent')));
    // Sharing reads the address without counting.
    await call('GET', `/api/supplier-links/${id}/address`, 'agent');
    const [link] = (await list('agent', metro.id, '&search=Counted')).json<SupplierLinkPage>().items;
    expect(link!.clickCount).toBe(3);
    expect(link!.lastClickedAt).not.toBeNull();
  });

  it('searches by name, pages, and hides a deleted link from the list and from opening', async () => {
    for (const name of ['Zulu One', 'Zulu Two', 'Zulu Three']) {
      await add('admin', { name, address: 'https://zulu.example.test/' });
    }
    const first = (await list('agent', metro.id, '&search=zulu&pageSize=2')).json<SupplierLinkPage>();
    expect(first.total).toBe(3);
    expect(first.items.map((link) => link.name)).toEqual(['Zulu One', 'Zulu Three']);
    const second = (await list('agent', metro.id, '&search=zulu&pageSize=2&page=2')).json<SupplierLinkPage>();
    expect(second.items.map((link) => link.name)).toEqual(['Zulu Two']);
    // LIKE's wildcards are taken literally.
    expect((await list('agent', metro.id, '&search=%25')).json<SupplierLinkPage>().total).toBe(0);

    const id = first.items[0]!.id;
    expect((await call('DELETE', `/api/supplier-links/${id}`, 'admin')).statusCode).toBe(200);
    const after = (await list('agent', metro.id, '&search=zulu')).json<SupplierLinkPage>();
    expect(after.items.map((link) => link.name)).toEqual(['Zulu Three', 'Zulu Two']);
    expect((await call('POST', `/api/supplier-links/${id}/open`, 'agent')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/supplier-links/${id}`, 'admin')).statusCode).toBe(404);
    const [row] = (
      await ctx.db.execute<{ is_active: boolean }>(sql`select is_active from suppliers_link_index where id = ${id}`)
    ).rows;
    expect(row!.is_active).toBe(false);
  });
});
