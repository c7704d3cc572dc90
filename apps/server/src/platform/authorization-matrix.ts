import { FEATURES, type Feature } from '@portal/domain/accounts/me';

/*
 * THE AUTHORISATION MATRIX: who may call which route, reviewed like code (docs/security.md).
 *
 * One row per route of the OpenAPI document (METHOD + OpenAPI path, e.g. `PUT /api/people/{id}`),
 * plus the better-auth endpoints the product opens (they sit behind one hidden `/api/auth/*` route).
 * For each persona a row says `allow` or `deny`; a route that names a user (in its path, query or
 * body: `target`) says it per relation of that user to the persona. `authorization-matrix.int.test.ts`
 * sends every cell over HTTP and fails on any cell that answers otherwise, on a route without a row
 * and on a row without a route.
 *
 * Adding a route: add its row here in the same commit. Give
 *   - `route`: exactly as the OpenAPI document spells it (`/api/things/{id}`);
 *   - `target` when the route acts on a user (where the user id goes; `file`/`job` for records owned
 *     by that user);
 *   - `flags` when admins need a feature flag for it (the "admin without" column lacks exactly those);
 *   - `expect`: one verdict per persona, or per relation with the helpers below;
 *   - `sample`: a request the route's schema ACCEPTS (validation runs before the guards, so an
 *     invalid body answers 400 and tests nothing; the test reports such samples);
 *   - `fresh: true` when a call changes the target (status, password, flags): each cell then gets a
 *     new disposable target; `endsSession: true` when it can end the caller's session;
 *     `last: true` when it changes the caller for good (sign-out, becoming a leader).
 *
 * Verdicts: deny = 401 or 403 (or 404 on a row marked `hides`: the route hides existence);
 * allow = anything else (a business 400/404/409 still means the caller got past authorisation).
 */

export type Verdict = 'allow' | 'deny';
export type Relation = 'self' | 'child' | 'deep' | 'sibling' | 'ancestor' | 'other';
export const RELATIONS: readonly Relation[] = ['self', 'child', 'deep', 'sibling', 'ancestor', 'other'];
export type ByRelation = Record<Relation, Verdict>;
export type Cell = Verdict | ByRelation;

/**
 * anonymous: no cookie. waiting: signed in, awaiting approval (lifecycle status 1, verified).
 * agent, leader: active, verified. adminWithout: an admin holding every flag but the row's `flags`
 * (no flag at all on a row without flags). adminWith: an admin holding every flag.
 */
export type Persona = 'anonymous' | 'waiting' | 'agent' | 'leader' | 'adminWithout' | 'adminWith';
export const PERSONAS: readonly Persona[] = ['anonymous', 'waiting', 'agent', 'leader', 'adminWithout', 'adminWith'];

/** Feature flags, as packages/domain names them (the spec's seven and Outbox). */
export type FlagName = Feature;

export const ALL_FLAGS: readonly FlagName[] = FEATURES;

/** A user as the samples see it (the persona acting, or the target). */
export interface SampleUser {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  surname: string;
  refsGender: string | null;
  refsTypeId: number;
  parentId: number | null;
}

export interface SampleContext {
  /** The persona's own user (a placeholder id for anonymous). */
  actor: SampleUser;
  /** The target user of a row with `target` (else the actor). */
  target: SampleUser;
  /** The password every fixture user has. */
  password: string;
  /** A number unique within the run (e-mails, phones, ID numbers). */
  unique(): number;
}

export interface SampleRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Raw payload with its content type (multipart uploads). */
  raw?: { payload: Buffer; contentType: string };
}

export interface MatrixRow {
  /** METHOD and OpenAPI path. */
  route: string;
  /** The user the route acts on: where its id goes, and what is looked up by it. */
  target?: { in: 'path' | 'query' | 'body'; name: string; record?: 'user' | 'file' | 'job' };
  /** Flags admins need for it; the adminWithout column lacks exactly these. */
  flags?: FlagName[];
  expect: Record<Persona, Cell>;
  sample?: (s: SampleContext) => SampleRequest;
  /** A 404 here means deny (the route hides whether the record exists). */
  hides?: boolean;
  /** Each cell gets a new disposable target (the call changes it). */
  fresh?: boolean;
  /** The call may end the caller's session: sign in again after each cell. */
  endsSession?: boolean;
  /** Run after every other row (it changes the caller for good). */
  last?: boolean;
  /** Not in the OpenAPI document (better-auth's endpoints behind the hidden /api/auth/* route). */
  hidden?: true;
  /** The server answers it as a Server-Sent Events stream (only the status is read). */
  stream?: true;
  note?: string;
}

// --- Helpers for the per-relation columns ----------------------------------------------------

const verdicts = (allowed: Relation[]): ByRelation =>
  Object.fromEntries(
    RELATIONS.map((relation) => [relation, allowed.includes(relation) ? 'allow' : 'deny']),
  ) as ByRelation;

/** Every relation allowed. */
export const ANY = verdicts(['self', 'child', 'deep', 'sibling', 'ancestor', 'other']);
/** Every relation denied. */
export const NONE = verdicts([]);
/** Only the persona itself. */
export const SELF_ONLY = verdicts(['self']);
/** The persona and its downstream (child, deep descendant): a leader's reach. */
export const DOWNSTREAM = verdicts(['self', 'child', 'deep']);
/** The persona's downstream without the persona itself (they have /profile for themselves). */
export const DOWNSTREAM_NOT_SELF = verdicts(['child', 'deep']);

/** Public: everyone, signed in or not. */
const PUBLIC: Record<Persona, Cell> = {
  anonymous: 'allow',
  waiting: 'allow',
  agent: 'allow',
  leader: 'allow',
  adminWithout: 'allow',
  adminWith: 'allow',
};
/** Anyone signed in, the waiting state included (spec 1 §2.2: home, university, profile). */
const SIGNED_IN: Record<Persona, Cell> = { ...PUBLIC, anonymous: 'deny' };
/** Anyone signed in who is not in the waiting state. */
const NOT_WAITING: Record<Persona, Cell> = { ...SIGNED_IN, waiting: 'deny' };
/** Leaders and admins, not waiting. */
const LEADERS_AND_ADMINS: Record<Persona, Cell> = { ...NOT_WAITING, agent: 'deny' };
/** Admins holding the row's flags. */
const FLAGGED_ADMINS: Record<Persona, Cell> = {
  anonymous: 'deny',
  waiting: 'deny',
  agent: 'deny',
  leader: 'deny',
  adminWithout: 'deny',
  adminWith: 'allow',
};
/** Every admin, flags or none (the catalogue's admin screens, settings). */
const ADMINS: Record<Persona, Cell> = { ...FLAGGED_ADMINS, adminWithout: 'allow' };
/** Leaders, and admins holding the row's flags. */
const LEADERS_AND_FLAGGED_ADMINS: Record<Persona, Cell> = { ...FLAGGED_ADMINS, leader: 'allow' };

/** A per-relation row: anonymous denied outright. */
const byRelation = (cells: Omit<Record<Persona, ByRelation>, 'anonymous'>): Record<Persona, Cell> => ({
  anonymous: NONE,
  ...cells,
});

/** Admin-only actions on a user (Users Management): nobody else, on nobody, themself included. */
const ADMIN_ACTION_ON_USER = byRelation({
  waiting: NONE,
  agent: NONE,
  leader: NONE,
  adminWithout: NONE,
  adminWith: ANY,
});
/** Admin-only actions on another user; their own record or password goes through the profile. */
const ADMIN_ACTION_ON_OTHERS = byRelation({
  waiting: NONE,
  agent: NONE,
  leader: NONE,
  adminWithout: NONE,
  adminWith: verdicts(['child', 'deep', 'sibling', 'ancestor', 'other']),
});
/**
 * Approvals show requests only (a submitted user): in the fixture the persona itself, its child
 * and deep descendant came through the approval flow; the others never did, so nobody opens them.
 */
