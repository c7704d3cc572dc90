import { CREATION_MESSAGES } from '@portal/domain/people/creation-errors';
import type { CreateUserRequest } from '@portal/domain/people/new-user';
import { buildSaId } from '@portal/domain/people/sa-id';
import { isTemporaryPasswordShape } from '@portal/domain/people/temporary-password';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkMailedTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import {
  auditLog,
  authAccount,
  authUser,
  bankingDetails,
  storedFiles,
  usersDealIndex,
  usersMaster,
  usersProductTypeIndex,
  usersSupplierIndex,
} from '../../db/schema/index.ts';
import {
  createDeal,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  type NewUser,
  type UserRow,
} from '../../db/seed/factories.ts';

const PASSWORD = 'Secret123';
const ID_SUFFIX =
  ' If this person already has a profile, search for it by ID/Passport number on the Manage Teams page.';
const CONTACT_SUFFIX = ' If you believe this is an error, please contact support.';

let ctx: TestContext;
// admin ─┬─ leader ── member (active), pendingMember (status 1)
//        └─ otherLeader ── outsider
let admin: UserRow;
let leader: UserRow;
let member: UserRow;
let pendingMember: UserRow;
let otherLeader: UserRow;
let outsider: UserRow;
let agent: UserRow;
const cookies: Record<string, string> = {};
const catalogue = { fibre: 0, mobile: 0, metro: 0, kasi: 0, hidden: 0, metroDeal: 0, kasiDeal: 0 };

async function person(key: string, input: NewUser): Promise<UserRow> {
  const user = await createUser(ctx.db, { password: PASSWORD, ...input });
  cookies[key] = await ctx.signIn(user.email!, PASSWORD);
  return user;
}

function call(cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });
}

