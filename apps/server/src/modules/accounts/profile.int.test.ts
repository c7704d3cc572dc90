import {
  BECOME_LEADER_REFUSALS,
  COMMISSION_FREEZE_MESSAGE,
  EMAIL_IN_USE,
  PHONE_IN_USE,
  type ProfileUpdateRequest,
} from '@portal/domain/accounts/profile';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkMailedTo, lastMessageTo, lastPinSentTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { appSettings, auditLog, authUser, bankingDetails, usersMaster } from '../../db/schema/index.ts';
import { addBankingDetails, createProductType, createSupplier, createUser, linkUser } from '../../db/seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD = 'Secret123';

function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: Record<string, unknown>) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
}

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, { password: PASSWORD, ...fields });
  return { user, cookie: await ctx.signIn(user.email!, PASSWORD) };
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return row!;
}

async function setFreeze(value: unknown) {
  await ctx.db.update(appSettings).set({ value }).where(eq(appSettings.key, 'commission_freeze'));
}

const update: ProfileUpdateRequest = {
  country: 'ZAF',
  province: 'GP',
  street: '1 Main Road',
  suburb: 'Soweto',
  postalCode: '1804',
  city: 'Johannesburg',
  refsShirtSize: 'LARGE',
  refsPaymentType: 'bank',
  bank: 'Capitec',
  bankAccountNumber: '9876543210',
  refsBankAccountType: 2,
  agreedToRicaTerms: true,
  // New banking details need the password again (step-up).
  currentPassword: PASSWORD,
};

afterEach(() => setFreeze(false));

