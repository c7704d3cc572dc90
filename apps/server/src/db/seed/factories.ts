import { hashPassword } from '../../platform/password.ts';
import type { Executor } from '../client.ts';
import {
  authAccount,
  authUser,
  bankingDetails,
  dashboardBanners,
  dealsMaster,
  featuresMaster,
  productsDealIndex,
  productsImport,
  productsMaster,
  productTypes,
  services,
  suppliersAssistEmailIndex,
  suppliersContacts,
  suppliersMaster,
  suppliersProductTypeIndex,
  usersAccessIndex,
  usersDealIndex,
  usersMaster,
  usersProductTypeIndex,
  usersSupplierIndex,
} from '../schema/index.ts';

// Factories shared by the demo seed, integration tests and Playwright: each call makes one whole,
// valid record with sensible defaults, so a test states only what it cares about.

export type UserRow = typeof usersMaster.$inferSelect;
export type NewUser = Partial<typeof usersMaster.$inferInsert> & {
  /** Plain password, hashed here; or a precomputed hash (faster when creating many users). */
  password?: string;
  passwordHash?: string;
  /** Create no sign-in identity (e.g. bulk users in benchmarks). */
  withoutLogin?: boolean;
};

let sequence = 0;
/** Unique suffix for generated e-mails and phones within a process. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

const passwordHashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

function uniquePhone(): string {
  // 083 numbers with a random block keep parallel test files apart.
  const block = Math.floor(Math.random() * 9000 + 1000);
  return `+2783${block}${String(nextSequence() % 1000).padStart(3, '0')}`;
}

export async function createUser(db: Executor, input: NewUser = {}): Promise<UserRow> {
  const { password, passwordHash, withoutLogin, ...fields } = input;
  const n = nextSequence();
  const firstName = fields.firstName ?? `Test${n}`;
  const surname = fields.surname ?? 'Dealer';
  const email = fields.email ?? `user${n}.${Math.random().toString(36).slice(2, 8)}@example.test`;
  const phone = fields.phone ?? uniquePhone();

  let authId: string | null = fields.authId ?? null;
  if (!withoutLogin && !authId) {
    const [identity] = await db
      .insert(authUser)
      .values({
        name: `${firstName} ${surname}`,
        email: email.toLowerCase(),
        emailVerified: fields.emailVerified ?? false,
        phoneNumber: phone,
        phoneNumberVerified: fields.phoneVerified ?? false,
      })
      .returning({ id: authUser.id });
    authId = identity!.id;
    await db.insert(authAccount).values({
      accountId: authId,
      providerId: 'credential',
      userId: authId,
      password: passwordHash ?? (await cachedHash(password ?? 'Demo1234!')),
    });
  }

  const [user] = await db
    .insert(usersMaster)
    .values({
      refsUserLifecycleStatusId: 2,
      emailVerified: true,
      phoneVerified: true,
      agreedToRicaTerms: true,
      street: '12 Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'WC',
      postalCode: '8001',
      refsShirtSize: 'MEDIUM',
      ...fields,
      firstName,
      surname,
      email,
      phone,
      authId,
    })
    .returning();
  return user!;
}

export async function grantFeatures(db: Executor, userId: number, names?: string[], addedBy?: number): Promise<void> {
  const features = await db.select().from(featuresMaster);
  const chosen = names ? features.filter((feature) => names.includes(feature.name)) : features;
  if (!chosen.length) return;
  await db
    .insert(usersAccessIndex)
    .values(
      chosen.map((feature) => ({
        userMasterId: userId,
        featuresMasterId: feature.id,
        addedByUsersMasterId: addedBy ?? null,
      })),
    )
    .onConflictDoNothing();
}

export async function addBankingDetails(
  db: Executor,
  userId: number,
  overrides: Partial<typeof bankingDetails.$inferInsert> = {},
) {
  const [row] = await db
    .insert(bankingDetails)
    .values({
      userId,
      bank: 'Capitec',
      branchCode: '470010',
      accountNumber: '1234567890',
      accountType: 2,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createProductType(db: Executor, name: string) {
  const [row] = await db.insert(productTypes).values({ name }).returning();
  return row!;
}

export async function createSupplier(
  db: Executor,
  input: Partial<typeof suppliersMaster.$inferInsert> & { productTypeIds?: number[] } = {},
) {
  const { productTypeIds = [], ...fields } = input;
  const [supplier] = await db
    .insert(suppliersMaster)
    .values({ supplierName: `Supplier ${nextSequence()}`, ...fields })
    .returning();
  if (productTypeIds.length) {
    await db
      .insert(suppliersProductTypeIndex)
      .values(productTypeIds.map((refsProductTypeId) => ({ suppliersMasterId: supplier!.id, refsProductTypeId })));
  }
  return supplier!;
}

/** A supplier's contact of one contact type (1 Sales, 2 Support, 3 Finance); phone stored +27. */
export async function createSupplierContact(
  db: Executor,
  supplierId: number,
  input: Partial<typeof suppliersContacts.$inferInsert> & { contactTypeId: number },
) {
  const n = nextSequence();
  const [row] = await db
    .insert(suppliersContacts)
    .values({
      supplierId,
      contactFirstName: 'Contact',
      contactSurname: `Person${n}`,
      contactEmail: `contact${n}@supplier.example.test`,
      contactNumber: `+2782${String(n).padStart(7, '0').slice(-7)}`,
      ...input,
    })
    .returning();
  return row!;
}

