import { count } from 'drizzle-orm';
import { hashPassword } from '../../platform/password.ts';
import type { Database, Executor } from '../client.ts';
import { usersMaster } from '../schema/index.ts';
import {
  addBankingDetails,
  createDeal,
  createProduct,
  createProductType,
  createSupplier,
  createUser,
  type DealRates,
  grantFeatures,
  linkUser,
  type UserRow,
} from './factories.ts';
import { createRandom, type Random, saIdNumber } from './random.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_PERSONAS = [
  { email: 'admin@demo.co.za', phone: '+27820000001', description: 'admin, every feature flag' },
  { email: 'leader@demo.co.za', phone: '+27820000002', description: 'leader (trainer), tier 3' },
  {
    email: 'agent@demo.co.za',
    phone: '+27820000003',
    description: 'agent under the leader, active, linked to two suppliers',
  },
  {
    email: 'pending@demo.co.za',
    phone: '+27820000004',
    description: 'awaiting approval (verified, submitted by the leader)',
  },
  { email: 'unverified@demo.co.za', phone: '+27820000005', description: 'awaiting approval, nothing verified' },
] as const;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(usersMaster);
  return (row?.users ?? 0) === 0;
}

const FIRST_NAMES = [
  'Thabo',
  'Lerato',
  'Sipho',
  'Naledi',
  'Johan',
  'Ayesha',
  'Kagiso',
  'Zanele',
  'Pieter',
  'Nomvula',
  'Ryan',
  'Palesa',
  'Mandla',
  'Fatima',
  'Bongani',
  'Chantel',
  'Tshepo',
  'Lindiwe',
  'Riaan',
  'Keabetswe',
];
const SURNAMES = [
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Naidoo',
  'Mokoena',
  'Botha',
  'Khumalo',
  'Pillay',
  'Molefe',
  'Smith',
  'Mahlangu',
  'Jacobs',
  'Ndlovu',
  'Pretorius',
  'Sithole',
];
const PLACES = [
  { suburb: 'Soweto', city: 'Johannesburg', province: 'GP', postalCode: '1804' },
  { suburb: 'Umlazi', city: 'Durban', province: 'KZN', postalCode: '4031' },
  { suburb: 'Khayelitsha', city: 'Cape Town', province: 'WC', postalCode: '7784' },
  { suburb: 'Mamelodi', city: 'Pretoria', province: 'GP', postalCode: '0122' },
  { suburb: 'Mdantsane', city: 'East London', province: 'EC', postalCode: '5219' },
  { suburb: 'Seshego', city: 'Polokwane', province: 'LP', postalCode: '0742' },
] as const;

function person(random: Random, sequence: number) {
  const gender = random.chance(0.5) ? 'M' : 'F';
  const year = random.int(1975, 2002);
  const dateOfBirth = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const place = random.pick(PLACES);
  return {
    firstName: random.pick(FIRST_NAMES),
    surname: random.pick(SURNAMES),
    refsGender: gender,
    dateOfBirth,
    identificationNo: saIdNumber(dateOfBirth, gender, true, sequence),
    street: `${random.int(1, 250)} ${random.pick(['Main Road', 'Church Street', 'Vilakazi Street', 'Jan Smuts Avenue', 'Beach Road'])}`,
    ...place,
    refsShirtSize: random.pick(['SMALL', 'MEDIUM', 'LARGE']),
  };
}