describe('GET /api/profile', () => {
  it('answers the own profile with the account number masked, names, services and flags', async () => {
    const { user, cookie } = await signedIn({ refsUserTierId: 3, province: 'KZN', country: 'ZAF' });
    await addBankingDetails(ctx.db, user.id, { accountNumber: '1111111111' });
    await addBankingDetails(ctx.db, user.id, { bank: 'Nedbank', branchCode: '198765', accountNumber: '62001234567' });
    const fibre = await createProductType(ctx.db, `Fibre ${user.id}`);
    const supplier = await createSupplier(ctx.db, { supplierName: `Metro ${user.id}` });
    await linkUser(ctx.db, user.id, { supplierIds: [supplier.id], productTypeIds: [fibre.id] });

    const response = await call('GET', '/api/profile', cookie);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: user.id,
      zCode: `Z-${user.id}`,
      banking: {
        bank: 'Nedbank',
        branchCode: '198765',
        accountNumberMasked: '•••••••4567',
        accountType: 2,
        accountTypeName: 'Savings',
      },
      address: { country: 'ZAF', countryName: 'South Africa', province: 'KZN', provinceName: 'KwaZulu-Natal' },
      productTypes: [{ id: fibre.id, name: `Fibre ${user.id}` }],
      suppliers: [{ id: supplier.id, name: `Metro ${user.id}` }],
      canBecomeLeader: true,
      profileFrozen: false,
    });
    expect(JSON.stringify(profile)).not.toContain('62001234567');
  });

  it('shows the commission freeze', async () => {
    const { cookie } = await signedIn();
    await setFreeze(true);
    expect((await call('GET', '/api/profile', cookie)).json().profileFrozen).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/profile')).statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves the address and a new banking row with the branch code of the chosen bank, with an audit row', async () => {
    const { user, cookie } = await signedIn();
    await addBankingDetails(ctx.db, user.id);
    const response = await call('PUT', '/api/profile', cookie, { ...update, bank: 'Standard Bank' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      address: { street: '1 Main Road', suburb: 'Soweto', city: 'Johannesburg', province: 'GP', postalCode: '1804' },
      refsShirtSize: 'LARGE',
      banking: { bank: 'Standard Bank', branchCode: '051001', accountNumberMasked: '••••••3210' },
    });
    const rows = await ctx.db
      .select()
      .from(bankingDetails)
      .where(eq(bankingDetails.userId, user.id))
      .orderBy(desc(bankingDetails.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ bank: 'Standard Bank', branchCode: '051001', accountNumber: '9876543210' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.entityId, String(user.id))));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain('9876543210');

    // Saving the same banking details again adds no row.
    await call('PUT', '/api/profile', cookie, { ...update, bank: 'Standard Bank' });
    const again = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, user.id));
    expect(again).toHaveLength(2);
  });

  it('validates again on the server, first failure in the spec order', async () => {
    const { cookie } = await signedIn();
    const cases: Array<[Partial<ProfileUpdateRequest>, string]> = [
      [{ bankAccountNumber: '123', street: '' }, 'Account number is incomplete'],
      [{ street: '' }, 'Please add a Street Address'],
      [{ suburb: '' }, 'Please add a Suburb'],
      [{ postalCode: '' }, 'Please add a Postal Code'],
      [{ city: '' }, 'Please add a City'],
      [{ bank: null }, 'Please select a bank'],
      [{ bankAccountNumber: '' }, 'Please add a bank account number'],
      [{ refsBankAccountType: null }, 'Please select an account type'],
      [{ agreedToRicaTerms: false }, 'Please check RICA And POPIA Training'],
      [{ postalCode: '12345' }, 'Invalid Postal Code'],
      [{ country: 'XXX' }, 'Invalid Country'],
      [{ province: 'ZZ' }, 'Please select a province'],
      [{ refsShirtSize: 'HUGE' }, 'Please select a T-shirt size'],
      [{ bank: 'Bank of Nowhere' }, 'Please select a bank'],
      [{ refsBankAccountType: 7 }, 'Invalid bank account type'],
    ];
    for (const [change, message] of cases) {
      const response = await call('PUT', '/api/profile', cookie, { ...update, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().detail, JSON.stringify(change)).toBe(message);
    }
  });

  it('takes no banking details for eWallet payment', async () => {
    const { user, cookie } = await signedIn();
    const response = await call('PUT', '/api/profile', cookie, {
      ...update,
      refsPaymentType: 'eWallet',
      bank: null,
      bankAccountNumber: null,
      refsBankAccountType: null,
      eWalletLink: 'https://wallet.example.test/ayanda',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refsPaymentType: 'eWallet', banking: null });
    expect(await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, user.id))).toHaveLength(0);
  });

  it('a switch to eWallet or a new eWallet link needs the password again and tells the owner', async () => {
    const { user, cookie } = await signedIn();
    await addBankingDetails(ctx.db, user.id, { accountNumber: '1111111111' });
    const toWallet = {
      ...update,
      refsPaymentType: 'eWallet',
      bank: null,
      bankAccountNumber: null,
      refsBankAccountType: null,
      eWalletLink: 'https://wallet.example.test/thief',
      currentPassword: undefined,
    };
    // A stolen session alone cannot send the pay elsewhere.
    const refused = await call('PUT', '/api/profile', cookie, toWallet);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect(await rowOf(user.id)).toMatchObject({ refsPaymentType: 'bank', eWalletLink: null });

    const switched = await call('PUT', '/api/profile', cookie, { ...toWallet, currentPassword: PASSWORD });
    expect(switched.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ refsPaymentType: 'eWallet' });
    const notice = await lastMessageTo(ctx.db, user.email!, 'email');
    expect(notice.subject).toBe('Your banking details were changed');
    expect(notice.body).toContain('eWallet');

    const relinked = await call('PUT', '/api/profile', cookie, {
      ...toWallet,
      eWalletLink: 'https://wallet.example.test/x',
    });
    expect(relinked.statusCode).toBe(403);
    // Saving the same eWallet details again needs nothing more.
    const same = await call('PUT', '/api/profile', cookie, toWallet);
    expect(same.statusCode).toBe(200);
  });

  it('is no password oracle for a stolen session: 5 wrong passwords lock the step-up for 15 minutes', async () => {
    const { user, cookie } = await signedIn();
    const thief = { ...update, bankAccountNumber: '5555555555' };
    for (let i = 0; i < 5; i++) {
      const wrong = await call('PUT', '/api/profile', cookie, { ...thief, currentPassword: `Guess${i}000` });
      expect(wrong.statusCode).toBe(403);
    }
    // The 6th try is not checked, even when it is right, on any step-up route.
    const locked = await call('PUT', '/api/profile', cookie, { ...thief, currentPassword: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'STEP_UP_LOCKED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const contact = await call('POST', '/api/profile/contact', cookie, {
      email: `thief.${user.id}@example.test`,
      currentPassword: PASSWORD,
    });
    expect(contact.statusCode).toBe(429);
    const banking = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, user.id));
    expect(banking.map((row) => row.accountNumber)).not.toContain('5555555555');
    ctx.clock.advance(15 * 60 * 1000 + 1000);
    const later = await call('PUT', '/api/profile', cookie, { ...thief, currentPassword: PASSWORD });
    expect(later.statusCode).toBe(200);
  });

  it('is refused while the commission freeze is on', async () => {
    const { user, cookie } = await signedIn();
    await setFreeze(true);
    const response = await call('PUT', '/api/profile', cookie, update);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PROFILE_FROZEN', detail: COMMISSION_FREEZE_MESSAGE });
    expect((await rowOf(user.id)).street).toBe('12 Long Street');
    await setFreeze({ enabled: true });
    expect((await call('PUT', '/api/profile', cookie, update)).statusCode).toBe(409);
  });

  it('cannot change another user or a server-only field through a crafted body', async () => {
    const other = await createUser(ctx.db, { password: PASSWORD });
    const { user, cookie } = await signedIn({ refsUserTierId: 1 });
    const response = await call('PUT', '/api/profile', cookie, {
      ...update,
      id: other.id,
      userId: other.id,
      authId: other.authId,
      isAdmin: true,
      isLeader: true,
      refsUserLifecycleStatusId: 2,
      refsUserTierId: 4,
      emailVerified: true,
      phone: '+27820000999',
      email: 'stolen@example.test',
    });
    // Refused, not stripped (decision 011): each key a client may not set is named.
    expect(response.statusCode).toBe(400);
    const fields = (response.json().errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(
      [
        'id',
        'userId',
        'authId',
        'isAdmin',
        'isLeader',
        'refsUserLifecycleStatusId',
        'refsUserTierId',
        'emailVerified',
        'phone',
        'email',
      ].sort(),
    );
    const mine = await rowOf(user.id);
    expect(mine).toMatchObject({
      isAdmin: false,
      isLeader: false,
      refsUserTierId: 1,
      phone: user.phone,
      email: user.email,
    });
    const theirs = await rowOf(other.id);
    expect(theirs.street).toBe('12 Long Street');
    expect(theirs.postalCode).toBe('8001');
  });
});