const ON_REQUESTS = byRelation({
  waiting: NONE,
  agent: NONE,
  leader: DOWNSTREAM_NOT_SELF,
  adminWithout: NONE,
  adminWith: DOWNSTREAM,
});
/** What a leader may do to their downstream (not to themself), and a flagged admin to anyone. */
const LEADER_ON_DOWNSTREAM = byRelation({
  waiting: NONE,
  agent: NONE,
  leader: DOWNSTREAM_NOT_SELF,
  adminWithout: NONE,
  adminWith: ANY,
});

// --- Samples ---------------------------------------------------------------------------------

const local = (phone: string | null) => `0${(phone ?? '+27820000000').slice(3)}`;
const NO_SUCH_ID = 2_000_000_000;
const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000000';
/** The current month (the order reports accept 12 months back and ahead of today). */
function thisMonth(): { from: string; to: string } {
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** An Edit User body that keeps the target's phone and e-mail (a leader may not change them). */
export function editUserSample(target: SampleUser, personal: Record<string, unknown> = {}) {
  return {
    personal: {
      firstName: target.firstName,
      middleName: 'Middle',
      surname: target.surname,
      companyName: null,
      refsGender: target.refsGender ?? 'M',
      email: target.email,
      phone: local(target.phone),
      altPhone: null,
      operatorId: null,
      refsShirtSize: 'LARGE',
      ...personal,
    },
    address: {
      street: '1 Main Road',
      suburb: 'Soweto',
      city: 'Johannesburg',
      province: 'GP',
      postalCode: '1804',
      country: 'ZAF',
    },
  };
}

function createUserSample(s: SampleContext) {
  const n = s.unique();
  return {
    firstName: 'Thandi',
    middleName: null,
    surname: 'Mokoena',
    dateOfBirth: '1992-03-14',
    refsGender: 'F',
    refsIdentityDocType: 'PASSPORT',
    identificationNo: `MX${n}`,
    nationality: 'ZWE',
    operatorId: null,
    companyName: null,
    email: `matrix.new.${n}@example.test`,
    phone: `+2776${String(n).padStart(7, '0').slice(-7)}`,
    altPhone: null,
    refsShirtSize: 'MEDIUM',
    parentDealer: s.actor.id,
    passportIssueDate: '2020-01-01',
    passportExpiryDate: '2030-01-01',
    province: 'GP',
    street: '12 Vilakazi Street',
    suburb: 'Orlando West',
    postalCode: '1804',
    city: 'Soweto',
    country: 'ZAF',
    refsPaymentType: 'eWallet',
    bank: null,
    refsBankAccountType: null,
    bankAccountNumber: null,
    branchCode: null,
    eWalletLink: 'https://wallet.example.test/me',
    idPhotoUrl: `/api/files/${NO_SUCH_UUID}`,
    personPhotoUrl: `/api/files/${NO_SUCH_UUID}`,
    TandCs: true,
    selectedProductTypes: [],
    selectedSuppliers: [],
    selectedDeals: [],
  };
}

function resubmitSample(s: SampleContext) {
  return {
    firstName: s.target.firstName,
    surname: s.target.surname,
    identificationNo: `MX${s.unique()}`,
    nationality: 'ZWE',
    phone: local(s.target.phone),
    altPhone: null,
    operatorId: null,
    dateOfBirth: '1992-03-14',
    passportExpiryDate: '2030-01-01',
    street: '1 Main Road',
    suburb: 'Soweto',
    city: 'Johannesburg',
    province: 'GP',
    country: 'ZAF',
    idPhotoUrl: `/api/files/${NO_SUCH_UUID}`,
    personPhotoUrl: `/api/files/${NO_SUCH_UUID}`,
  };
}

const RICA_SAMPLE = {
  network: 'Vodacom',
  simNumber: '8927000000000000001',
  idType: 'PASSPORT',
  idNationality: 'ZWE',
  idNumber: 'MX0001',
  name: 'Thandi',
  surname: 'Mokoena',
  address1: '12 Vilakazi Street',
  city: 'Soweto',
  suburb: 'Orlando West',
  postalCode: '1804',
  country: 'ZAF',
};

const DEAL_SAMPLE = {
  dealName: 'Matrix deal',
  dealDescription: 'A deal of the matrix',
  supplierId: NO_SUCH_ID,
  productTypeId: NO_SUCH_ID,
  dealTypeId: 1,
};
const DEAL_PRODUCT_SAMPLE = {
  productId: NO_SUCH_ID,
  ...Object.fromEntries(['userRate1', 'userRate2', 'userRate3', 'userRate4'].map((field) => [field, 100])),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((level) => [`leaderRate${level}`, 50])),
};

function multipartSample(): SampleRequest {
  const boundary = 'matrixboundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nid_photo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nnot an image\r\n` +
      `--${boundary}--\r\n`,
  );
  return { raw: { payload, contentType: `multipart/form-data; boundary=${boundary}` } };
}

/** A supplier the form accepts: the required Sales and Support contacts complete. */
function supplierSample(s: SampleContext) {
  const contact = (contactTypeId: number) => ({
    contactTypeId,
    isRequired: true,
    contactFirstName: 'Naledi',
    contactSurname: 'Dlamini',
    contactEmail: `supplier.${s.unique()}@example.test`,
    contactNumber: '0821234567',
  });
  return {
    supplierName: `Matrix Supplier ${s.unique()}`,
    supplierDescription: 'A supplier made by the matrix test',
    supplierStatus: 2,
    logoUrl: 'https://cdn.example.test/logo.png',
    contacts: [contact(1), contact(2)],
  };
}

const PRODUCT_SAMPLE = {
  displayName: 'Matrix 50 Mbps',
  refsProductTypeId: 1,
  suppliersMasterId: NO_SUCH_ID,
  customerPrice: '115.00',
  totalCommission: '100.00',
  ogrPercentage: 7.5,
  revenuePoints: 10,
  refsProductStatusId: 1,
};

