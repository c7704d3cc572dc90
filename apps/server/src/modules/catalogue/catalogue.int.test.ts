import { PRODUCT_TYPE_NAME_REQUIRED, PRODUCT_TYPE_NAME_TAKEN } from '@portal/domain/catalogue/product-types';
import { MATCH_MESSAGES, PRODUCT_MESSAGES } from '@portal/domain/catalogue/products';
import { CONTACT_MESSAGES, SUPPLIER_BANNER_REFUSED, SUPPLIER_MESSAGES } from '@portal/domain/catalogue/suppliers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import {
  createDeal,
  createProduct,
  createProductImports,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
} from '../../db/seed/factories.ts';

let ctx: TestContext;
const cookies: Record<'admin' | 'dealsAdmin' | 'helpdesk' | 'salesOnly' | 'support' | 'leader' | 'agent', string> = {
  admin: '',
  helpdesk: '',
  salesOnly: '',
  support: '',
  dealsAdmin: '',
  leader: '',
  agent: '',
};
let adminId = 0;
let otherAdminId = 0;
/**
 * An admin holding the Sales Assist and Agent Support flags: the only kind who edits, or is, a
 * recipient of both lists (decisions 068, 078). helpdesk2 holds Sales Assist only; support holds
 * Agent Support only.
 */
let helpdeskId = 0;
let helpdesk2Id = 0;
let supportId = 0;
let agentId = 0;
let fibreId = 0;
let mobileId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  const dealsAdmin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  await grantFeatures(ctx.db, dealsAdmin.id, ['Deals']);
  const helpdesk = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  await grantFeatures(ctx.db, helpdesk.id, ['Sales Assist', 'Agent Support']);
  const helpdesk2 = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  await grantFeatures(ctx.db, helpdesk2.id, ['Sales Assist']);
  const support = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  await grantFeatures(ctx.db, support.id, ['Agent Support']);
  helpdeskId = helpdesk.id;
  helpdesk2Id = helpdesk2.id;
  supportId = support.id;
  cookies.helpdesk = await ctx.signIn(helpdesk.email!, 'Secret123');
  cookies.salesOnly = await ctx.signIn(helpdesk2.email!, 'Secret123');
  cookies.support = await ctx.signIn(support.email!, 'Secret123');
  const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
  const agent = await createUser(ctx.db, { password: 'Secret123' });
  adminId = admin.id;
  otherAdminId = dealsAdmin.id;
  agentId = agent.id;
  cookies.admin = await ctx.signIn(admin.email!, 'Secret123');
  cookies.dealsAdmin = await ctx.signIn(dealsAdmin.email!, 'Secret123');
  cookies.leader = await ctx.signIn(leader.email!, 'Secret123');
  cookies.agent = await ctx.signIn(agent.email!, 'Secret123');
  fibreId = (await createProductType(ctx.db, 'Int Fibre')).id;
  mobileId = (await createProductType(ctx.db, 'Int Mobile')).id;
});
afterAll(() => ctx?.close());

type Who = keyof typeof cookies | 'anonymous';
function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who === 'anonymous' ? {} : { cookie: cookies[who] }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const messages = (response: { json(): unknown }) =>
  ((response.json() as { errors?: Array<{ message: string }> }).errors ?? []).map((e) => e.message);
const fields = (response: { json(): unknown }) =>
  ((response.json() as { errors?: Array<{ field: string }> }).errors ?? []).map((e) => e.field);

let sequence = 0;
const contact = (contactTypeId: number, overrides: Record<string, unknown> = {}) => ({
  contactTypeId,
  isRequired: contactTypeId !== 3,
  contactFirstName: 'Naledi',
  contactSurname: 'Dlamini',
  contactEmail: `naledi.${contactTypeId}@example.test`,
  contactNumber: '0821234567',
  ...overrides,
});
function supplierBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    supplierName: `Int Supplier ${sequence}`,
    supplierDescription: 'Fibre to the home',
    supplierStatus: 1,
    logoUrl: 'https://cdn.example.test/logo.png',
    productTypeIds: [fibreId],
    contacts: [contact(1), contact(2)],
    ...overrides,
  };
}