describe('contact details', () => {
  it('answers availability case-insensitively and counts the own value as free', async () => {
    const taken = await createUser(ctx.db, { email: `Taken.${Date.now()}@Example.test` });
    const { user, cookie } = await signedIn();
    const check = async (query: string) =>
      (await call('GET', `/api/profile/contact-availability?${query}`, cookie)).json();
    expect(await check(`email=${encodeURIComponent(taken.email!.toUpperCase())}`)).toEqual({
      available: false,
      message: EMAIL_IN_USE,
    });
    expect(await check(`email=${encodeURIComponent(user.email!.toUpperCase())}`)).toEqual({
      available: true,
      message: null,
    });
    expect(await check('email=free.address@example.test')).toEqual({ available: true, message: null });
    expect(await check(`phone=${encodeURIComponent(taken.phone!)}`)).toEqual({
      available: false,
      message: PHONE_IN_USE,
    });
    expect(await check(`phone=0${taken.phone!.slice(3)}`)).toEqual({ available: false, message: PHONE_IN_USE });
    expect(await check(`phone=${encodeURIComponent(user.phone!)}`)).toEqual({ available: true, message: null });
    expect((await call('GET', '/api/profile/contact-availability', cookie)).statusCode).toBe(400);
  });

  it('refuses a phone or e-mail another user has', async () => {
    const taken = await createUser(ctx.db);
    const { user, cookie } = await signedIn();
    const phone = await call('POST', '/api/profile/contact', cookie, { phone: taken.phone });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ code: 'PHONE_IN_USE', detail: PHONE_IN_USE });
    const email = await call('POST', '/api/profile/contact', cookie, { email: taken.email!.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'EMAIL_IN_USE', detail: EMAIL_IN_USE });
    expect(await rowOf(user.id)).toMatchObject({ phone: user.phone, email: user.email });
  });

  it('asks for a new phone: pending, a pin to the new number, and the pin makes it current', async () => {
    const { user, cookie } = await signedIn();
    const newPhone = `+2784${String(user.id).padStart(7, '0').slice(-7)}`;
    const response = await call('POST', '/api/profile/contact', cookie, { phone: newPhone, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, phoneChanged: true, emailChanged: false });
    // Decision 069: nothing moves until the new number proves it.
    expect(await rowOf(user.id)).toMatchObject({ phone: user.phone, phoneVerified: true, emailVerified: true });
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity).toMatchObject({ phoneNumber: user.phone });
    expect((await call('GET', '/api/profile', cookie)).json()).toMatchObject({ pendingPhone: { value: newPhone } });
    const pin = await lastPinSentTo(ctx.db, newPhone);
    const verified = await call('POST', '/api/accounts/verify-phone', cookie, { code: pin });
    expect(verified.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phone: newPhone, phoneVerified: true });
    expect((await call('GET', '/api/profile', cookie)).json()).toMatchObject({ pendingPhone: null });
  });

  it("needs the password again for an eWallet payee's new phone (the eWallet is the phone's)", async () => {
    const { user, cookie } = await signedIn({ refsPaymentType: 'eWallet' });
    const newPhone = `+2783${String(user.id).padStart(7, '0').slice(-7)}`;
    const refused = await call('POST', '/api/profile/contact', cookie, { phone: newPhone });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const wrong = await call('POST', '/api/profile/contact', cookie, { phone: newPhone, currentPassword: 'Wrong123' });
    expect(wrong.statusCode).toBe(403);
    expect(await rowOf(user.id)).toMatchObject({ phone: user.phone });
    const changed = await call('POST', '/api/profile/contact', cookie, { phone: newPhone, currentPassword: PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/profile', cookie)).json()).toMatchObject({ pendingPhone: { value: newPhone } });
  });

  it('asks for a new e-mail: pending (the old one still signs in), a link to the new address, an audit row', async () => {
    const { user, cookie } = await signedIn();
    const newEmail = `New.Address.${user.id}@example.test`;
    const response = await call('POST', '/api/profile/contact', cookie, { email: newEmail, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, emailChanged: true, phoneChanged: false });
    expect(await rowOf(user.id)).toMatchObject({ email: user.email, emailVerified: true });
    const link = await lastLinkMailedTo(ctx.db, newEmail);
    expect(link).toMatch(/\/verify-email\/[0-9a-f-]{36}$/);
    expect((await ctx.signIn(user.email!, PASSWORD)).length).toBeGreaterThan(0);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.contact.request'), eq(auditLog.entityId, String(user.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(newEmail);
  });

  it('a session alone cannot move the sign-in e-mail or phone: the password again, or nothing changes', async () => {
    // A stolen session cookie would otherwise set its own address, ask for a reset link there and
    // own the account for good (or its own number, and sign in by pin whenever it likes).
    const { user, cookie } = await signedIn();
    const attackerEmail = `attacker.${user.id}@example.test`;
    const attackerPhone = `+2782${String(user.id).padStart(7, '0').slice(-7)}`;
    for (const body of [{ email: attackerEmail }, { phone: attackerPhone }]) {
      const refused = await call('POST', '/api/profile/contact', cookie, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
      const wrong = await call('POST', '/api/profile/contact', cookie, { ...body, currentPassword: 'Wrong123' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'STEP_UP_FAILED' });
    }
    expect(await rowOf(user.id)).toMatchObject({ email: user.email, phone: user.phone });
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity).toMatchObject({ email: user.email!.toLowerCase(), phoneNumber: user.phone });
    // Neither the attacker's address nor their number reaches the account.
    await call('POST', '/api/auth/request-password-reset', undefined, { email: attackerEmail });
    await expect(lastMessageTo(ctx.db, attackerEmail, 'email')).rejects.toThrow(/no email/);
    const pin = await call('POST', '/api/auth/phone-sign-in/send-code', undefined, { phone: attackerPhone });
    expect(pin.statusCode).toBe(404);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, ['profile.contact.update', 'profile.contact.request']),
          eq(auditLog.entityId, String(user.id)),
        ),
      );
    expect(audits).toHaveLength(0);
  });

  it('answers unchanged values without changing anything', async () => {
    const { user, cookie } = await signedIn();
    const response = await call('POST', '/api/profile/contact', cookie, {
      email: user.email!.toUpperCase(),
      phone: user.phone,
    });
    expect(response.json()).toMatchObject({ code: 200, emailChanged: false, phoneChanged: false });
    expect(await rowOf(user.id)).toMatchObject({ emailVerified: true, phoneVerified: true });
  });

  it("validates with the spec's messages", async () => {
    const { cookie } = await signedIn();
    const phone = await call('POST', '/api/profile/contact', cookie, { phone: '0821234567' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().detail).toBe('Phone number must start with +27 and be followed by 9 digits');
    const email = await call('POST', '/api/profile/contact', cookie, { email: 'not-an-address' });
    expect(email.json().detail).toBe('Must be a valid email address');
  });

  it('is refused while the commission freeze is on', async () => {
    const { user, cookie } = await signedIn();
    await setFreeze(true);
    const response = await call('POST', '/api/profile/contact', cookie, {
      email: `frozen.${user.id}@example.test`,
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PROFILE_FROZEN', detail: COMMISSION_FREEZE_MESSAGE });
    expect((await rowOf(user.id)).email).toBe(user.email);
  });
});

describe('POST /api/profile/become-leader', () => {
  it('sets the leader flag, its date and the updater for an eligible user', async () => {
    const { user, cookie } = await signedIn({ refsUserTierId: 3 });
    const response = await call('POST', '/api/profile/become-leader', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isLeader: true, canBecomeLeader: false });
    const row = await rowOf(user.id);
    expect(row.isLeader).toBe(true);
    expect(row.isLeaderDate).not.toBeNull();
    expect(row.lastUpdatedByAuthId).toBe(user.authId);
    const me = await call('GET', '/api/me', cookie);
    expect(me.json().user.role).toBe('leader');
  });

  it('is refused for tier 2 or lower, blocked users, admins and leaders', async () => {
    const cases: Array<[Parameters<typeof createUser>[1], string]> = [
      [{ refsUserTierId: 2 }, BECOME_LEADER_REFUSALS.tier],
      [{ refsUserTierId: 1 }, BECOME_LEADER_REFUSALS.tier],
      [{ refsUserTierId: 4, isLeaderBlocked: true }, BECOME_LEADER_REFUSALS.blocked],
      [{ refsUserTierId: 4, isAdmin: true }, BECOME_LEADER_REFUSALS.admin],
      [{ refsUserTierId: 4, isLeader: true }, BECOME_LEADER_REFUSALS.alreadyLeader],
    ];
    for (const [fields, message] of cases) {
      const { user, cookie } = await signedIn(fields);
      const response = await call('POST', '/api/profile/become-leader', cookie);
      expect(response.statusCode, message).toBe(403);
      expect(response.json()).toMatchObject({ code: 'LEADER_NOT_ALLOWED', detail: message });
      const row = await rowOf(user.id);
      expect(row.isLeaderDate).toBe(fields?.isLeaderDate ?? null);
    }
  });
});