// --- The table -------------------------------------------------------------------------------

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Platform and public documents
  { route: 'GET /api/health', expect: PUBLIC },
  { route: 'GET /api/health/live', expect: PUBLIC },
  { route: 'GET /api/health/ready', expect: PUBLIC },
  { route: 'GET /api/documents/popia-terms.pdf', expect: PUBLIC },
  { route: 'GET /api/documents/rica-terms.pdf', expect: PUBLIC },
  { route: 'GET /api/reference-lists', expect: SIGNED_IN },
  { route: 'GET /api/events', expect: SIGNED_IN, stream: true },
  { route: 'POST /api/files', expect: SIGNED_IN, sample: multipartSample },
  {
    route: 'GET /api/files/{id}',
    target: { in: 'path', name: 'id', record: 'file' },
    note: 'a file uploaded by and owned by the target user (an ID photo, Users Management for admins: decision 057); ticket documents and import files need their flag (decision 053)',
    expect: byRelation({
      waiting: SELF_ONLY,
      agent: SELF_ONLY,
      leader: SELF_ONLY,
      adminWithout: SELF_ONLY,
      adminWith: ANY,
    }),
  },
  {
    route: 'GET /api/jobs/{id}',
    target: { in: 'path', name: 'id', record: 'job' },
    note: 'a commission import started by the target user: its screen’s flag follows others’ jobs (decision 059)',
    flags: ['Commissions'],
    expect: byRelation({
      waiting: SELF_ONLY,
      agent: SELF_ONLY,
      leader: SELF_ONLY,
      adminWithout: SELF_ONLY,
      adminWith: ANY,
    }),
  },

  // The signed-in user's own account and profile (no user id anywhere: always the caller)
  { route: 'GET /api/me', expect: SIGNED_IN },
  {
    route: 'POST /api/accounts/password',
    expect: SIGNED_IN,
    endsSession: true,
    sample: (s) => ({ body: { currentPassword: s.password, newPassword: s.password } }),
  },
  { route: 'POST /api/accounts/verification-email', expect: SIGNED_IN },
  {
    route: 'POST /api/accounts/verify-email',
    expect: SIGNED_IN,
    sample: () => ({ body: { verificationId: NO_SUCH_UUID } }),
  },
  { route: 'POST /api/accounts/verify-phone/send-code', expect: SIGNED_IN },
  { route: 'POST /api/accounts/verify-phone', expect: SIGNED_IN, sample: () => ({ body: { code: '000000' } }) },
  { route: 'GET /api/profile', expect: SIGNED_IN },
  {
    route: 'PUT /api/profile',
    expect: SIGNED_IN,
    note: 'a switch to eWallet redirects pay: the password again (decision 055)',
    sample: (s) => ({
      body: {
        country: 'ZAF',
        province: 'WC',
        street: '12 Long Street',
        suburb: 'Gardens',
        postalCode: '8001',
        city: 'Cape Town',
        refsShirtSize: 'MEDIUM',
        refsPaymentType: 'eWallet',
        eWalletLink: 'https://wallet.example.test/me',
        agreedToRicaTerms: true,
        currentPassword: s.password,
      },
    }),
  },
  {
    route: 'GET /api/profile/contact-availability',
    expect: SIGNED_IN,
    sample: (s) => ({ query: { email: `free.${s.unique()}@example.test` } }),
  },
  {
    route: 'POST /api/profile/contact',
    expect: SIGNED_IN,
    note: 'the own e-mail again: a change would unverify the persona',
    sample: (s) => ({ body: { email: s.actor.email } }),
  },
  {
    route: 'POST /api/profile/contact/cancel',
    expect: SIGNED_IN,
    note: "drops the caller's own pending change only (decision 069)",
    sample: () => ({ body: { kind: 'email' } }),
  },
  {
    route: 'POST /api/profile/become-leader',
    last: true,
    note: "403 for admins and leaders is the spec's business refusal (admins cannot, leaders already are); the waiting and agent personas have tier 3",
    expect: { ...SIGNED_IN, leader: 'deny', adminWithout: 'deny', adminWith: 'deny' },
  },

  // Access Control
  {
    route: 'GET /api/access-control',
    flags: ['Access Control'],
    expect: FLAGGED_ADMINS,
  },
  {
    route: 'PUT /api/access-control/{userId}',
    target: { in: 'path', name: 'userId' },
    flags: ['Access Control'],
    note: 'an admin may not change the flags of an admin holding a flag they lack: see SPECIAL_CASES',
    expect: ADMIN_ACTION_ON_USER,
    // Granting, not revoking: the self cell would otherwise strip the shared adminWith persona of
    // Sales Assist, and the helpdesk rows after this one would be refused. A grant needs the
    // acting admin's password (step-up, decision 071).
    sample: (s) => ({ body: { feature: 'Sales Assist', enabled: true, currentPassword: s.password } }),
  },

  // Outbox
  { route: 'GET /api/outbox', flags: ['Outbox'], expect: FLAGGED_ADMINS },

  // People: user detail and manage-user (Users Management for admins)
  {
    route: 'GET /api/people/{id}',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: byRelation({
      waiting: SELF_ONLY,
      agent: SELF_ONLY,
      leader: DOWNSTREAM,
      adminWithout: SELF_ONLY,
      adminWith: ANY,
    }),
  },
  {
    route: 'PUT /api/people/{id}',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'personal and address only, phone and e-mail unchanged; a leader changing them: SPECIAL_CASES; own record: /api/profile',
    expect: { ...LEADER_ON_DOWNSTREAM, adminWith: verdicts(['child', 'deep', 'sibling', 'ancestor', 'other']) },
    sample: (s) => ({ body: editUserSample(s.target) }),
  },
  {
    route: 'POST /api/people/{id}/edit-user/check',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: LEADER_ON_DOWNSTREAM,
    sample: (s) => ({ body: { phone: local(s.target.phone) } }),
  },
  {
    route: 'PUT /api/people/{id}/password',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    fresh: true,
    endsSession: true,
    note: 'the own password: POST /api/accounts/password with the current one',
    expect: ADMIN_ACTION_ON_OTHERS,
    // With the acting admin's own password (step-up, decision 071), so a deny is authorisation's.
    sample: (s) => ({ body: { password: s.password, currentPassword: s.password } }),
  },
  {
    route: 'GET /api/people/{id}/eligible-managers',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'PUT /api/people/{id}/manager',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'the current manager again: 409 once authorised, the tree stays as it is',
    expect: ADMIN_ACTION_ON_USER,
    sample: (s) => ({ body: { managerId: s.target.parentId ?? NO_SUCH_ID, moveWithChildren: true } }),
  },
  // Finance applications (spec 1 §2.11 "admin only"; decision 033): Users Management, never a leader.
  {
    route: 'GET /api/support/available-support',
    target: { in: 'query', name: 'user_id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'GET /api/support/available-credit',
    target: { in: 'query', name: 'user_id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'GET /api/people/{id}/support-applications',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'POST /api/people/{id}/support-applications',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'never in one’s own name (decision 073)',
    expect: ADMIN_ACTION_ON_OTHERS,
    sample: () => ({ body: { items: [{ type: 'Advance', valueCents: 100 }] } }),
  },
  {
    route: 'GET /api/people/{id}/credit-applications',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'POST /api/people/{id}/credit-applications',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'never in one’s own name (decision 073)',
    expect: ADMIN_ACTION_ON_OTHERS,
    sample: () => ({
      body: {
        creditType: 'Advance',
        hasCosigner: false,
        cosignerCode: null,
        requestValueCents: 100,
        assetType: null,
        assetDescription: null,
        assetUniqueNumber: null,
        months: 1,
        monthlyPaymentCents: 100,
      },
    }),
  },
  {
    route: 'GET /api/people/{id}/link-options',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: LEADER_ON_DOWNSTREAM,
  },
  {
    route: 'PUT /api/people/{id}/links',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: LEADER_ON_DOWNSTREAM,
    sample: () => ({ body: { productTypeIds: [], supplierIds: [] } }),
  },
  {
    route: 'PUT /api/people/{id}/user-type',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'the current type again',
    expect: ADMIN_ACTION_ON_USER,
    sample: (s) => ({ body: { refsTypeId: s.target.refsTypeId } }),
  },
  {
    route: 'POST /api/people/{id}/status',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    fresh: true,
    expect: ADMIN_ACTION_ON_USER,
    // With the acting admin's own password (step-up, decision 076), so a deny is authorisation's.
    sample: (s) => ({ body: { action: 'deactivate', currentPassword: s.password } }),
  },
  {
    route: 'PUT /api/people/{id}/flags',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    fresh: true,
    note: 'Trainer on: a leader may, for their downstream only',
    expect: LEADER_ON_DOWNSTREAM,
    // With the acting person's own password (step-up, decision 076), so a deny is authorisation's.
    sample: (s) => ({ body: { isLeader: true, currentPassword: s.password } }),
  },
  {
    route: 'POST /api/people/{id}/reveal',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management', 'Commissions'],
    note: 'full ID and bank account number: only an admin holding both flags, not even for oneself',
    expect: ADMIN_ACTION_ON_USER,
  },

  // Creating users (the wizard)
  {
    route: 'POST /api/people',
    flags: ['Users Management'],
    expect: LEADERS_AND_FLAGGED_ADMINS,
    sample: (s) => ({ body: createUserSample(s) }),
  },
  {
    route: 'GET /api/people/availability',
    flags: ['Users Management'],
    expect: LEADERS_AND_FLAGGED_ADMINS,
    sample: (s) => ({ query: { email: `free.${s.unique()}@example.test` } }),
  },
  { route: 'GET /api/onboarding/options', flags: ['Users Management'], expect: LEADERS_AND_FLAGGED_ADMINS },
  { route: 'GET /api/onboarding/managers', flags: ['Users Management'], expect: LEADERS_AND_FLAGGED_ADMINS },

  // Approvals: deciding is for admins with Users Management; a submitter reads and resubmits.
  // In the fixture the persona submitted its child and deep descendant.
  {
    route: 'GET /api/approvals',
    flags: ['Users Management'],
    expect: FLAGGED_ADMINS,
  },
  {
    route: 'GET /api/approvals/mine',
    flags: ['Users Management'],
    note: "lists only the caller's own submissions still in reach: for those who may create users",
    expect: LEADERS_AND_FLAGGED_ADMINS,
  },
  {
    route: 'GET /api/approvals/{id}',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ON_REQUESTS,
  },
  {
    route: 'PUT /api/approvals/{id}/resubmit',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'targets are active: 409 once authorised',
    expect: ON_REQUESTS,
    sample: (s) => ({ body: resubmitSample(s) }),
  },
  {
    route: 'POST /api/approvals/{id}/approve',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    note: 'targets are active: 409 once authorised, nothing changes',
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'POST /api/approvals/{id}/decline',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
    sample: () => ({ body: { reason: 'Matrix test' } }),
  },
  {
    route: 'POST /api/approvals/{id}/delete',
    target: { in: 'path', name: 'id' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },

  // Manage Teams (Users Management for admins)
  {
    route: 'GET /api/teams/dealers',
    flags: ['Users Management'],
    expect: LEADERS_AND_FLAGGED_ADMINS,
  },
  {
    route: 'GET /api/teams/dealers/{dealerId}',
    target: { in: 'path', name: 'dealerId' },
    flags: ['Users Management'],
    expect: byRelation({ waiting: NONE, agent: NONE, leader: DOWNSTREAM, adminWithout: NONE, adminWith: ANY }),
  },
  {
    route: 'GET /api/teams/downstream/{dealerId}',
    target: { in: 'path', name: 'dealerId' },
    flags: ['Users Management'],
    expect: byRelation({ waiting: NONE, agent: NONE, leader: DOWNSTREAM, adminWithout: NONE, adminWith: ANY }),
  },
  {
    route: 'POST /api/teams/bulk-status',
    target: { in: 'body', name: 'userIds' },
    flags: ['Users Management'],
    fresh: true,
    expect: ADMIN_ACTION_ON_USER,
    // With the acting admin's own password (step-up, decision 076), so a deny is authorisation's.
    sample: (s) => ({ body: { action: 'deactivate', userIds: [s.target.id], currentPassword: s.password } }),
  },
  { route: 'GET /api/teams/export', flags: ['Users Management'], expect: FLAGGED_ADMINS },

  // Orders: the leaderboard
  {
    route: 'GET /api/leaderboard',
    expect: NOT_WAITING,
    note: 'a supplier the filter does not offer (hidden, unranked, unknown): 404, leaderboard.int.test.ts',
    sample: () => ({ query: { year: 2026, month: 11, view: 'structure', limit: 100 } }),
  },
  { route: 'GET /api/leaderboard/suppliers', expect: NOT_WAITING },
  { route: 'GET /api/orders/active', expect: NOT_WAITING, sample: () => ({ query: { search: 'ab', page: 2 } }) },
  { route: 'GET /api/leads/mine', expect: NOT_WAITING, sample: () => ({ query: { search: 'ab', page: 2 } }) },
  {
    route: 'GET /api/orders/structure',
    target: { in: 'query', name: 'rootId' },
    expect: byRelation({ waiting: NONE, agent: NONE, leader: DOWNSTREAM, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }),
  },
  // Orders: the supplier page's order reports (a dealer's own; a leader's downstream; admins anyone's)
  {
    route: 'GET /api/orders/report',
    target: { in: 'query', name: 'userId' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: DOWNSTREAM, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ query: { supplierId: NO_SUCH_ID, report: 'order', ...thisMonth() } }),
  },
  {
    route: 'GET /api/orders/report/export',
    target: { in: 'query', name: 'userId' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: DOWNSTREAM, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ query: { supplierId: NO_SUCH_ID, report: 'unpaid', ...thisMonth() } }),
  },
  {
    route: 'GET /api/orders/report/agents',
    expect: LEADERS_AND_ADMINS,
    sample: () => ({ query: { supplierId: NO_SUCH_ID, search: 'Z-1' } }),
  },

  // Suppliers: the dashboard's cards and the supplier page (which supplier is the service's check)
  { route: 'GET /api/dashboard/suppliers', expect: NOT_WAITING },
  {
    route: 'GET /api/suppliers/{supplierId}',
    expect: NOT_WAITING,
    sample: () => ({ params: { supplierId: NO_SUCH_ID } }),
  },

  // Order Override (spec 3 §2.13): admins with Reallocations
  { route: 'GET /api/orders/override/suppliers', flags: ['Reallocations'], expect: FLAGGED_ADMINS },
  {
    route: 'GET /api/orders/override/unmatched',
    flags: ['Reallocations'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { supplierId: NO_SUCH_ID, page: 1 } }),
  },
  {
    route: 'GET /api/orders/override/reallocated',
    flags: ['Reallocations'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { supplierId: NO_SUCH_ID, page: 1 } }),
  },
  {
    route: 'GET /api/orders/override/find',
    flags: ['Reallocations'],
    note: 'no such order: 404 once authorised',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { supplierId: NO_SUCH_ID, orderNumber: 'MFC-000000' } }),
  },
  {
    route: 'GET /api/orders/override/dealers',
    flags: ['Reallocations'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { supplierId: NO_SUCH_ID, search: 'ab' } }),
  },
  {
    route: 'POST /api/orders/override',
    target: { in: 'body', name: 'dealerId' },
    flags: ['Reallocations'],
    note: 'no such order: 404 once authorised',
    expect: byRelation({ waiting: NONE, agent: NONE, leader: NONE, adminWithout: NONE, adminWith: ANY }),
    sample: () => ({ body: { orderId: NO_SUCH_ID } }),
  },

  // Sales notes: every active dealer their own; '/edit-sales-note' every admin (spec 3 §2.14)
  {
    route: 'GET /api/sales-notes',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (a supplier not registered with, or hidden: 403, sales-notes.int.test.ts)',
    sample: () => ({ query: { supplierId: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/sales-notes',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (a supplier not registered with, or hidden: 403, sales-notes.int.test.ts)',
    sample: () => ({ body: { supplierId: NO_SUCH_ID, orderNumber: 'MFC-000000', agentNote: 'Matrix' } }),
  },
  {
    route: 'PUT /api/sales-notes/{id}',
    expect: NOT_WAITING,
    note: 'no such note: 404 once authorised (another dealer’s note: 403, sales-notes.int.test.ts)',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { orderNumber: 'MFC-000000' } }),
  },
  {
    route: 'DELETE /api/sales-notes/{id}',
    expect: NOT_WAITING,
    note: 'no such note: 404 once authorised (another dealer’s note: 403, sales-notes.int.test.ts)',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/sales-notes/all',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ query: { supplierId: NO_SUCH_ID } }),
  },
  { route: 'GET /api/sales-notes/suppliers', expect: ADMINS },

  // Supplier links (spec 2 "Supplier Links tab"): whoever opens the supplier page reads and opens
  // them (which supplier is the service's check); every admin adds, edits and deletes
  {
    route: 'GET /api/supplier-links',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (a supplier the agent is not registered with: 403, links.int.test.ts)',
    sample: () => ({ query: { supplierId: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/supplier-links',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({
      body: { supplierId: NO_SUCH_ID, name: 'Matrix', address: 'https://example.test/', parameters: [] },
    }),
  },
  {
    route: 'PUT /api/supplier-links/{id}',
    expect: ADMINS,
    note: 'no such link: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { name: 'Matrix', address: 'https://example.test/' } }),
  },
  {
    route: 'DELETE /api/supplier-links/{id}',
    expect: ADMINS,
    note: 'no such link: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/supplier-links/{id}/address',
    expect: NOT_WAITING,
    note: 'no such link: 404 once authorised (another supplier’s link: 404, links.int.test.ts)',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/supplier-links/{id}/open',
    expect: NOT_WAITING,
    note: 'no such link: 404 once authorised (another supplier’s link: 404, links.int.test.ts)',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },

  // University (decision 028): every signed-in user, waiting included (a user held at 102 must be
  // able to pass); relevance is the service's (not registered: 403, university.int.test.ts).
  {
    route: 'GET /api/university/modules',
    expect: SIGNED_IN,
    sample: () => ({ query: { status: 'all', tab: 'all', pageSize: 8 } }),
  },
  {
    route: 'GET /api/university/modules/{id}',
    expect: SIGNED_IN,
    note: 'no such module: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/university/modules/{id}/draws',
    expect: SIGNED_IN,
    note: 'no such module: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { language: 'English' } }),
  },
  {
    route: 'POST /api/university/modules/{id}/attempts',
    expect: SIGNED_IN,
    note: 'no such module: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { drawId: NO_SUCH_UUID, answers: [0] } }),
  },
  // Ask Siza (decision 030): every signed-in user, waiting ones too (it helps with the training that
  // ends the wait); each reads, asks and clears only their own conversation.
  { route: 'GET /api/siza/chat', expect: SIGNED_IN },
  { route: 'DELETE /api/siza/chat', expect: SIGNED_IN },
  {
    route: 'POST /api/siza/questions',
    expect: SIGNED_IN,
    sample: () => ({ body: { question: 'What must a customer show to RICA a SIM?' } }),
  },

  // Tickets (decision 021): every active dealer their own (another's: 404, tickets.int.test.ts);
  // the helpdesk routes need the kind's flag (Sales Assist / Agent Support).
  {
    route: 'GET /api/tickets/{kind}/form',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (one not linked, or hidden: 404 too, tickets.int.test.ts)',
    sample: () => ({ params: { kind: 'agent_support' }, query: { supplierId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/tickets/{kind}',
    expect: NOT_WAITING,
    sample: () => ({ params: { kind: 'sales_assist' }, query: { supplierId: NO_SUCH_ID, status: 'Open,Closed' } }),
  },
  {
    route: 'POST /api/tickets/sales_assist',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (a supplier not linked, or hidden: 403, tickets.int.test.ts)',
    sample: () => ({
      body: {
        supplierId: NO_SUCH_ID,
        customerName: 'Matrix Lead',
        address: '1 Main Road',
        phoneNumber: '0820000000',
        emailAddress: 'lead@example.com',
        idNumber: '8001015009087',
        agreedToTerms: true,
      },
    }),
  },
  {
    route: 'POST /api/tickets/agent_support',
    expect: NOT_WAITING,
    note: 'no such supplier: 404 once authorised (a supplier not linked, or hidden: 403, tickets.int.test.ts)',
    sample: () => ({ body: { supplierId: NO_SUCH_ID, categoryId: 1, ticketDate: '2026-01-15', agreedToTerms: true } }),
  },
  ...(
    [
      'GET /api/tickets/{kind}/{id}',
      'GET /api/tickets/{kind}/{id}/activity',
      'GET /api/tickets/{kind}/{id}/files',
    ] as const
  ).map(
    (route): MatrixRow => ({
      route,
      expect: NOT_WAITING,
      note: 'no such ticket: 404 once authorised (another dealer’s: 404, tickets.int.test.ts)',
      sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID } }),
    }),
  ),
  {
    route: 'POST /api/tickets/{kind}/{id}/activity',
    expect: NOT_WAITING,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID }, body: { text: 'Matrix' } }),
  },
  {
    route: 'POST /api/tickets/{kind}/{id}/files',
    expect: NOT_WAITING,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID }, body: { fileIds: [NO_SUCH_UUID] } }),
  },
  {
    route: 'POST /api/tickets/{kind}/{id}/rating',
    expect: NOT_WAITING,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID }, body: { star: 4 } }),
  },
  {
    route: 'GET /api/admin/tickets/{kind}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'agent_support' }, query: { me: 'true', search: 'a"b,c' } }),
  },
  {
    route: 'GET /api/admin/tickets/{kind}/unread-count',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'sales_assist' } }),
  },
  {
    route: 'PUT /api/admin/tickets/{kind}/{id}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID }, body: { status: 'In Progress' } }),
  },
  {
    route: 'DELETE /api/admin/tickets/{kind}/{id}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/admin/tickets/{kind}/{id}/mark-unread',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    note: 'no such ticket: 404 once authorised',
    sample: () => ({ params: { kind: 'sales_assist', id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/admin/tickets/{kind}/{id}/canned-replies/{replyId}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    note: 'no such reply: 404 once authorised',
    sample: () => ({ params: { kind: 'agent_support', id: NO_SUCH_ID, replyId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/admin/ticket-statuses/{kind}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'agent_support' }, query: { statusType: 'in_progress' } }),
  },
  {
    route: 'POST /api/admin/ticket-statuses/{kind}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    sample: (s) => ({
      params: { kind: 'agent_support' },
      body: { statusType: 'closed', status: `Matrix ${s.unique()}` },
    }),
  },
  {
    route: 'PUT /api/admin/ticket-statuses/{kind}/{statusId}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    note: 'no such status: 404 once authorised',
    sample: () => ({
      params: { kind: 'agent_support', statusId: NO_SUCH_ID },
      body: { statusType: 'closed', status: 'Matrix' },
    }),
  },
  {
    route: 'DELETE /api/admin/ticket-statuses/{kind}/{statusId}',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    note: 'no such status: 404 once authorised',
    sample: () => ({ params: { kind: 'sales_assist', statusId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/admin/canned-replies/{kind}',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'sales_assist' } }),
  },
  {
    route: 'POST /api/admin/canned-replies/{kind}',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    sample: (s) => ({
      params: { kind: 'sales_assist' },
      body: { title: `Matrix ${s.unique()}`, body: 'Hi {dealer_name}' },
    }),
  },
  {
    route: 'PUT /api/admin/canned-replies/{kind}/{replyId}',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    note: 'no such reply: 404 once authorised',
    sample: () => ({ params: { kind: 'sales_assist', replyId: NO_SUCH_ID }, body: { title: 'Matrix', body: 'Hi' } }),
  },
  {
    route: 'DELETE /api/admin/canned-replies/{kind}/{replyId}',
    flags: ['Sales Assist'],
    expect: FLAGGED_ADMINS,
    note: 'no such reply: 404 once authorised',
    sample: () => ({ params: { kind: 'sales_assist', replyId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/admin/ticket-sla/{kind}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'agent_support' } }),
  },
  {
    route: 'PUT /api/admin/ticket-sla/{kind}',
    flags: ['Agent Support'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { kind: 'agent_support' }, body: { firstResponseMinutes: 480, resolutionMinutes: 1620 } }),
  },

  // RICA
  { route: 'POST /api/rica', expect: LEADERS_AND_ADMINS, sample: () => ({ body: RICA_SAMPLE }) },

  // Alerts: a recipient's own alerts; leaders and admins send (leaders to their downstream)
  {
    route: 'GET /api/alerts/user-alerts',
    target: { in: 'query', name: 'user_id' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: SELF_ONLY, adminWithout: ANY, adminWith: ANY }),
  },
  {
    route: 'GET /api/alerts/for-user',
    target: { in: 'query', name: 'user_id' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: SELF_ONLY, adminWithout: ANY, adminWith: ANY }),
  },
  {
    route: 'GET /api/alerts/single-alert',
    target: { in: 'query', name: 'user_id' },
    note: 'no such alert: 404 once authorised',
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: SELF_ONLY, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ query: { id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/alerts/mark-read',
    target: { in: 'body', name: 'user_id' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: SELF_ONLY, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ body: { alert_id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/alerts/mark-unread',
    target: { in: 'body', name: 'user_id' },
    expect: byRelation({ waiting: NONE, agent: SELF_ONLY, leader: SELF_ONLY, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ body: { alert_id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/alerts/new-alert',
    target: { in: 'body', name: 'target_user_ids' },
    note: 'an individual alert; segments are admin only: SPECIAL_CASES',
    expect: byRelation({ waiting: NONE, agent: NONE, leader: DOWNSTREAM, adminWithout: ANY, adminWith: ANY }),
    sample: () => ({ body: { title: 'Matrix', description: 'Matrix test alert', active: false } }),
  },
  {
    route: 'PUT /api/alerts/update-alert',
    expect: LEADERS_AND_ADMINS,
    note: 'no such alert: 404 once authorised',
    sample: () => ({ body: { id: NO_SUCH_ID, title: 'Matrix', description: 'x', active: false } }),
  },
  { route: 'GET /api/alerts/unread-count', expect: NOT_WAITING },
  { route: 'POST /api/alerts/mark-all-read', expect: NOT_WAITING },
  {
    route: 'POST /api/alerts/{id}/dismiss-popup',
    expect: NOT_WAITING,
    note: 'no such alert: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  { route: 'GET /api/alerts/mine', expect: LEADERS_AND_ADMINS },
  {
    route: 'GET /api/alerts/{id}/sent',
    expect: LEADERS_AND_ADMINS,
    note: 'no such alert: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  { route: 'GET /api/alerts/recipients', expect: LEADERS_AND_ADMINS },
  {
    route: 'GET /api/alerts/segment-choices',
    expect: { ...LEADERS_AND_ADMINS, leader: 'deny' },
  },

  // Deals and settings (spec 3 §2.1, §2.11): deals need the Deals flag; settings every admin
  { route: 'GET /api/deals', flags: ['Deals'], expect: FLAGGED_ADMINS },
  {
    route: 'POST /api/deals',
    flags: ['Deals'],
    note: 'a supplier that does not exist: 400',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: DEAL_SAMPLE }),
  },
  { route: 'GET /api/deals/choices', flags: ['Deals'], expect: FLAGGED_ADMINS },
  {
    route: 'GET /api/deals/{id}',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/deals/{id}',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID }, body: DEAL_SAMPLE }),
  },
  {
    route: 'DELETE /api/deals/{id}',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/deals/{id}/products',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/deals/{id}/products',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID }, body: DEAL_PRODUCT_SAMPLE }),
  },
  {
    route: 'DELETE /api/deals/{id}/products/{productId}',
    flags: ['Deals'],
    note: 'no such deal: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID, productId: NO_SUCH_ID } }),
  },
  // The fibre activity import (spec 3 §2.2, §2.10): the Commissions flag.
  {
    route: 'GET /api/imports/fibre-activity/suppliers',
    flags: ['Commissions'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { productTypeId: 1 } }),
  },
  {
    route: 'POST /api/imports/fibre-activity',
    flags: ['Commissions'],
    note: 'a product type that does not exist: 400',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { productTypeId: NO_SUCH_ID, supplierId: NO_SUCH_ID, fileId: NO_SUCH_UUID } }),
  },
  {
    route: 'GET /api/imports/fibre-activity/{id}',
    flags: ['Commissions'],
    note: 'no such import: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  // The Agent CSV import (spec 3 §2.1, §3.6; decision 025): like the fibre import, the Commissions flag.
  {
    route: 'GET /api/imports/sadv-agents/suppliers',
    flags: ['Commissions'],
    expect: FLAGGED_ADMINS,
  },
  {
    route: 'POST /api/imports/sadv-agents',
    flags: ['Commissions'],
    note: 'a supplier that does not exist: 400',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { supplierId: NO_SUCH_ID, fileId: NO_SUCH_UUID } }),
  },
  {
    route: 'GET /api/imports/sadv-agents/{id}',
    flags: ['Commissions'],
    note: 'no such import: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/imports/sadv-agents/suppliers/{supplierId}/report',
    flags: ['Commissions'],
    note: 'no such supplier: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { supplierId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/imports/sadv-agents/suppliers/{supplierId}/export',
    flags: ['Commissions'],
    note: 'no such supplier: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { supplierId: NO_SUCH_ID } }),
  },
  // The commission calculation half (spec 3 §4.5, §7.3; decision 031): the Commissions flag.
  {
    route: 'POST /api/commissions/import-commissions',
    flags: ['Commissions'],
    note: 'a file that does not exist: 400',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { type: 'Agent', fileId: NO_SUCH_UUID } }),
  },
  {
    route: 'GET /api/commissions/imports/{id}',
    flags: ['Commissions'],
    note: 'no such import: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/commissions/agent-commissions',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { period: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/commissions/leader-commissions',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { period: NO_SUCH_ID } }),
  },
  { route: 'GET /api/commissions/runs', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  { route: 'GET /api/commissions/preview/lines', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  { route: 'GET /api/commissions/preview/exceptions', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  { route: 'GET /api/commissions/preview/totals', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  {
    route: 'GET /api/imports/run-post-import',
    flags: ['Commissions'],
    note: 'starts post-import processing for a supplier that does not exist: nothing to do',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { supplier_id: NO_SUCH_ID } }),
  },
  { route: 'GET /api/imports/post-import-complete', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  {
    route: 'POST /api/structure/update-structure-levels',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { commissions_period: NO_SUCH_ID } }),
  },
  { route: 'GET /api/structure/structure-levels-update-complete', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  // The commission cycle on '/commissions' (spec 3 §2.9, §4.5, §7.3; decision 032): the Commissions flag.
  { route: 'GET /api/commissions/commission-freeze-status', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  {
    route: 'POST /api/commissions/toggle-commission-freeze',
    flags: ['Commissions'],
    note: 'turns the freeze off (as it is)',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { updateFreeze: false } }),
  },
  { route: 'GET /api/commissions/current-period', flags: ['Commissions'], expect: FLAGGED_ADMINS },
  {
    route: 'POST /api/commissions/periods',
    flags: ['Commissions'],
    note: 'opens a period long ago (or 400/409 when one is open or later)',
    expect: FLAGGED_ADMINS,
    sample: () => ({ body: { startDate: '1990-01-01', endDate: '1990-01-31', paidDate: '1990-02-07' } }),
  },
  {
    route: 'POST /api/commissions/commissions-period-stamping',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { period: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/commissions/closure-summary',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { period: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/commissions/export-banking-details',
    flags: ['Commissions'],
    note: 'the right password, no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: (s) => ({ body: { period: NO_SUCH_ID, payment: 'bank', password: s.password } }),
  },
  {
    route: 'POST /api/commissions/close-commissions-period',
    flags: ['Commissions'],
    note: 'the right password, no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: (s) => ({ query: { period: NO_SUCH_ID }, body: { password: s.password } }),
  },
  {
    route: 'GET /api/commissions/period-lines',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { period: NO_SUCH_ID, order: 'NO-SUCH-ORDER' } }),
  },
  {
    route: 'POST /api/commissions/reverse-line',
    flags: ['Commissions'],
    note: 'the right password, no such line: 404',
    expect: FLAGGED_ADMINS,
    sample: (s) => ({ body: { lineId: NO_SUCH_ID, reason: 'matrix check', password: s.password } }),
  },
  {
    route: 'GET /api/commissions/sales-report',
    flags: ['Commissions'],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { period: NO_SUCH_ID } }),
  },
  ...(['fibre-comms-report', 'fibre-leader-comms-report', 'banking-report'] as const).map((key) => ({
    route: `GET /api/commissions/${key}`,
    flags: ['Commissions' as const],
    note: 'no such period: 404',
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { commissions_period: NO_SUCH_ID } }),
  })),
  ...(['agent-tiers', 'advances', 'user-structure', 'user-contracts', 'user-count'] as const).map((key) => ({
    route: `GET /api/commissions/${key}`,
    flags: ['Commissions' as const],
    expect: FLAGGED_ADMINS,
  })),
  {
    route: 'GET /api/commissions/users',
    flags: ['Commissions'],
    expect: FLAGGED_ADMINS,
    sample: () => ({ query: { page: 1, pageSize: 10 } }),
  },
  { route: 'GET /api/settings/levels', expect: ADMINS },
  { route: 'GET /api/settings/services', expect: ADMINS },
  {
    route: 'POST /api/settings/services',
    expect: ADMINS,
    sample: (s) => ({ body: { name: `Matrix service ${s.unique()}` } }),
  },
  {
    route: 'DELETE /api/settings/services/{id}',
    note: 'no such service: 404',
    expect: ADMINS,
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  // Training administration (spec 3 §2.1, §2.5–2.7; decision 029): every admin, no flag.
  {
    route: 'GET /api/training-modules',
    expect: ADMINS,
  },
  { route: 'GET /api/training-modules/options', expect: ADMINS },
  {
    route: 'POST /api/training-modules',
    expect: ADMINS,
    sample: (s) => ({
      body: {
        name: `Matrix module ${s.unique()}`,
        description: '',
        category: 'Matrix',
        supplierIds: [],
        productTypeIds: [],
        isCompulsory: false,
        trainingType: 1,
        structureLevelId: null,
        active: false,
      },
    }),
  },
  {
    route: 'PUT /api/training-modules/{id}',
    expect: ADMINS,
    note: 'no such module: 404 once authorised',
    sample: () => ({
      params: { id: NO_SUCH_ID },
      body: {
        name: 'Matrix module',
        description: '',
        category: '',
        supplierIds: [],
        productTypeIds: [],
        isCompulsory: false,
        trainingType: 1,
        structureLevelId: null,
        active: false,
      },
    }),
  },
  {
    route: 'DELETE /api/training-modules/{id}',
    expect: ADMINS,
    note: 'no such module: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/training-modules/{id}/content',
    expect: ADMINS,
    note: 'no such module: 404 once authorised (the answers are in it: admins only)',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/training-modules/{id}/content',
    expect: ADMINS,
    note: 'no such module: 404 once authorised',
    sample: () => ({
      params: { id: NO_SUCH_ID },
      body: {
        passThreshold: 60,
        marks: 1,
        videos: [{ link: 'https://youtu.be/dQw4w9WgXcQ', language: 'English' }],
        fileIds: [],
        questions: [
          { question: 'Matrix?', language: 'English', maxOptions: 1, options: [{ text: 'Yes', isCorrect: true }] },
        ],
      },
    }),
  },
  {
    route: 'GET /api/training-marks',
    expect: ADMINS,
    note: 'no such module: 404 once authorised',
    sample: () => ({ query: { moduleId: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/training-marks/{id}/fail',
    expect: ADMINS,
    note: 'no such attempt: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { reason: 'Matrix check' } }),
  },
  { route: 'GET /api/settings/banner', expect: ADMINS },
  { route: 'GET /api/dashboard/banner', expect: NOT_WAITING },
  {
    route: 'POST /api/settings/banner',
    note: 'a file that does not exist: 400',
    expect: ADMINS,
    sample: () => ({ body: { fileId: NO_SUCH_UUID } }),
  },

  // Catalogue: product types, suppliers, products
  { route: 'GET /api/catalogue/references', expect: ADMINS },
  { route: 'GET /api/catalogue/assist-recipients', expect: ADMINS },
  { route: 'GET /api/catalogue/product-types', expect: ADMINS },
  {
    route: 'POST /api/catalogue/product-types',
    expect: ADMINS,
    sample: (s) => ({ body: { name: `Matrix Type ${s.unique()}` } }),
  },
  {
    route: 'PUT /api/catalogue/product-types/{id}',
    expect: ADMINS,
    note: 'no such product type: 404 once authorised',
    sample: (s) => ({ params: { id: NO_SUCH_ID }, body: { name: `Matrix Type ${s.unique()}` } }),
  },
  {
    route: 'DELETE /api/catalogue/product-types/{id}',
    expect: ADMINS,
    note: 'no such product type: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  { route: 'GET /api/catalogue/suppliers', expect: ADMINS },
  { route: 'POST /api/catalogue/suppliers', expect: ADMINS, sample: (s) => ({ body: supplierSample(s) }) },
  {
    route: 'GET /api/catalogue/suppliers/{id}',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/catalogue/suppliers/{id}',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: (s) => ({ params: { id: NO_SUCH_ID }, body: supplierSample(s) }),
  },
  {
    route: 'PUT /api/catalogue/suppliers/{id}/banner',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: { fileId: NO_SUCH_UUID } }),
  },
  {
    route: 'GET /api/catalogue/suppliers/{id}/deals',
    flags: ['Deals'],
    expect: FLAGGED_ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/catalogue/suppliers/{id}/products',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'POST /api/catalogue/suppliers/{id}/products',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: PRODUCT_SAMPLE }),
  },
  {
    route: 'GET /api/catalogue/products/{id}',
    expect: ADMINS,
    note: 'no such product: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/catalogue/products/{id}',
    expect: ADMINS,
    note: 'no such product: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID }, body: PRODUCT_SAMPLE }),
  },
  {
    route: 'DELETE /api/catalogue/products/{id}',
    expect: ADMINS,
    note: 'no such product: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/catalogue/suppliers/{id}/product-matches',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({ params: { id: NO_SUCH_ID } }),
  },
  {
    route: 'PUT /api/catalogue/suppliers/{id}/product-matches',
    expect: ADMINS,
    note: 'no such supplier: 404 once authorised',
    sample: () => ({
      params: { id: NO_SUCH_ID },
      body: { matches: [{ importId: NO_SUCH_ID, productsMasterId: NO_SUCH_ID }] },
    }),
  },

  // better-auth: the endpoints the product opens (platform/auth.ts OPEN_AUTH_PATHS)
  {
    route: 'POST /api/auth/sign-in/email',
    hidden: true,
    expect: PUBLIC,
    note: "the persona's own credentials (anonymous: a user of its own)",
    sample: (s) => ({ body: { email: s.actor.email, password: s.password } }),
  },
  {
    route: 'POST /api/auth/phone-sign-in/send-code',
    hidden: true,
    expect: PUBLIC,
    sample: (s) => ({ body: { phone: `+2779${String(s.unique()).padStart(7, '0').slice(-7)}` } }),
  },
  {
    route: 'POST /api/auth/phone-sign-in/verify',
    hidden: true,
    expect: PUBLIC,
    note: 'a wrong pin: 400',
    sample: (s) => ({ body: { phone: s.actor.phone, code: '000000' } }),
  },
  { route: 'GET /api/auth/get-session', hidden: true, expect: PUBLIC },
  {
    route: 'POST /api/auth/request-password-reset',
    hidden: true,
    expect: PUBLIC,
    sample: (s) => ({ body: { email: `nobody.${s.unique()}@example.test`, redirectTo: '/reset-password' } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    hidden: true,
    expect: PUBLIC,
    note: 'an unknown token: 400',
    sample: (s) => ({ body: { token: 'no-such-token', newPassword: s.password } }),
  },
  {
    route: 'GET /api/auth/reset-password/{token}',
    hidden: true,
    expect: PUBLIC,
    sample: () => ({ params: { token: 'no-such-token' }, query: { callbackURL: '/reset-password' } }),
  },
  { route: 'GET /api/auth/list-sessions', hidden: true, expect: SIGNED_IN },
  {
    route: 'POST /api/auth/change-password',
    hidden: true,
    expect: SIGNED_IN,
    endsSession: true,
    sample: (s) => ({ body: { currentPassword: s.password, newPassword: s.password } }),
  },
  {
    route: 'POST /api/auth/sign-out',
    hidden: true,
    expect: PUBLIC,
    endsSession: true,
    last: true,
    note: 'signing out without a session is harmless',
  },

  // Dealer contracts (decision 034): the manage-user screen's Dealer Contracts modal, admins with
  // Users Management; the signing routes are public and answer by the link's token alone
  // (a made-up token: 404 for everyone; tampered, signed-twice and expired links: contracts.int.test.ts).
  {
    route: 'GET /api/contracts/agents/{agentId}/get-contract-submissions',
    target: { in: 'path', name: 'agentId' },
    flags: ['Users Management'],
    expect: ADMIN_ACTION_ON_USER,
  },
  {
    route: 'POST /api/contracts/agents/{agentId}/generate-new-contract',
    target: { in: 'path', name: 'agentId' },
    flags: ['Users Management'],
    note: "a dealer code not the target's: 400 once authorised (generation itself: contracts.int.test.ts)",
    expect: ADMIN_ACTION_ON_USER,
    sample: (s) => ({
      body: { agentCode: 'Z-0', email: `contract.${s.unique()}@example.test`, arrIds: [306180, 306181, 306174] },
    }),
  },
  {
    route: 'GET /api/contracts/{contractId}/get-contract-download-link',
    flags: ['Users Management'],
    note: 'no such contract: status 404 in the answer once authorised',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { contractId: NO_SUCH_ID } }),
  },
  {
    route: 'GET /api/contracts/{contractId}/signed.pdf',
    flags: ['Users Management'],
    note: 'no such contract: 404 once authorised',
    expect: FLAGGED_ADMINS,
    sample: () => ({ params: { contractId: NO_SUCH_ID } }),
  },
  { route: 'GET /api/sign-contract/{token}', expect: PUBLIC, sample: () => ({ params: { token: 'x'.repeat(43) } }) },
  {
    route: 'GET /api/sign-contract/{token}/document.pdf',
    expect: PUBLIC,
    sample: () => ({ params: { token: 'x'.repeat(43) } }),
  },
  {
    route: 'POST /api/sign-contract/{token}/sign',
    expect: PUBLIC,
    sample: () => ({ params: { token: 'x'.repeat(43) }, body: { name: 'Thandi Mokoena', consent: true } }),
  },
  {
    route: 'POST /api/sign-contract/{token}/decline',
    expect: PUBLIC,
    sample: () => ({ params: { token: 'x'.repeat(43) }, body: {} }),
  },
];

/**
 * Cells the grid cannot express: a particular body, or an actor and target beyond the six
 * personas. Each is run and counted like a grid cell.
 */
export interface SpecialCase {
  name: string;
  route: string;
  /** Who acts and on whom (built by the test's fixture). */
  actor: 'leader' | 'adminUsersManagementOnly' | 'adminCommissionsOnly' | 'adminLackingCommissions' | 'freshAgentTier3';
  target: 'child' | 'self' | 'adminWithCommissions' | 'adminWithFewerFlags';
  expect: Verdict;
  sample?: (s: SampleContext) => SampleRequest;
}

export const SPECIAL_CASES: SpecialCase[] = [
  {
    name: "a leader changing a downstream user's phone",
    route: 'PUT /api/people/{id}',
    actor: 'leader',
    target: 'child',
    expect: 'deny',
    // With the leader's own password: the step-up is not what refuses them.
    sample: (s) => ({
      body: {
        ...editUserSample(s.target, { phone: `07${String(s.unique()).padStart(8, '0').slice(-8)}` }),
        currentPassword: s.password,
      },
    }),
  },
  {
    name: "a leader changing a downstream user's e-mail",
    route: 'PUT /api/people/{id}',
    actor: 'leader',
    target: 'child',
    expect: 'deny',
    sample: (s) => ({
      body: {
        ...editUserSample(s.target, { email: `changed.${s.unique()}@example.test` }),
        currentPassword: s.password,
      },
    }),
  },
  {
    name: 'a leader switching Growth Leader on for a downstream user',
    route: 'PUT /api/people/{id}/flags',
    actor: 'leader',
    target: 'child',
    expect: 'deny',
    sample: () => ({ body: { growthLeader: true } }),
  },
  {
    name: 'a leader sending a segment alert',
    route: 'POST /api/alerts/new-alert',
    actor: 'leader',
    target: 'self',
    expect: 'deny',
    sample: () => ({
      body: { title: 'Matrix', description: 'segment', active: false, refs_user_segment_type_id: 1 },
    }),
  },
  {
    name: 'an agent of tier 3 becoming a leader',
    route: 'POST /api/profile/become-leader',
    actor: 'freshAgentTier3',
    target: 'self',
    expect: 'allow',
  },
  {
    name: 'an admin changing the flags of an admin who holds a flag they lack',
    route: 'PUT /api/access-control/{userId}',
    actor: 'adminLackingCommissions',
    target: 'adminWithCommissions',
    expect: 'deny',
    sample: () => ({ body: { feature: 'Sales Assist', enabled: false } }),
  },
  {
    name: 'an admin changing the flags of an admin whose flags they all hold',
    route: 'PUT /api/access-control/{userId}',
    actor: 'adminLackingCommissions',
    target: 'adminWithFewerFlags',
    expect: 'allow',
    sample: () => ({ body: { feature: 'Sales Assist', enabled: false } }),
  },
  {
    name: 'an admin editing an admin who holds a flag they lack',
    route: 'PUT /api/people/{id}',
    actor: 'adminLackingCommissions',
    target: 'adminWithCommissions',
    expect: 'deny',
    sample: (s) => ({ body: editUserSample(s.target) }),
  },
  {
    name: 'an admin setting the password of an admin who holds a flag they lack',
    route: 'PUT /api/people/{id}/password',
    actor: 'adminLackingCommissions',
    target: 'adminWithCommissions',
    expect: 'deny',
    sample: (s) => ({ body: { password: s.password, currentPassword: s.password } }),
  },
  {
    name: 'revealing with Users Management but not Commissions',
    route: 'POST /api/people/{id}/reveal',
    actor: 'adminUsersManagementOnly',
    target: 'child',
    expect: 'deny',
  },
  {
    name: 'revealing with Commissions but not Users Management',
    route: 'POST /api/people/{id}/reveal',
    actor: 'adminCommissionsOnly',
    target: 'child',
    expect: 'deny',
  },
];

/**
 * Routes of the app that are not part of the API and have no row: Swagger UI's own files and
 * the web app's catch-all (both outside the OpenAPI document anyway).
 */
export const MATRIX_EXCEPTIONS = [/^(GET|HEAD) \/api\/docs(\/.*)?$/, /^(GET|HEAD) \/\*$/];