async function upload(cookie: string, purpose: 'id_photo' | 'person_photo'): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const boundary = `----onboarding${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${purpose}.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return `/api/files/${response.json().id}`;
}

let sequence = 0;
/** A complete, valid wizard request with its own ID number, phone and e-mail. */
async function newUserRequest(
  cookie: string,
  parentDealer: number,
  overrides: Partial<CreateUserRequest> = {},
): Promise<CreateUserRequest> {
  sequence += 1;
  const block = String(Math.floor(Math.random() * 9000 + 1000));
  return {
    firstName: 'Thandi',
    middleName: null,
    surname: 'Mokoena',
    dateOfBirth: '1992-03-14',
    refsGender: 'F',
    refsIdentityDocType: 'RSAID',
    // The sequence alone: a random part made two requests of one file share an ID now and then.
    identificationNo: buildSaId('1992-03-14', 'F', true, 100 + sequence),
    nationality: 'ZAF',
    operatorId: 'tm1',
    companyName: null,
    email: `thandi.${sequence}.${block}@example.test`,
    phone: `+2772${block}${String(sequence).padStart(3, '0')}`,
    altPhone: null,
    refsShirtSize: 'MEDIUM',
    parentDealer,
    province: 'GP',
    street: '12 Vilakazi Street',
    suburb: 'Orlando West',
    postalCode: '1804',
    city: 'Soweto',
    country: 'ZAF',
    refsPaymentType: 'bank',
    bank: 'Capitec',
    refsBankAccountType: 2,
    bankAccountNumber: '1234567890',
    branchCode: '000000',
    eWalletLink: null,
    idPhotoUrl: await upload(cookie, 'id_photo'),
    personPhotoUrl: await upload(cookie, 'person_photo'),
    passportIssueDate: null,
    passportExpiryDate: null,
    TandCs: true,
    selectedProductTypes: [catalogue.fibre],
    selectedSuppliers: [catalogue.metro],
    selectedDeals: [],
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await person('admin', { isAdmin: true, refsTypeId: 2 });
  await grantFeatures(ctx.db, admin.id, ['Users Management']);
  leader = await person('leader', { parentId: admin.id, isLeader: true, refsUserTierId: 3 });
  member = await person('member', { parentId: leader.id });
  pendingMember = await createUser(ctx.db, { parentId: leader.id, refsUserLifecycleStatusId: 1 });
  otherLeader = await person('otherLeader', { parentId: admin.id, isLeader: true, refsUserTierId: 3 });
  outsider = await createUser(ctx.db, { parentId: otherLeader.id });
  agent = await person('agent', { parentId: leader.id });
  await person('waitingLeader', { parentId: admin.id, isLeader: true, phoneVerified: false });

  const fibre = await createProductType(ctx.db, 'Fibre');
  const mobile = await createProductType(ctx.db, 'Mobile');
  const metro = await createSupplier(ctx.db, { supplierName: 'Metro', supplierStatus: 1, productTypeIds: [fibre.id] });
  const kasi = await createSupplier(ctx.db, { supplierName: 'Kasi', supplierStatus: 2, productTypeIds: [mobile.id] });
  const hidden = await createSupplier(ctx.db, {
    supplierName: 'Hidden',
    supplierStatus: 3,
    productTypeIds: [fibre.id],
  });
  const metroDeal = await createDeal(ctx.db, { suppliersMasterId: metro.id, refsProductTypeId: fibre.id });
  const kasiDeal = await createDeal(ctx.db, { suppliersMasterId: kasi.id, refsProductTypeId: mobile.id });
  Object.assign(catalogue, {
    fibre: fibre.id,
    mobile: mobile.id,
    metro: metro.id,
    kasi: kasi.id,
    hidden: hidden.id,
    metroDeal: metroDeal.id,
    kasiDeal: kasiDeal.id,
  });
  await linkUser(ctx.db, leader.id, { dealIds: [metroDeal.id], supplierIds: [metro.id], productTypeIds: [fibre.id] });
});
afterAll(() => ctx?.close());

describe('POST /api/people as a leader', () => {
  it('creates the sign-in identity and the dealer, status 1, submitted by the leader, and mails the verification link', async () => {
    const request = await newUserRequest(cookies.leader!, member.id, { altPhone: '+27731234567' });
    const response = await call(cookies.leader, 'POST', '/api/people', request);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.zCode).toBe(`Z-${body.id}`);
    expect(isTemporaryPasswordShape(body.temporaryPassword)).toBe(true);
    expect(body.verificationEmailSent).toBe(true);

    const [created] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, body.id));
    expect(created).toMatchObject({
      refsUserLifecycleStatusId: 1,
      submittedBy: leader.id,
      submittedByAuthId: leader.authId,
      parentId: member.id,
      isAdmin: false,
      isLeader: false,
      refsTypeId: 1,
      tempPw: true,
      emailVerified: false,
      phoneVerified: false,
      operatorId: 'TM1',
      companyName: 'Thandi Mokoena',
      altPhone: '+27731234567',
    });
    const [banking] = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, body.id));
    // The branch code is the bank's, not what the page sent.
    expect(banking).toMatchObject({
      bank: 'Capitec',
      branchCode: '470010',
      accountNumber: '1234567890',
      accountType: 2,
    });
    expect(await ctx.db.select().from(usersSupplierIndex).where(eq(usersSupplierIndex.userId, body.id))).toHaveLength(
      1,
    );
    expect(
      await ctx.db.select().from(usersProductTypeIndex).where(eq(usersProductTypeIndex.userId, body.id)),
    ).toHaveLength(1);
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, created!.authId!));
    expect(identity).toMatchObject({ email: request.email, phoneNumber: request.phone, emailVerified: false });
    const [account] = await ctx.db.select().from(authAccount).where(eq(authAccount.userId, identity!.id));
    expect(account!.password).not.toContain(body.temporaryPassword);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain(body.temporaryPassword);

    const link = await lastLinkMailedTo(ctx.db, request.email);
    expect(link).toMatch(/\/verify-email\/[0-9a-f-]{36}$/);

    // The new user signs in with the temporary password and is held in the waiting state.
    const newCookie = await ctx.signIn(request.email, body.temporaryPassword);
    const me = await call(newCookie, 'GET', '/api/me');
    expect(me.json().user).toMatchObject({
      lifecycleStatusId: 1,
      waiting: { isWaiting: true },
      mustChangePassword: true,
    });
    // The temporary password is replaced before anything else.
    expect((await call(newCookie, 'GET', request.idPhotoUrl)).statusCode).toBe(403);
    const changed = await call(newCookie, 'POST', '/api/accounts/password', {
      currentPassword: body.temporaryPassword,
      newPassword: 'MyOwn1234',
    });
    expect(changed.statusCode).toBe(200);

    // The photos: readable by the new user, the leader who uploaded them and admins; not by another leader.
    expect((await call(newCookie, 'GET', request.idPhotoUrl)).statusCode).toBe(200);
    expect((await call(cookies.leader, 'GET', request.idPhotoUrl)).statusCode).toBe(200);
    expect((await call(cookies.admin, 'GET', request.personPhotoUrl)).statusCode).toBe(200);
    expect((await call(cookies.otherLeader, 'GET', request.personPhotoUrl)).statusCode).toBe(403);
  });

  it('refuses photos that already show another person (no second identity from the same documents)', async () => {
    const first = await newUserRequest(cookies.leader!, leader.id);
    const created = await call(cookies.leader, 'POST', '/api/people', first);
    expect(created.statusCode, created.body).toBe(201);
    const ownerOf = async (address: string) => {
      const [file] = await ctx.db
        .select({ ownerUserId: storedFiles.ownerUserId })
        .from(storedFiles)
        .where(eq(storedFiles.id, address.split('/').pop()!));
      return file!.ownerUserId;
    };
    expect(await ownerOf(first.idPhotoUrl)).toBe(created.json().id);

    // The leader uploaded them, and an admin may use any upload: neither may put them on someone else.
    for (const [cookie, overrides] of [
      [cookies.leader!, { idPhotoUrl: first.idPhotoUrl }],
      [cookies.leader!, { personPhotoUrl: first.personPhotoUrl }],
      [cookies.admin!, { idPhotoUrl: first.idPhotoUrl }],
    ] as const) {
      const second = await call(cookie, 'POST', '/api/people', await newUserRequest(cookie, leader.id, overrides));
      expect(second.statusCode, second.body).toBe(400);
      expect(second.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await ownerOf(first.idPhotoUrl)).toBe(created.json().id);
    expect(await ownerOf(first.personPhotoUrl)).toBe(created.json().id);
  });

  it('waits for a hierarchy move in flight: the new person gets the ancestors the move gives their manager', async () => {
    // An admin's Change Manager moves the leader (above the chosen manager) and has not committed
    // yet; a creation under the leader's member must not copy the ancestors from before the move.
    const mover = await ctx.db.$client.connect();
    let created: Awaited<ReturnType<typeof call>> | undefined;
    try {
      await mover.query('BEGIN');
      await mover.query(`select pg_advisory_xact_lock(hashtextextended('users-hierarchy-move', 0))`);
      await mover.query('UPDATE users_master SET parent_id = $1 WHERE id = $2', [otherLeader.id, leader.id]);
      const creating = call(cookies.leader, 'POST', '/api/people', await newUserRequest(cookies.leader!, member.id));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await mover.query('COMMIT');
      created = await creating;
    } finally {
      mover.release();
    }
    const ancestors = await ctx.db.$client.query(
      'SELECT ancestor_id FROM users_hierarchy_closure WHERE descendant_id = $1 ORDER BY depth DESC',
      [created.json().id],
    );
    await ctx.db.$client.query('UPDATE users_master SET parent_id = $1 WHERE id = $2', [admin.id, leader.id]);
    expect(created.statusCode, created.body).toBe(201);
    expect(ancestors.rows.map((r: { ancestor_id: number }) => r.ancestor_id)).toEqual([
      admin.id,
      otherLeader.id,
      leader.id,
      member.id,
      created.json().id,
    ]);
  });

  it('refuses a manager outside the leader’s branch, and a manager who is not active', async () => {
    const outside = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, outsider.id),
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('MANAGER_OUTSIDE_BRANCH');
    const inactive = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, pendingMember.id),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().detail).toBe('Please choose an active manager.');
    // An id nobody has is answered as one outside the branch: the wizard is no way to learn which ids exist.
    const nobody = await call(cookies.leader, 'POST', '/api/people', await newUserRequest(cookies.leader!, 99999999));
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().code).toBe('MANAGER_OUTSIDE_BRANCH');
  });

  it('refuses deals from a leader; an admin may choose deals of the chosen suppliers only', async () => {
    const leaderDeals = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, leader.id, { selectedDeals: [catalogue.metroDeal] }),
    );
    expect(leaderDeals.statusCode).toBe(403);
    expect(leaderDeals.json().code).toBe('DEALS_ADMIN_ONLY');

    const wrongDeal = await call(
      cookies.admin,
      'POST',
      '/api/people',
      await newUserRequest(cookies.admin!, leader.id, { selectedDeals: [catalogue.kasiDeal] }),
    );
    expect(wrongDeal.statusCode).toBe(400);
    expect(wrongDeal.json().detail).toBe('Choose only deals of the chosen suppliers and product types.');

    const withDeal = await call(
      cookies.admin,
      'POST',
      '/api/people',
      await newUserRequest(cookies.admin!, leader.id, { selectedDeals: [catalogue.metroDeal], refsTypeId: 3 }),
    );
    expect(withDeal.statusCode, withDeal.body).toBe(201);
    const deals = await ctx.db
      .select()
      .from(usersDealIndex)
      .where(eq(usersDealIndex.usersMasterId, withDeal.json().id));
    expect(deals).toEqual([
      expect.objectContaining({ dealsMasterId: catalogue.metroDeal, addedByUsersMasterId: admin.id }),
    ]);
  });

  it('refuses fields only the server sets', async () => {
    const base = await newUserRequest(cookies.leader!, leader.id);
    for (const extra of [{ isAdmin: true }, { isLeader: true }, { refsUserLifecycleStatusId: 2 }, { status: 2 }]) {
      const response = await call(cookies.leader, 'POST', '/api/people', { ...base, ...extra });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(
        `These fields are set by the server and cannot be sent: ${Object.keys(extra)[0]}`,
      );
    }
    const userType = await call(cookies.leader, 'POST', '/api/people', { ...base, refsTypeId: 2 });
    expect(userType.statusCode).toBe(403);
    const [count] = await ctx.db
      .execute<{ n: number }>(sql`select count(*)::int as n from users_master where email = ${base.email}`)
      .then((r) => r.rows);
    expect(count!.n).toBe(0);
  });

  it('refuses an ID/passport number already used in another letter case, and used phones and e-mails', async () => {
    const passport = {
      refsIdentityDocType: 'PASSPORT' as const,
      identificationNo: `ab${Date.now()}`,
      nationality: 'ZWE',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2032-01-01',
    };
    const first = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, leader.id, passport),
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, leader.id, {
        ...passport,
        identificationNo: passport.identificationNo.toUpperCase(),
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`${CREATION_MESSAGES.duplicateId}${ID_SUFFIX}`);

    const phone = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, leader.id, { phone: member.phone! }),
    );
    expect(phone.statusCode).toBe(409);
    expect(phone.json().detail).toBe(`${CREATION_MESSAGES.duplicatePhone}${CONTACT_SUFFIX}`);

    const email = await call(
      cookies.leader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.leader!, leader.id, { email: member.email!.toUpperCase() }),
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().detail).toBe(`${CREATION_MESSAGES.duplicateEmail}${CONTACT_SUFFIX}`);
  });

  it('creates everything in one transaction: a failure part-way leaves no sign-in identity behind', async () => {
    // A unique violation raised by the database while the banking row is written, after the identity.
    await ctx.db.execute(sql`
      CREATE FUNCTION fail_banking() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.account_number = '999999999' THEN
          RAISE EXCEPTION 'duplicate' USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_master_phone_unique';
        END IF;
        RETURN NEW;
      END $$`);
    await ctx.db.execute(
      sql`CREATE TRIGGER fail_banking BEFORE INSERT ON banking_details FOR EACH ROW EXECUTE FUNCTION fail_banking()`,
    );
    try {
      const request = await newUserRequest(cookies.leader!, leader.id, { bankAccountNumber: '999999999' });
      const response = await call(cookies.leader, 'POST', '/api/people', request);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(`${CREATION_MESSAGES.duplicatePhone}${CONTACT_SUFFIX}`);
      expect(await ctx.db.select().from(authUser).where(eq(authUser.email, request.email))).toHaveLength(0);
      expect(await ctx.db.select().from(usersMaster).where(eq(usersMaster.email, request.email))).toHaveLength(0);
      const [file] = await ctx.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, request.idPhotoUrl.split('/').pop()!));
      expect(file!.ownerUserId).toBe(leader.id);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER fail_banking ON banking_details`);
      await ctx.db.execute(sql`DROP FUNCTION fail_banking()`);
    }
  });

  it('checks the whole record again with the spec’s messages', async () => {
    const expectMessage = async (overrides: Partial<CreateUserRequest>, message: string) => {
      const response = await call(
        cookies.leader,
        'POST',
        '/api/people',
        await newUserRequest(cookies.leader!, leader.id, overrides),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    };
    await expectMessage({ firstName: '' }, 'First name is required');
    await expectMessage({ dateOfBirth: '1992-03-15' }, 'ID Number does not match Date of Birth.');
    await expectMessage({ refsGender: 'M' }, 'Gender does not match ID Number');
    await expectMessage({ postalCode: '180' }, 'Postal code must be 4 digits');
    await expectMessage({ TandCs: false }, 'You must agree to the terms and conditions to proceed');
    await expectMessage({ bankAccountNumber: '12345' }, 'Account number must be at least 6 digits');
    await expectMessage({ bank: 'Not A Bank' }, 'Bank is required');
    await expectMessage(
      {
        refsIdentityDocType: 'PASSPORT',
        identificationNo: `P${Date.now()}`,
        nationality: 'XXX',
        passportIssueDate: '2020-01-01',
        passportExpiryDate: '2031-01-01',
      },
      'Invalid nationality',
    );
    await expectMessage(
      { selectedSuppliers: [catalogue.kasi] },
      'Choose only suppliers that offer one of the chosen product types.',
    );
    // Hidden suppliers are for admins only.
    await expectMessage(
      { selectedSuppliers: [catalogue.hidden] },
      'Choose only suppliers that offer one of the chosen product types.',
    );
    // A photo uploaded by someone else.
    await expectMessage({ idPhotoUrl: await upload(cookies.otherLeader!, 'id_photo') }, 'Invalid ID Photo');
    await expectMessage({ personPhotoUrl: await upload(cookies.leader!, 'id_photo') }, 'Invalid person photo');
  });

  it('is for leaders and admins who are not waiting', async () => {
    const byAgent = await call(cookies.agent, 'POST', '/api/people', await newUserRequest(cookies.agent!, agent.id));
    expect(byAgent.statusCode).toBe(403);
    const byWaiting = await call(
      cookies.waitingLeader,
      'POST',
      '/api/people',
      await newUserRequest(cookies.waitingLeader!, leader.id),
    );
    expect(byWaiting.statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/onboarding/options')).statusCode).toBe(401);
  });
});