describe('reference lists and terms documents', () => {
  it('serves the option lists with South Africa first and banks with branch codes', async () => {
    const { cookie } = await signedIn();
    const response = await call('GET', '/api/reference-lists', cookie);
    expect(response.statusCode).toBe(200);
    const lists = response.json();
    expect(lists.countries[0]).toEqual({ value: 'ZAF', label: 'South Africa' });
    expect(lists.banks).toContainEqual({ name: 'Capitec', branchCode: '470010' });
    expect(lists.banks).toHaveLength(12);
    expect(lists.provinces).toHaveLength(9);
    expect(lists.shirtSizes).toEqual(['SMALL', 'MEDIUM', 'LARGE']);
    expect(lists.bankAccountTypes).toEqual([
      { id: 1, name: 'Cheque' },
      { id: 2, name: 'Savings' },
    ]);
    expect((await call('GET', '/api/reference-lists')).statusCode).toBe(401);
  });

  it('describes the accounts routes in the OpenAPI document', async () => {
    const response = await call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/profile',
        '/api/profile/contact-availability',
        '/api/profile/contact',
        '/api/profile/become-leader',
        '/api/accounts/password',
        '/api/accounts/verify-email',
        '/api/reference-lists',
        '/api/documents/rica-terms.pdf',
      ]),
    );
  });

  it('serves the RICA and POPIA terms as PDF documents', async () => {
    for (const name of ['rica-terms.pdf', 'popia-terms.pdf']) {
      const response = await call('GET', `/api/documents/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="${name}"`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.rawPayload.length).toBeGreaterThan(1500);
    }
  });
});