describe('product types', () => {
  it('adds, lists, renames and deletes (softly) a product type', async () => {
    const added = await call('admin', 'POST', '/api/catalogue/product-types', { name: 'Satellite' });
    expect(added.statusCode).toBe(200);
    const { id } = added.json();
    const renamed = await call('admin', 'PUT', `/api/catalogue/product-types/${id}`, { name: 'Satellite TV' });
    expect(renamed.json()).toEqual({ id, name: 'Satellite TV' });
    let list = (await call('admin', 'GET', '/api/catalogue/product-types')).json();
    expect(list.items).toContainEqual({ id, name: 'Satellite TV' });
    expect((await call('admin', 'DELETE', `/api/catalogue/product-types/${id}`)).statusCode).toBe(200);
    list = (await call('admin', 'GET', '/api/catalogue/product-types')).json();
    expect(list.items.map((item: { id: number }) => item.id)).not.toContain(id);
    const { rows } = await ctx.db.$client.query('SELECT is_deleted FROM product_types WHERE id = $1', [id]);
    expect(rows[0].is_deleted).toBe(true);
    const audit = await ctx.db.$client.query(
      "SELECT action FROM audit_log WHERE entity = 'product_types' AND entity_id = $1 ORDER BY id",
      [String(id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'product_type.create',
      'product_type.update',
      'product_type.delete',
    ]);
    // The name of a deleted type can be used again.
    const again = await call('admin', 'POST', '/api/catalogue/product-types', { name: 'satellite tv' });
    expect(again.json()).toEqual({ id, name: 'satellite tv' });
  });

  it('refuses an empty name and a name taken whatever its case', async () => {
    const empty = await call('admin', 'POST', '/api/catalogue/product-types', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(messages(empty)).toEqual([PRODUCT_TYPE_NAME_REQUIRED]);
    const taken = await call('admin', 'POST', '/api/catalogue/product-types', { name: 'INT FIBRE' });
    expect(taken.statusCode).toBe(409);
    expect(messages(taken)).toEqual([PRODUCT_TYPE_NAME_TAKEN]);
    const renamedOnto = await call('admin', 'PUT', `/api/catalogue/product-types/${mobileId}`, { name: 'int fibre' });
    expect(renamedOnto.statusCode).toBe(409);
  });

  it("keeps a product type a live deal or product uses, on its own and on the supplier's list", async () => {
    const typeId = (await createProductType(ctx.db, `Int Held ${Date.now()}`)).id;
    const supplier = await createSupplier(ctx.db, { productTypeIds: [typeId, fibreId] });
    const product = await createProduct(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: typeId });
    const rates = { user: [1, 2, 3, 4], leader: [1, 2, 3, 4, 5, 6, 7] } as {
      user: [number, number, number, number];
      leader: [number, number, number, number, number, number, number];
    };
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: typeId }, [
      { productId: product.id, rates },
    ]);

    const deleted = await call('admin', 'DELETE', `/api/catalogue/product-types/${typeId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('PRODUCT_TYPE_IN_USE');
    const dropped = await call(
      'admin',
      'PUT',
      `/api/catalogue/suppliers/${supplier.id}`,
      supplierBody({ productTypeIds: [fibreId] }),
    );
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().code).toBe('PRODUCT_TYPE_IN_USE');
    // The Deals screen still edits the deal: its supplier still offers its live type.
    const edited = await call('dealsAdmin', 'PUT', `/api/deals/${deal.id}`, {
      dealName: 'Int Held Deal',
      dealDescription: 'Still editable',
      supplierId: supplier.id,
      productTypeId: typeId,
      dealTypeId: deal.refsDealTypeId,
    });
    expect(edited.statusCode).toBe(200);
    // Once nothing live uses it, it goes.
    await ctx.db.$client.query('UPDATE deals_master SET is_deleted = true WHERE id = $1', [deal.id]);
    await ctx.db.$client.query('UPDATE products_master SET is_deleted = true WHERE id = $1', [product.id]);
    expect((await call('admin', 'DELETE', `/api/catalogue/product-types/${typeId}`)).statusCode).toBe(200);
  });
});

describe('supplier form', () => {
  it('creates a supplier with contacts, product types and assist recipients in one go, audited', async () => {
    const body = supplierBody({
      contacts: [contact(1), contact(2, { contactNumber: '+27831234567' }), contact(3)],
      productTypeIds: [fibreId, mobileId],
      salesAssistRecipientIds: [helpdeskId],
      agentSupportRecipientIds: [helpdeskId, supportId],
      orderNotes: true,
      orderNotesName: 'Order number',
    });
    const created = await call('helpdesk', 'POST', '/api/catalogue/suppliers', body);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const detail = (await call('admin', 'GET', `/api/catalogue/suppliers/${id}`)).json();
    expect(detail).toMatchObject({
      supplierName: body.supplierName,
      statusName: 'Active',
      orderNotesName: 'Order number',
      productTypeIds: [fibreId, mobileId].sort((a, b) => a - b),
      unmatchedImports: 0,
      bannerUrl: null,
    });
    expect(detail.contacts).toHaveLength(3);
    expect(detail.contacts[1].contactNumber).toBe('0831234567');
    expect(detail.salesAssistRecipients.map((user: { id: number }) => user.id)).toEqual([helpdeskId]);
    expect(detail.agentSupportRecipients.map((user: { id: number }) => user.id).sort()).toEqual(
      [helpdeskId, supportId].sort(),
    );
    const stored = await ctx.db.$client.query(
      'SELECT contact_number FROM suppliers_contacts WHERE supplier_id = $1 ORDER BY contact_type_id',
      [id],
    );
    expect(stored.rows.map((row) => row.contact_number)).toEqual(['+27821234567', '+27831234567', '+27821234567']);
    const audit = await ctx.db.$client.query(
      "SELECT action, actor_user_id FROM audit_log WHERE entity = 'suppliers_master' AND entity_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ action: 'supplier.create', actor_user_id: helpdeskId }]);
  });

  it('updates the supplier, its contacts, product types and recipients', async () => {
    const { id } = (
      await call(
        'helpdesk',
        'POST',
        '/api/catalogue/suppliers',
        supplierBody({ salesAssistRecipientIds: [helpdeskId] }),
      )
    ).json();
    const body = supplierBody({
      supplierName: `Renamed ${sequence}`,
      productTypeIds: [mobileId],
      contacts: [contact(1, { contactFirstName: 'Sipho' }), contact(2)],
      salesAssistRecipientIds: [helpdesk2Id],
    });
    const updated = await call('helpdesk', 'PUT', `/api/catalogue/suppliers/${id}`, body);
    expect(updated.statusCode).toBe(200);
    const detail = (await call('admin', 'GET', `/api/catalogue/suppliers/${id}`)).json();
    expect(detail.supplierName).toBe(body.supplierName);
    expect(detail.productTypeIds).toEqual([mobileId]);
    expect(detail.contacts[0].contactFirstName).toBe('Sipho');
    expect(detail.salesAssistRecipients.map((user: { id: number }) => user.id)).toEqual([helpdesk2Id]);
  });

  it.each([
    ['supplierName', '', SUPPLIER_MESSAGES.name],
    ['supplierDescription', '', SUPPLIER_MESSAGES.description],
    ['supplierStatus', '', SUPPLIER_MESSAGES.status],
    ['logoUrl', '', SUPPLIER_MESSAGES.logo],
    ['logoUrl', 'not a url', SUPPLIER_MESSAGES.logoUrl],
    ['regex', '([', SUPPLIER_MESSAGES.regex],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const response = await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toContain(message);
  });

  it("refuses a logo address that is one of the portal's own calls: every viewer's browser would make it with their cookie", async () => {
    for (const logoUrl of [
      '/api/commissions/agent-commissions?period=1',
      '/api/imports/run-post-import?supplier_id=all',
      '/supplier-logos/../api/commissions/agent-commissions?period=1',
      '/%61pi/commissions/agent-commissions?period=1',
      'https://portal.example.test/api/commissions/users?page=1',
      'http://localhost:5173//api/commissions/agent-commissions?period=1',
    ]) {
      const refused = await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody({ logoUrl }));
      expect(refused.statusCode, logoUrl).toBe(400);
      expect(messages(refused), logoUrl).toContain(SUPPLIER_MESSAGES.logoUrl);
    }
    for (const logoUrl of [
      '/supplier-logos/metro.svg',
      '/api/files/0b6f0b53-62f4-4d55-9a43-2f0c1e0a8d11',
      'https://cdn.example.test/logo.png',
    ]) {
      const saved = await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody({ logoUrl }));
      expect(saved.statusCode, logoUrl).toBe(200);
    }
    // A row stored before the rule is shown without its logo, not handed to browsers as an image.
    const old = await createSupplier(ctx.db, {
      productTypeIds: [fibreId],
      logoUrl: '/api/commissions/agent-commissions?period=1',
    });
    const cards = (await call('admin', 'GET', '/api/dashboard/suppliers')).json();
    const card = cards.suppliers.find((item: { id: number }) => item.id === old.id);
    expect(card).toBeDefined();
    expect(card.logoUrl).toBeNull();
    expect((await call('admin', 'GET', `/api/suppliers/${old.id}`)).json().logoUrl).toBeNull();
    expect((await call('admin', 'GET', `/api/catalogue/suppliers/${old.id}`)).json().logoUrl).toBe('');
    const page = (
      await call('admin', 'GET', `/api/catalogue/suppliers?search=${encodeURIComponent(old.supplierName)}`)
    ).json();
    // 'Supplier 12' also matches 'Int Supplier 12': find the row by its id.
    expect(page.items.find((item: { id: number }) => item.id === old.id).logoUrl).toBeNull();
  });

  it('asks for the names and the custom page address once their flags are on', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ orderNotes: true, reports: true, customPage: true }),
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual(
      expect.arrayContaining([
        SUPPLIER_MESSAGES.orderNotesName,
        SUPPLIER_MESSAGES.reportsName,
        SUPPLIER_MESSAGES.customPageUrl,
      ]),
    );
    const badUrl = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ customPage: true, customPageUrl: 'ftp//nope' }),
    );
    expect(messages(badUrl)).toEqual([SUPPLIER_MESSAGES.customPageUrlValid]);
    // Flags off: the names may stay empty.
    expect(
      (await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody({ orderNotes: false }))).statusCode,
    ).toBe(200);
  });

  it('needs every field of a required contact type, valid', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({
        contacts: [
          contact(1, { contactFirstName: '', contactSurname: '', contactEmail: 'nope', contactNumber: '0821234' }),
          contact(2, { contactEmail: '', contactNumber: '' }),
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual(
      expect.arrayContaining([
        CONTACT_MESSAGES.firstName,
        CONTACT_MESSAGES.surname,
        CONTACT_MESSAGES.emailValid,
        CONTACT_MESSAGES.numberValid,
        CONTACT_MESSAGES.email,
        CONTACT_MESSAGES.number,
      ]),
    );
    expect(fields(response)).toEqual(
      expect.arrayContaining(['contacts.0.contactFirstName', 'contacts.1.contactEmail']),
    );
  });

  it.each(['0821234567', '+27821234567'])('accepts the phone %s', async (contactNumber) => {
    const response = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ contacts: [contact(1, { contactNumber }), contact(2)] }),
    );
    expect(response.statusCode).toBe(200);
  });

  it.each(['821234567', '+2782123456', '27821234567', '08212345678', '+44821234567'])(
    'refuses the phone %s',
    async (contactNumber) => {
      const response = await call(
        'admin',
        'POST',
        '/api/catalogue/suppliers',
        supplierBody({ contacts: [contact(1, { contactNumber }), contact(2)] }),
      );
      expect(messages(response)).toEqual([CONTACT_MESSAGES.numberValid]);
    },
  );

  it('reads which contact types are required from the database, not from the form', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ contacts: [contact(1), { contactTypeId: 2, isRequired: false }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual(
      expect.arrayContaining([CONTACT_MESSAGES.firstName, CONTACT_MESSAGES.email, CONTACT_MESSAGES.number]),
    );
    const missing = await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody({ contacts: [contact(1)] }));
    expect(missing.statusCode).toBe(400);
  });

  it('lets an optional contact type stay empty, but checks it once started', async () => {
    const empty = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ contacts: [contact(1), contact(2), { contactTypeId: 3, isRequired: false }] }),
    );
    expect(empty.statusCode).toBe(200);
    const partly = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({
        contacts: [contact(1), contact(2), { contactTypeId: 3, isRequired: false, contactFirstName: 'Thabo' }],
      }),
    );
    expect(partly.statusCode).toBe(400);
    expect(messages(partly)).toEqual([CONTACT_MESSAGES.surname, CONTACT_MESSAGES.email, CONTACT_MESSAGES.number]);
  });

  it('refuses a duplicate name (whatever its case) and recipients who are not admins', async () => {
    const body = supplierBody();
    expect((await call('admin', 'POST', '/api/catalogue/suppliers', body)).statusCode).toBe(200);
    const duplicate = await call(
      'admin',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ supplierName: body.supplierName.toUpperCase() }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(messages(duplicate)).toEqual([SUPPLIER_MESSAGES.nameTaken]);
    const notAdmin = await call(
      'helpdesk',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ salesAssistRecipientIds: [agentId] }),
    );
    expect(notAdmin.statusCode).toBe(400);
    expect(messages(notAdmin)).toEqual([SUPPLIER_MESSAGES.salesRecipient]);
    const supportNotAdmin = await call(
      'support',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ agentSupportRecipientIds: [agentId] }),
    );
    expect(supportNotAdmin.statusCode).toBe(400);
    expect(messages(supportNotAdmin)).toEqual([SUPPLIER_MESSAGES.supportRecipient]);
  });

  it('saves nothing when a part fails inside the transaction', async () => {
    const body = supplierBody({
      contacts: [contact(1), contact(2), { ...contact(99), isRequired: false }],
      salesAssistRecipientIds: [helpdeskId],
    });
    const response = await call('helpdesk', 'POST', '/api/catalogue/suppliers', body);
    expect(response.statusCode).toBe(400);
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM suppliers_master WHERE supplier_name = $1',
      [body.supplierName],
    );
    expect(rows[0].n).toBe(0);
    const contacts = await ctx.db.$client.query(
      "SELECT count(*)::int AS n FROM suppliers_contacts WHERE contact_email = 'naledi.99@example.test'",
    );
    expect(contacts.rows[0].n).toBe(0);
  });

  it('lists suppliers one page at a time, searched by name', async () => {
    await createSupplier(ctx.db, { supplierName: 'Zebra Paged Alpha' });
    await createSupplier(ctx.db, { supplierName: 'Zebra Paged Beta' });
    const first = (await call('admin', 'GET', '/api/catalogue/suppliers?search=zebra%20paged&pageSize=1')).json();
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.items.map((row: { supplierName: string }) => row.supplierName)).toEqual(['Zebra Paged Alpha']);
    const second = (
      await call('admin', 'GET', '/api/catalogue/suppliers?search=zebra%20paged&pageSize=1&page=2')
    ).json();
    expect(second.items[0].supplierName).toBe('Zebra Paged Beta');
  });

  it('sets a banner uploaded for a supplier banner, and refuses other files', async () => {
    const { id } = (await call('admin', 'POST', '/api/catalogue/suppliers', supplierBody())).json();
    const upload = async (purpose: string) => {
      const png = await sharp({ create: { width: 40, height: 10, channels: 3, background: { r: 200, g: 0, b: 0 } } })
        .png()
        .toBuffer();
      const boundary = '----bannerbench';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: {
          cookie: cookies.admin,
          origin: TEST_ORIGIN,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(response.statusCode).toBe(201);
      return (response.json() as { id: string }).id;
    };
    const wrongPurpose = await upload('id_photo');
    const refused = await call('admin', 'PUT', `/api/catalogue/suppliers/${id}/banner`, { fileId: wrongPurpose });
    expect(refused.statusCode).toBe(400);
    expect(messages(refused)).toEqual([SUPPLIER_BANNER_REFUSED]);
    const fileId = await upload('supplier_banner');
    const saved = await call('admin', 'PUT', `/api/catalogue/suppliers/${id}/banner`, { fileId });
    expect(saved.json()).toEqual({ bannerUrl: `/api/files/${fileId}` });
    expect((await call('admin', 'GET', `/api/catalogue/suppliers/${id}`)).json().bannerUrl).toBe(
      `/api/files/${fileId}`,
    );
  });

  it('gives the form its reference lists, with the required contact types marked', async () => {
    const references = (await call('admin', 'GET', '/api/catalogue/references')).json();
    expect(references.contactTypes).toEqual([
      { id: 1, name: 'Sales', isRequired: true },
      { id: 2, name: 'Support', isRequired: true },
      { id: 3, name: 'Finance', isRequired: false },
    ]);
    expect(references.productStatuses[0]).toEqual({ id: 1, name: 'Active' });
    const admins = (await call('admin', 'GET', '/api/catalogue/assist-recipients')).json();
    expect(admins.items.map((user: { id: number }) => user.id)).toEqual(
      expect.arrayContaining([adminId, otherAdminId]),
    );
    expect(admins.items.map((user: { id: number }) => user.id)).not.toContain(agentId);
  });
});

describe('sales-assist recipients (decision 068)', () => {
  const salesRecipients = async (id: number) =>
    (
      (await call('helpdesk', 'GET', `/api/catalogue/suppliers/${id}`)).json() as {
        salesAssistRecipients: Array<{ id: number }>;
      }
    ).salesAssistRecipients
      .map((user) => user.id)
      .sort((a, b) => a - b);

  it('refuses an admin without the Sales Assist flag any change to them, with the usual 403', async () => {
    const { id } = (
      await call(
        'helpdesk',
        'POST',
        '/api/catalogue/suppliers',
        supplierBody({ salesAssistRecipientIds: [helpdeskId] }),
      )
    ).json();
    // Adding themselves (and so every lead's customer name and phone), removing, replacing: 403.
    for (const list of [[helpdeskId, adminId], [], [adminId]]) {
      const refused = await call('admin', 'PUT', `/api/catalogue/suppliers/${id}`, {
        ...supplierBody({ salesAssistRecipientIds: list }),
        supplierName: `Kept ${id}`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NO_PERMISSION');
    }
    expect(await salesRecipients(id)).toEqual([helpdeskId]);
    const body = supplierBody({ salesAssistRecipientIds: [adminId] });
    const created = await call('admin', 'POST', '/api/catalogue/suppliers', body);
    expect(created.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM suppliers_master WHERE supplier_name = $1', [
      body.supplierName,
    ]);
    expect(rows).toEqual([]);
    // The rest of the supplier form stays every admin's (spec 3 §2.1): the same list, in any order, saves.
    const renamed = await call(
      'admin',
      'PUT',
      `/api/catalogue/suppliers/${id}`,
      supplierBody({ salesAssistRecipientIds: [helpdeskId, helpdeskId] }),
    );
    expect(renamed.statusCode).toBe(200);
  });

  it('takes as a new recipient only an admin holding the Sales Assist flag; one already listed may stay', async () => {
    const { id } = (
      await call(
        'helpdesk',
        'POST',
        '/api/catalogue/suppliers',
        supplierBody({ salesAssistRecipientIds: [helpdeskId] }),
      )
    ).json();
    const flagless = await call(
      'helpdesk',
      'PUT',
      `/api/catalogue/suppliers/${id}`,
      supplierBody({ salesAssistRecipientIds: [helpdeskId, otherAdminId] }),
    );
    expect(flagless.statusCode).toBe(400);
    expect(messages(flagless)).toEqual([SUPPLIER_MESSAGES.salesRecipient]);
    expect(fields(flagless)).toEqual(['salesAssistRecipientIds']);
    expect(await salesRecipients(id)).toEqual([helpdeskId]);
    // One listed before the rule (no flag) blocks no save; the send leaves them out (tickets tests).
    await ctx.db.$client.query(
      `INSERT INTO suppliers_assist_email_index (suppliers_master_id, users_master_id, refs_supplier_assist_email_type_id, is_active)
       VALUES ($1, $2, 1, true)`,
      [id, otherAdminId],
    );
    const kept = await call(
      'helpdesk',
      'PUT',
      `/api/catalogue/suppliers/${id}`,
      supplierBody({ salesAssistRecipientIds: [helpdeskId, otherAdminId, helpdesk2Id] }),
    );
    expect(kept.statusCode).toBe(200);
    // The picker offers only flag holders for the sales-assist list.
    const options = (await call('helpdesk', 'GET', '/api/catalogue/assist-recipients?kind=sales_assist')).json();
    const offered = options.items.map((user: { id: number }) => user.id);
    expect(offered).toEqual(expect.arrayContaining([helpdeskId, helpdesk2Id]));
    expect(offered).not.toContain(adminId);
    expect(offered).not.toContain(otherAdminId);
  });

  it('audits every change of the list with before and after, and none when it stays', async () => {
    const { id } = (
      await call(
        'helpdesk',
        'POST',
        '/api/catalogue/suppliers',
        supplierBody({ salesAssistRecipientIds: [helpdeskId] }),
      )
    ).json();
    expect(
      (
        await call(
          'helpdesk',
          'PUT',
          `/api/catalogue/suppliers/${id}`,
          supplierBody({ salesAssistRecipientIds: [helpdesk2Id, helpdeskId] }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'admin',
          'PUT',
          `/api/catalogue/suppliers/${id}`,
          supplierBody({ salesAssistRecipientIds: [helpdeskId, helpdesk2Id] }),
        )
      ).statusCode,
    ).toBe(200);
    const audit = await ctx.db.$client.query(
      `SELECT actor_user_id, before, after FROM audit_log
        WHERE action = 'supplier.sales_assist_recipients' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows).toEqual([
      { actor_user_id: helpdeskId, before: { userIds: [] }, after: { userIds: [helpdeskId] } },
      {
        actor_user_id: helpdeskId,
        before: { userIds: [helpdeskId] },
        after: { userIds: [helpdeskId, helpdesk2Id].sort((a, b) => a - b) },
      },
    ]);
  });
});