describe('GET /api/people/availability', () => {
  it('finds IDs whatever their letter case, phones in either form and e-mails in any case', async () => {
    const taken = await createUser(ctx.db, {
      identificationNo: 'XY1234567',
      refsIdentityDocType: 'PASSPORT',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-01-01',
    });
    const check = async (query: string) =>
      (await call(cookies.leader, 'GET', `/api/people/availability?${query}`)).json();
    expect(await check('identificationNo=xy1234567')).toEqual({ available: false });
    expect(await check('identificationNo=xy1234568')).toEqual({ available: true });
    expect(await check(`phone=0${taken.phone!.slice(3)}`)).toEqual({ available: false });
    expect(await check(`email=${encodeURIComponent(taken.email!.toUpperCase())}`)).toEqual({ available: false });
    expect(await check('email=nobody%40example.test')).toEqual({ available: true });
    expect((await call(cookies.leader, 'GET', '/api/people/availability')).statusCode).toBe(400);
    expect((await call(cookies.agent, 'GET', '/api/people/availability?email=a%40b.c')).statusCode).toBe(403);
  });
});

describe('the wizard’s option lists', () => {
  it('gives a leader visible suppliers with their product types, their own deals, no deal choice', async () => {
    const options = (await call(cookies.leader, 'GET', '/api/onboarding/options')).json();
    expect(options.canChooseDeals).toBe(false);
    expect(options.defaultManager).toMatchObject({ id: leader.id, zCode: `Z-${leader.id}` });
    expect(options.suppliers.map((s: { name: string }) => s.name)).toEqual(['Kasi', 'Metro']);
    expect(options.suppliers.find((s: { name: string }) => s.name === 'Metro').productTypeIds).toEqual([
      catalogue.fibre,
    ]);
    expect(options.deals.map((d: { id: number }) => d.id)).toEqual([catalogue.metroDeal]);
    const adminOptions = (await call(cookies.admin, 'GET', '/api/onboarding/options')).json();
    expect(adminOptions.canChooseDeals).toBe(true);
    expect(adminOptions.suppliers).toHaveLength(3);
    expect(adminOptions.deals).toHaveLength(2);
  });

  it('offers a leader active managers in their own downstream only; search by name or Z-code', async () => {
    const ids = (await call(cookies.leader, 'GET', '/api/onboarding/managers?limit=50'))
      .json()
      .items.map((item: { id: number }) => item.id);
    expect(ids).toContain(leader.id);
    expect(ids).toContain(member.id);
    expect(ids).not.toContain(pendingMember.id);
    expect(ids).not.toContain(outsider.id);
    const byCode = (await call(cookies.leader, 'GET', `/api/onboarding/managers?search=Z-${member.id}`)).json();
    expect(byCode.items).toEqual([
      { id: member.id, zCode: `Z-${member.id}`, name: `${member.firstName} ${member.surname}` },
    ]);
    const outside = (await call(cookies.leader, 'GET', `/api/onboarding/managers?search=${outsider.id}`)).json();
    expect(outside.items).toEqual([]);
    const admins = (await call(cookies.admin, 'GET', `/api/onboarding/managers?search=${outsider.id}`)).json();
    expect(admins.items).toHaveLength(1);
  });
});