/** Admins e-mailed about a supplier's sales assist leads (type 1) or agent support tickets (type 2). */
export async function addAssistRecipients(db: Executor, supplierId: number, typeId: 1 | 2, userIds: number[]) {
  if (!userIds.length) return;
  await db
    .insert(suppliersAssistEmailIndex)
    .values(
      userIds.map((usersMasterId) => ({
        suppliersMasterId: supplierId,
        usersMasterId,
        refsSupplierAssistEmailTypeId: typeId,
      })),
    )
    .onConflictDoNothing();
}

/** Imported product rows of a supplier, unmatched unless `productsMasterId` is given. */
export async function createProductImports(
  db: Executor,
  supplierId: number,
  names: string[],
  productsMasterId: number | null = null,
) {
  if (!names.length) return [];
  return db
    .insert(productsImport)
    .values(names.map((productName) => ({ suppliersMasterId: supplierId, productName, productsMasterId })))
    .returning();
}

export async function createProduct(
  db: Executor,
  input: Partial<typeof productsMaster.$inferInsert> & { suppliersMasterId: number },
) {
  const [row] = await db
    .insert(productsMaster)
    .values({ displayName: `Product ${nextSequence()}`, refsProductStatusId: 1, ...input })
    .returning();
  return row!;
}

export interface DealRates {
  user: [number, number, number, number];
  leader: [number, number, number, number, number, number, number];
}

export async function createDeal(
  db: Executor,
  input: Partial<typeof dealsMaster.$inferInsert> & { suppliersMasterId: number; refsProductTypeId: number },
  products: Array<{ productId: number; rates: DealRates }> = [],
) {
  const [deal] = await db
    .insert(dealsMaster)
    .values({ dealName: `Deal ${nextSequence()}`, refsDealTypeId: 1, ...input })
    .returning();
  if (products.length) {
    await db.insert(productsDealIndex).values(
      products.map(({ productId, rates }) => ({
        dealsMasterId: deal!.id,
        productsMasterId: productId,
        dealOnceOffUserComRate1: rates.user[0],
        dealOnceOffUserComRate2: rates.user[1],
        dealOnceOffUserComRate3: rates.user[2],
        dealOnceOffUserComRate4: rates.user[3],
        dealOnceOffLeaderComRate1: rates.leader[0],
        dealOnceOffLeaderComRate2: rates.leader[1],
        dealOnceOffLeaderComRate3: rates.leader[2],
        dealOnceOffLeaderComRate4: rates.leader[3],
        dealOnceOffLeaderComRate5: rates.leader[4],
        dealOnceOffLeaderComRate6: rates.leader[5],
        dealOnceOffLeaderComRate7: rates.leader[6],
      })),
    );
  }
  return deal!;
}

export async function linkUser(
  db: Executor,
  userId: number,
  links: { supplierIds?: number[]; productTypeIds?: number[]; dealIds?: number[]; addedBy?: number },
): Promise<void> {
  if (links.supplierIds?.length) {
    await db
      .insert(usersSupplierIndex)
      .values(links.supplierIds.map((supplierId) => ({ userId, supplierId })))
      .onConflictDoNothing();
  }
  if (links.productTypeIds?.length) {
    await db
      .insert(usersProductTypeIndex)
      .values(links.productTypeIds.map((productTypeId) => ({ userId, productTypeId })))
      .onConflictDoNothing();
  }
  if (links.dealIds?.length) {
    await db
      .insert(usersDealIndex)
      .values(
        links.dealIds.map((dealsMasterId) => ({
          usersMasterId: userId,
          dealsMasterId,
          addedByUsersMasterId: links.addedBy ?? null,
        })),
      )
      .onConflictDoNothing();
  }
}

/** A service of '/settings/services'. */
export async function createService(db: Executor, serviceName: string, createdByUserId: number | null = null) {
  const [row] = await db.insert(services).values({ serviceName, createdByUserId }).returning();
  return row!;
}

/** A dashboard banner over a stored image (the newest one is shown). */
export async function createDashboardBanner(
  db: Executor,
  storedFileId: string,
  uploadedByUserId: number | null = null,
) {
  const [row] = await db.insert(dashboardBanners).values({ storedFileId, uploadedByUserId }).returning();
  return row!;
}