describe('agent-support recipients (decision 078)', () => {
  const supportRecipients = async (id: number) =>
    (
      (await call('support', 'GET', `/api/catalogue/suppliers/${id}`)).json() as {
        agentSupportRecipients: Array<{ id: number }>;
      }
    ).agentSupportRecipients
      .map((user) => user.id)
      .sort((a, b) => a - b);
  const supportAudit = async (id: number) =>
    (
      await ctx.db.$client.query(
        `SELECT actor_user_id, before, after FROM audit_log
          WHERE action = 'supplier.agent_support_recipients' AND entity_id = $1 ORDER BY id`,
        [String(id)],
      )
    ).rows;
  const newSupplier = async (agentSupportRecipientIds: number[]) => {
    const created = await call(
      'support',
      'POST',
      '/api/catalogue/suppliers',
      supplierBody({ agentSupportRecipientIds }),
    );
    expect(created.statusCode).toBe(200);
    return (created.json() as { id: number }).id;
  };

  it('refuses an admin without the Agent Support flag any change to them, with the usual 403', async () => {
    const id = await newSupplier([supportId]);
    // Adding themselves (and so every new ticket's dealer and note), removing, replacing: 403, even
    // for an admin holding Sales Assist (each list is its own console's).
    for (const who of ['admin', 'salesOnly'] as const) {
      for (const list of [[supportId, adminId], [], [adminId]]) {
        const refused = await call(who, 'PUT', `/api/catalogue/suppliers/${id}`, {
          ...supplierBody({ agentSupportRecipientIds: list }),
          supplierName: `Kept ${id}`,
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('NO_PERMISSION');
      }
    }
    expect(await supportRecipients(id)).toEqual([supportId]);
    const { rows: kept } = await ctx.db.$client.query('SELECT supplier_name FROM suppliers_master WHERE id = $1', [id]);
    expect(kept[0].supplier_name).not.toBe(`Kept ${id}`);
    const body = supplierBody({ agentSupportRecipientIds: [adminId] });
    const created = await call('admin', 'POST', '/api/catalogue/suppliers', body);
    expect(created.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM suppliers_master WHERE supplier_name = $1', [
      body.supplierName,
    ]);
    expect(rows).toEqual([]);
    // The rest of the supplier form stays every admin's: the same list, in any order, saves.
    const renamed = await call(
      'admin',
      'PUT',
      `/api/catalogue/suppliers/${id}`,
      supplierBody({ agentSupportRecipientIds: [supportId, supportId] }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await supportAudit(id)).toEqual([
      { actor_user_id: supportId, before: { userIds: [] }, after: { userIds: [supportId] } },
    ]);
  });

  it('takes as a new recipient only an admin holding the Agent Support flag; one already listed may stay', async () => {
    const id = await newSupplier([supportId]);
    // An admin holding only Sales Assist is no agent-support recipient, nor one holding no flag.
    for (const flagless of [helpdesk2Id, otherAdminId]) {
      const refused = await call(
        'support',
        'PUT',
        `/api/catalogue/suppliers/${id}`,
        supplierBody({ agentSupportRecipientIds: [supportId, flagless] }),
      );
      expect(refused.statusCode).toBe(400);
      expect(messages(refused)).toEqual([SUPPLIER_MESSAGES.supportRecipient]);
      expect(fields(refused)).toEqual(['agentSupportRecipientIds']);
    }
    expect(await supportRecipients(id)).toEqual([supportId]);
    // One listed before the rule (no flag) blocks no save; the send leaves them out (tickets tests).
    await ctx.db.$client.query(
      `INSERT INTO suppliers_assist_email_index (suppliers_master_id, users_master_id, refs_supplier_assist_email_type_id, is_active)
       VALUES ($1, $2, 2, true)`,
      [id, otherAdminId],
    );
    const kept = await call(
      'support',
      'PUT',
      `/api/catalogue/suppliers/${id}`,
      supplierBody({ agentSupportRecipientIds: [supportId, otherAdminId, helpdeskId] }),
    );
    expect(kept.statusCode).toBe(200);
    expect(await supportRecipients(id)).toEqual([supportId, otherAdminId, helpdeskId].sort((a, b) => a - b));
    // The picker offers only flag holders for the agent-support list.
    const options = (await call('support', 'GET', '/api/catalogue/assist-recipients?kind=agent_support')).json();
    const offered = options.items.map((user: { id: number }) => user.id);
    expect(offered).toEqual(expect.arrayContaining([supportId, helpdeskId]));
    for (const flagless of [adminId, otherAdminId, helpdesk2Id]) expect(offered).not.toContain(flagless);
  });

  it('audits every change of the list with before and after, and none when it stays', async () => {
    const id = await newSupplier([supportId]);
    const save = async (who: 'support' | 'admin', list: number[]) =>
      expect(
        (await call(who, 'PUT', `/api/catalogue/suppliers/${id}`, supplierBody({ agentSupportRecipientIds: list })))
          .statusCode,
      ).toBe(200);
    await save('support', [helpdeskId, supportId]);
    await save('admin', [supportId, helpdeskId]);
    await save('support', [helpdeskId]);
    expect(await supportAudit(id)).toEqual([
      { actor_user_id: supportId, before: { userIds: [] }, after: { userIds: [supportId] } },
      {
        actor_user_id: supportId,
        before: { userIds: [supportId] },
        after: { userIds: [helpdeskId, supportId].sort((a, b) => a - b) },
      },
      {
        actor_user_id: supportId,
        before: { userIds: [helpdeskId, supportId].sort((a, b) => a - b) },
        after: { userIds: [helpdeskId] },
      },
    ]);
  });
});

describe('products', () => {
  let supplierId = 0;
  const product = (overrides: Record<string, unknown> = {}) => ({
    displayName: 'Int 50 Mbps',
    productDescription: 'Uncapped',
    refsProductTypeId: fibreId,
    suppliersMasterId: supplierId,
    customerPrice: '115.00',
    totalCommission: '250.50',
    ogrPercentage: 7.5,
    revenuePoints: 12,
    refsProductStatusId: 1,
    ...overrides,
  });
  beforeAll(async () => {
    supplierId = (
      await createSupplier(ctx.db, { productTypeIds: [fibreId], logoUrl: 'https://cdn.example.test/l.png' })
    ).id;
  });

  it('keeps the price without VAT in cents and the OGR as a fraction, and shows them again with VAT', async () => {
    const created = await call('admin', 'POST', `/api/catalogue/suppliers/${supplierId}/products`, product());
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const { rows } = await ctx.db.$client.query(
      `SELECT customer_price_vat_excl_cents, com_once_off_receivable_vat_excl_cents, com_ogr_percentage_receivable,
              revenue_points FROM products_master WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      customer_price_vat_excl_cents: 10000,
      com_once_off_receivable_vat_excl_cents: 25050,
      com_ogr_percentage_receivable: '0.075',
      revenue_points: 12,
    });
    const detail = (await call('admin', 'GET', `/api/catalogue/products/${id}`)).json();
    expect(detail).toMatchObject({ customerPrice: '115.00', totalCommission: '250.50', ogrPercentage: 7.5 });
    const cards = (await call('admin', 'GET', `/api/catalogue/suppliers/${supplierId}/products`)).json();
    expect(cards.items).toContainEqual({
      id,
      displayName: 'Int 50 Mbps',
      refsProductStatusId: 1,
      statusName: 'Active',
      priceInclVatCents: 11500,
      logoUrl: 'https://cdn.example.test/l.png',
    });
  });

  it('rounds a price that does not divide evenly: 99.99 with VAT is 8695 cents without', async () => {
    const { id } = (
      await call(
        'admin',
        'POST',
        `/api/catalogue/suppliers/${supplierId}/products`,
        product({ customerPrice: '99.99' }),
      )
    ).json();
    const { rows } = await ctx.db.$client.query(
      'SELECT customer_price_vat_excl_cents FROM products_master WHERE id = $1',
      [id],
    );
    expect(rows[0].customer_price_vat_excl_cents).toBe(8695);
    expect((await call('admin', 'GET', `/api/catalogue/products/${id}`)).json().customerPrice).toBe('99.99');
  });

  it.each([
    ['displayName', '', PRODUCT_MESSAGES.name],
    ['customerPrice', 'abc', PRODUCT_MESSAGES.number],
    ['customerPrice', '0', PRODUCT_MESSAGES.number],
    ['customerPrice', '-5', PRODUCT_MESSAGES.number],
    ['customerPrice', '10.999', PRODUCT_MESSAGES.number],
    ['totalCommission', '1,5', PRODUCT_MESSAGES.number],
    ['ogrPercentage', 20.5, PRODUCT_MESSAGES.ogr],
    ['ogrPercentage', 7.3, PRODUCT_MESSAGES.ogr],
    ['ogrPercentage', -0.5, PRODUCT_MESSAGES.ogr],
    ['revenuePoints', -1, PRODUCT_MESSAGES.revenuePoints],
    ['revenuePoints', 1.5, PRODUCT_MESSAGES.revenuePoints],
    ['refsProductStatusId', '', PRODUCT_MESSAGES.status],
    ['refsProductTypeId', '', PRODUCT_MESSAGES.type],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const response = await call(
      'admin',
      'POST',
      `/api/catalogue/suppliers/${supplierId}/products`,
      product({ [field]: value }),
    );
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toContain(message);
  });

  it('asks for a product type before a supplier, and a supplier offering it', async () => {
    const noType = await call(
      'admin',
      'POST',
      `/api/catalogue/suppliers/${supplierId}/products`,
      product({ refsProductTypeId: '' }),
    );
    expect(messages(noType)).toEqual([PRODUCT_MESSAGES.type, PRODUCT_MESSAGES.typeFirst]);
    const notOffered = await call(
      'admin',
      'POST',
      `/api/catalogue/suppliers/${supplierId}/products`,
      product({ refsProductTypeId: mobileId }),
    );
    expect(notOffered.statusCode).toBe(400);
    expect(messages(notOffered)).toEqual([PRODUCT_MESSAGES.supplierOffers]);
    const unknownStatus = await call(
      'admin',
      'POST',
      `/api/catalogue/suppliers/${supplierId}/products`,
      product({ refsProductStatusId: 99 }),
    );
    expect(messages(unknownStatus)).toEqual([PRODUCT_MESSAGES.status]);
  });

  it('updates and deletes (softly) a product', async () => {
    const { id } = (await call('admin', 'POST', `/api/catalogue/suppliers/${supplierId}/products`, product())).json();
    const updated = await call(
      'admin',
      'PUT',
      `/api/catalogue/products/${id}`,
      product({ displayName: 'Int 100 Mbps', customerPrice: '230', refsProductStatusId: 2, ogrPercentage: 0 }),
    );
    expect(updated.statusCode).toBe(200);
    const detail = (await call('admin', 'GET', `/api/catalogue/products/${id}`)).json();
    expect(detail).toMatchObject({
      displayName: 'Int 100 Mbps',
      customerPrice: '230.00',
      customerPriceVatExclCents: 20000,
      refsProductStatusId: 2,
      comOgrPercentageReceivable: '0.000',
    });
    expect((await call('admin', 'DELETE', `/api/catalogue/products/${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/catalogue/products/${id}`)).statusCode).toBe(404);
    const cards = (await call('admin', 'GET', `/api/catalogue/suppliers/${supplierId}/products`)).json();
    expect(cards.items.map((card: { id: number }) => card.id)).not.toContain(id);
  });

  it('refuses to delete or move a product a live deal holds: its rates still pay, but the Deals screen would lose them', async () => {
    const rates = { user: [10, 20, 30, 40], leader: [1, 2, 3, 4, 5, 6, 7] } as {
      user: [number, number, number, number];
      leader: [number, number, number, number, number, number, number];
    };
    const { id } = (await call('admin', 'POST', `/api/catalogue/suppliers/${supplierId}/products`, product())).json();
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplierId, refsProductTypeId: fibreId }, [
      { productId: id, rates },
    ]);
    const other = await createSupplier(ctx.db, { productTypeIds: [fibreId, mobileId] });

    const deleted = await call('admin', 'DELETE', `/api/catalogue/products/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('PRODUCT_IN_DEAL');
    const moved = await call('admin', 'PUT', `/api/catalogue/products/${id}`, product({ suppliersMasterId: other.id }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('PRODUCT_IN_DEAL');
    await ctx.db.$client.query(
      'INSERT INTO suppliers_product_type_index (suppliers_master_id, refs_product_type_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [supplierId, mobileId],
    );
    const retyped = await call(
      'admin',
      'PUT',
      `/api/catalogue/products/${id}`,
      product({ refsProductTypeId: mobileId }),
    );
    expect(retyped.statusCode).toBe(409);
    // The Deals screen still shows the product with its rates; other edits go through.
    const products = (await call('dealsAdmin', 'GET', `/api/deals/${deal.id}/products`)).json();
    expect(JSON.stringify(products)).toContain(`"productId":${id}`);
    const renamed = await call(
      'admin',
      'PUT',
      `/api/catalogue/products/${id}`,
      product({ displayName: 'Int Renamed' }),
    );
    expect(renamed.statusCode).toBe(200);
    // Once the deal no longer holds it (or is deleted), the product may go.
    await ctx.db.$client.query('UPDATE deals_master SET is_deleted = true WHERE id = $1', [deal.id]);
    expect((await call('admin', 'DELETE', `/api/catalogue/products/${id}`)).statusCode).toBe(200);
  });

  it('matches imported products to master products of the supplier only', async () => {
    const master = await createProduct(ctx.db, { suppliersMasterId: supplierId, displayName: 'Int Matched' });
    const other = await createSupplier(ctx.db, {});
    const foreign = await createProduct(ctx.db, { suppliersMasterId: other.id });
    const imports = await createProductImports(ctx.db, supplierId, ['INT-FIBRE-50', 'INT-FIBRE-100']);
    let detail = (await call('admin', 'GET', `/api/catalogue/suppliers/${supplierId}`)).json();
    expect(detail.unmatchedImports).toBe(2);
    const matches = (await call('admin', 'GET', `/api/catalogue/suppliers/${supplierId}/product-matches`)).json();
    expect(matches).toMatchObject({ unmatched: 2, total: 2 });
    expect(matches.products).toContainEqual({ id: master.id, name: 'Int Matched' });

    const refused = await call('admin', 'PUT', `/api/catalogue/suppliers/${supplierId}/product-matches`, {
      matches: [{ importId: imports[0]!.id, productsMasterId: foreign.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(messages(refused)).toEqual([MATCH_MESSAGES.foreign]);

    const saved = await call('admin', 'PUT', `/api/catalogue/suppliers/${supplierId}/product-matches`, {
      matches: imports.map((row) => ({ importId: row.id, productsMasterId: master.id })),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ unmatched: 0, total: 2 });
    detail = (await call('admin', 'GET', `/api/catalogue/suppliers/${supplierId}`)).json();
    expect(detail.unmatchedImports).toBe(0);
  });

  it('audits a re-match with the product each import had before (it decides which rates its orders get)', async () => {
    const first = await createProduct(ctx.db, { suppliersMasterId: supplierId, displayName: 'Int First' });
    const second = await createProduct(ctx.db, { suppliersMasterId: supplierId, displayName: 'Int Second' });
    const [imported] = await createProductImports(ctx.db, supplierId, ['INT-REMATCH'], first.id);
    const saved = await call('admin', 'PUT', `/api/catalogue/suppliers/${supplierId}/product-matches`, {
      matches: [{ importId: imported!.id, productsMasterId: second.id }],
    });
    expect(saved.statusCode).toBe(200);
    const { rows } = await ctx.db.$client.query(
      `SELECT before, after FROM audit_log WHERE action = 'products_import.match' AND entity_id = $1
        ORDER BY id DESC LIMIT 1`,
      [String(supplierId)],
    );
    expect(rows[0]).toEqual({
      before: { matches: { [imported!.id]: first.id } },
      after: { matches: { [imported!.id]: second.id } },
    });
  });
});

describe('who may use the catalogue routes', () => {
  it('refuses leaders and agents (403) and anyone signed out (401)', async () => {
    const supplier = await createSupplier(ctx.db, { productTypeIds: [fibreId] });
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown]> = [
      ['GET', '/api/catalogue/product-types'],
      ['POST', '/api/catalogue/product-types', { name: 'Refused' }],
      ['GET', '/api/catalogue/suppliers'],
      ['POST', '/api/catalogue/suppliers', supplierBody()],
      ['GET', `/api/catalogue/suppliers/${supplier.id}`],
      ['PUT', `/api/catalogue/suppliers/${supplier.id}`, supplierBody()],
      ['GET', `/api/catalogue/suppliers/${supplier.id}/products`],
      ['GET', `/api/catalogue/suppliers/${supplier.id}/product-matches`],
      ['GET', '/api/catalogue/references'],
    ];
    for (const [method, url, body] of calls) {
      expect((await call('leader', method, url, body)).statusCode, `${method} ${url} leader`).toBe(403);
      expect((await call('agent', method, url, body)).statusCode, `${method} ${url} agent`).toBe(403);
      expect((await call('anonymous', method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
  });

  it("lists a supplier's deals only for admins with the Deals flag", async () => {
    const supplier = await createSupplier(ctx.db, { productTypeIds: [fibreId] });
    const product = await createProduct(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibreId });
    const rates = { user: [1, 2, 3, 4], leader: [1, 2, 3, 4, 5, 6, 7] } as const;
    await createDeal(ctx.db, { dealName: 'Int Deal', suppliersMasterId: supplier.id, refsProductTypeId: fibreId }, [
      { productId: product.id, rates: { user: [...rates.user], leader: [...rates.leader] } as never },
    ]);
    const url = `/api/catalogue/suppliers/${supplier.id}/deals`;
    expect((await call('admin', 'GET', url)).statusCode).toBe(403);
    expect((await call('leader', 'GET', url)).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', url)).statusCode).toBe(401);
    const deals = await call('dealsAdmin', 'GET', url);
    expect(deals.statusCode).toBe(200);
    expect(deals.json()).toEqual({
      items: [
        {
          id: expect.any(Number),
          dealName: 'Int Deal',
          dealTypeName: 'Standard',
          productTypeName: 'Int Fibre',
          productCount: 1,
        },
      ],
      total: 1,
    });
  });
});