/** The catalogue: product types, suppliers (one visible to all, one hidden), products and deals. */
async function seedCatalogue(db: Executor) {
  const fibre = await createProductType(db, 'Fibre');
  const mobile = await createProductType(db, 'Mobile');
  const lte = await createProductType(db, 'Fixed LTE');

  const metro = await createSupplier(db, {
    supplierName: 'Metro Fibre Connect',
    supplierDescription: 'Uncapped home fibre in metro areas.',
    supplierStatus: 1,
    regex: '^MFC-\\d{6}$',
    reports: true,
    reportsName: 'fibre',
    reportsDisplayName: 'Fibre Orders',
    salesAssist: true,
    salesAssistText: 'Log a lead for a customer who wants fibre; our team will call them.',
    agentAssist: true,
    agentAssistText: '**Before you log a ticket** make sure you have the supplier ticket number.',
    orderNotes: true,
    orderNotesName: 'Order number',
    paymentTypes: ['Debit order', 'Card'],
    productTypeIds: [fibre.id],
  });
  const kasi = await createSupplier(db, {
    supplierName: 'Kasi Mobile',
    supplierDescription: 'Prepaid and contract SIMs.',
    supplierStatus: 2,
    regex: '^\\d{10}$',
    reports: true,
    reportsName: 'mobile',
    reportsDisplayName: 'SIM Activations',
    agentAssist: true,
    orderNotes: true,
    productTypeIds: [mobile.id, lte.id],
  });
  const coast = await createSupplier(db, {
    supplierName: 'Coastline Fibre',
    supplierDescription: 'Fibre along the coast.',
    supplierStatus: 2,
    reports: true,
    salesAssist: true,
    productTypeIds: [fibre.id],
  });
  const legacy = await createSupplier(db, {
    supplierName: 'Legacy Telecom',
    supplierDescription: 'No longer sold.',
    supplierStatus: 3,
    productTypeIds: [lte.id],
  });

  const rates = (user: number, leader: number): DealRates => ({
    user: [user, user + 50, user + 100, user + 150],
    leader: [leader, leader - 20, leader - 40, leader - 50, leader - 60, leader - 70, leader - 75],
  });
  // One statement at a time: a transaction's connection runs queries in order anyway.
  const makeProducts = async (
    supplierId: number,
    productTypeId: number,
    list: Array<[name: string, priceCents: number, rates: DealRates]>,
  ) => {
    const made = [];
    for (const [displayName, customerPriceVatExclCents, productRates] of list) {
      const product = await createProduct(db, {
        displayName,
        suppliersMasterId: supplierId,
        refsProductTypeId: productTypeId,
        customerPriceVatExclCents,
      });
      made.push({ product, rates: productRates });
    }
    return made;
  };
  const fibreProducts = await makeProducts(metro.id, fibre.id, [
    ['Metro 25 Mbps', 49900, rates(250, 100)],
    ['Metro 50 Mbps', 69900, rates(350, 120)],
    ['Metro 100 Mbps', 89900, rates(450, 150)],
  ]);
  const mobileProducts = await makeProducts(kasi.id, mobile.id, [
    ['Kasi SIM Starter', 2900, rates(80, 90)],
    ['Kasi 10GB Contract', 19900, rates(180, 100)],
  ]);
  const coastProduct = await createProduct(db, {
    displayName: 'Coastline 40 Mbps',
    suppliersMasterId: coast.id,
    refsProductTypeId: fibre.id,
    customerPriceVatExclCents: 59900,
  });

  const metroDeal = await createDeal(
    db,
    { dealName: 'Metro Standard', suppliersMasterId: metro.id, refsProductTypeId: fibre.id },
    fibreProducts.map(({ product, rates: r }) => ({ productId: product.id, rates: r })),
  );
  const kasiDeal = await createDeal(
    db,
    { dealName: 'Kasi Standard', suppliersMasterId: kasi.id, refsProductTypeId: mobile.id },
    mobileProducts.map(({ product, rates: r }) => ({ productId: product.id, rates: r })),
  );
  const coastDeal = await createDeal(
    db,
    { dealName: 'Coastline Launch', suppliersMasterId: coast.id, refsProductTypeId: fibre.id, refsDealTypeId: 2 },
    [{ productId: coastProduct.id, rates: rates(300, 110) }],
  );
  return {
    productTypes: { fibre, mobile, lte },
    suppliers: { metro, kasi, coast, legacy },
    deals: { metroDeal, kasiDeal, coastDeal },
    products: [...fibreProducts.map((p) => p.product), ...mobileProducts.map((p) => p.product), coastProduct],
  };
}

export type DemoCatalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** About 50 people under one admin: the five personas, two more leaders, and their teams. */
async function seedPeople(db: Executor, catalogue: DemoCatalogue, random: Random, passwordHash: string) {
  const { suppliers, productTypes: types, deals } = catalogue;
  const everyone: UserRow[] = [];
  let sequence = 0;
  const make = async (fields: Parameters<typeof createUser>[1]) => {
    sequence += 1;
    const user = await createUser(db, { ...person(random, sequence), passwordHash, ...fields });
    everyone.push(user);
    return user;
  };

  const admin = await make({
    firstName: 'Amara',
    surname: 'Admin',
    email: DEMO_PERSONAS[0].email,
    phone: DEMO_PERSONAS[0].phone,
    isAdmin: true,
    refsTypeId: 2,
    refsUserTierId: 4,
    refsMaxStructureLevelId: 1,
    companyName: 'Portal Head Office',
  });
  await grantFeatures(db, admin.id, undefined, admin.id);
  await addBankingDetails(db, admin.id);

  const leader = await make({
    firstName: 'Lwazi',
    surname: 'Leader',
    email: DEMO_PERSONAS[1].email,
    phone: DEMO_PERSONAS[1].phone,
    parentId: admin.id,
    isLeader: true,
    isLeaderDate: new Date('2025-06-01T08:00:00Z'),
    refsUserTierId: 3,
    refsMaxStructureLevelId: 5,
    submittedBy: admin.id,
    companyName: 'Lwazi Connect',
  });
  await addBankingDetails(db, leader.id, {
    bank: 'First National Bank',
    branchCode: '250655',
    accountNumber: '62000000001',
    accountType: 1,
  });
  await linkUser(db, leader.id, {
    supplierIds: [suppliers.metro.id, suppliers.kasi.id, suppliers.coast.id],
    productTypeIds: [types.fibre.id, types.mobile.id],
    dealIds: [deals.metroDeal.id, deals.kasiDeal.id, deals.coastDeal.id],
    addedBy: admin.id,
  });

  const agent = await make({
    firstName: 'Ayanda',
    surname: 'Agent',
    email: DEMO_PERSONAS[2].email,
    phone: DEMO_PERSONAS[2].phone,
    parentId: leader.id,
    refsUserTierId: 2,
    submittedBy: leader.id,
    submittedByAuthId: leader.authId,
    companyName: 'Ayanda Sales',
  });
  await addBankingDetails(db, agent.id, { bank: 'Standard Bank', branchCode: '051001', accountNumber: '0012345678' });
  await linkUser(db, agent.id, {
    supplierIds: [suppliers.metro.id, suppliers.kasi.id],
    productTypeIds: [types.fibre.id, types.mobile.id],
    dealIds: [deals.metroDeal.id, deals.kasiDeal.id],
    addedBy: leader.id,
  });

  const pending = await make({
    firstName: 'Palesa',
    surname: 'Pending',
    email: DEMO_PERSONAS[3].email,
    phone: DEMO_PERSONAS[3].phone,
    parentId: leader.id,
    refsUserLifecycleStatusId: 1,
    submittedBy: leader.id,
    submittedByAuthId: leader.authId,
    tempPw: true,
  });
  await linkUser(db, pending.id, { supplierIds: [suppliers.metro.id], productTypeIds: [types.fibre.id] });

  await make({
    firstName: 'Uri',
    surname: 'Unverified',
    email: DEMO_PERSONAS[4].email,
    phone: DEMO_PERSONAS[4].phone,
    parentId: leader.id,
    refsUserLifecycleStatusId: 1,
    emailVerified: false,
    phoneVerified: false,
    submittedBy: leader.id,
    submittedByAuthId: leader.authId,
    tempPw: true,
  });

  // Two more leaders under the admin and one under the demo leader, each with a team.
  const leaders = [leader];
  for (const parent of [admin, admin, leader]) {
    const teamLeader = await make({
      parentId: parent.id,
      isLeader: true,
      isLeaderDate: new Date('2025-09-01T08:00:00Z'),
      refsUserTierId: random.pick([3, 4]),
      submittedBy: parent.id,
    });
    await linkUser(db, teamLeader.id, {
      supplierIds: [suppliers.metro.id, suppliers.kasi.id],
      productTypeIds: [types.fibre.id, types.mobile.id],
      dealIds: [deals.metroDeal.id, deals.kasiDeal.id],
    });
    leaders.push(teamLeader);
  }
  while (everyone.length < 50) {
    const parent = random.pick(leaders);
    const status = random.chance(0.85) ? 2 : random.pick([1, 3, 5]);
    const member = await make({
      parentId: parent.id,
      refsUserTierId: random.pick([1, 2, 2, 3]),
      refsUserLifecycleStatusId: status,
      declineReason: status === 5 ? 'The ID photo is unreadable. Please upload a clearer copy.' : null,
      submittedBy: parent.id,
      submittedByAuthId: parent.authId,
    });
    const supplierIds = random.chance(0.6)
      ? [suppliers.metro.id, suppliers.kasi.id]
      : [random.pick([suppliers.metro.id, suppliers.coast.id])];
    await linkUser(db, member.id, { supplierIds, productTypeIds: [types.fibre.id] });
    if (random.chance(0.7))
      await addBankingDetails(db, member.id, { accountNumber: String(random.int(10000000, 99999999)) });
  }
  return { admin, leader, agent, pending, everyone, leaders };
}

export type DemoPeople = Awaited<ReturnType<typeof seedPeople>>;

/** The demo world: reproducible, in one transaction (all or nothing). */
export async function seedDemo(db: Database): Promise<{ catalogue: DemoCatalogue; people: DemoPeople }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const random = createRandom();
    const catalogue = await seedCatalogue(tx);
    const people = await seedPeople(tx, catalogue, random, passwordHash);
    return { catalogue, people };
  });
}
