import { buildSaId } from '@portal/domain/people/sa-id';
import { zCode } from '@portal/domain/people/z-code';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { saveUpload } from '../../modules/files/files.service.ts';
import type { ESign } from '../../platform/esign.ts';
import { hashPassword } from '../../platform/password.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Database, Executor } from '../client.ts';
import { usersMaster } from '../schema/index.ts';
import {
  createAlert,
  createOrders,
  createSalesNotes,
  createSupplierLinks,
  createTrainingModule,
  markCommissionPaid,
  type NewOrder,
  overrideOrders,
  recordAttempts,
} from './activity-factories.ts';
import { seedSupplierAdmin } from './catalogue-demo.ts';
import { seedCommissionCycle } from './commission-demo.ts';
import { seedCommissionCalculation } from './commission-factories.ts';
import { seedContracts } from './contracts-demo.ts';
import {
  addBankingDetails,
  createDashboardBanner,
  createDeal,
  createProduct,
  createProductType,
  createService,
  createSupplier,
  createUser,
  type DealRates,
  grantFeatures,
  linkUser,
  type UserRow,
} from './factories.ts';
import { createCreditApplicationRow, createSupportApplicationRow } from './finance-factories.ts';
import { createRandom, type Random } from './random.ts';
import { seedSiza } from './siza-demo.ts';
import { seedTickets } from './tickets-demo.ts';
import { seedUniversity } from './university-demo.ts';

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
    // Edit User requires a middle name (spec 1 §5.5); picked without a draw so the rest stays as it was.
    middleName: FIRST_NAMES[(sequence * 7) % FIRST_NAMES.length]!,
    surname: random.pick(SURNAMES),
    refsGender: gender,
    dateOfBirth,
    identificationNo: buildSaId(dateOfBirth, gender, true, sequence),
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
    logoUrl: '/supplier-logos/metro-fibre-connect.svg',
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
    logoUrl: '/supplier-logos/kasi-mobile.svg',
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
    logoUrl: '/supplier-logos/coastline-fibre.svg',
    supplierDescription: 'Fibre along the coast.',
    supplierStatus: 2,
    reports: true,
    salesAssist: true,
    productTypeIds: [fibre.id],
  });
  const legacy = await createSupplier(db, {
    supplierName: 'Legacy Telecom',
    logoUrl: '/supplier-logos/legacy-telecom.svg',
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
    {
      dealName: 'Metro Standard',
      dealDescription: 'Once-off commission on every Metro home fibre line.',
      suppliersMasterId: metro.id,
      refsProductTypeId: fibre.id,
    },
    fibreProducts.map(({ product, rates: r }) => ({ productId: product.id, rates: r })),
  );
  const kasiDeal = await createDeal(
    db,
    {
      dealName: 'Kasi Standard',
      dealDescription: 'SIM starter packs and 10GB contracts.',
      suppliersMasterId: kasi.id,
      refsProductTypeId: mobile.id,
    },
    mobileProducts.map(({ product, rates: r }) => ({ productId: product.id, rates: r })),
  );
  const coastDeal = await createDeal(
    db,
    {
      dealName: 'Coastline Launch',
      dealDescription: 'Launch promotion: higher rates for the first coastal installs.',
      suppliersMasterId: coast.id,
      refsProductTypeId: fibre.id,
      refsDealTypeId: 2,
    },
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
    // Demo personas keep the published demo password (a real wizard user gets tempPw).
    tempPw: false,
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
    // Demo personas keep the published demo password (a real wizard user gets tempPw).
    tempPw: false,
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

/** A few thousand orders over 13 months (issue 12: real numbers on a fresh start). */
const DEMO_ORDERS = 3000;
const DEMO_ORDER_DAYS = 395;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * Order Override and sales notes (spec 3 §2.13, §2.14): a few unmatched Metro orders of the last
 * days, orders already reassigned by the admin, orders whose commission is paid (one of them
 * unmatched, so the refusal shows), and the agent's and leader's Logged Sales.
 */
async function seedOverridesAndNotes(db: Executor, catalogue: DemoCatalogue, people: DemoPeople, today: Date) {
  const { suppliers, productTypes: types } = catalogue;
  const metro = { suppliersMasterId: suppliers.metro.id, refsProductTypeId: types.fibre.id };
  const day = (days: number) => isoDate(addDays(today, -days));
  const unmatched = (orderNumber: string, days: number, customerName: string, agentIdentification: string) => ({
    ...metro,
    orderNumber,
    orderCreatedDate: day(days),
    customerName,
    agentIdentification,
    product: 'Metro 50 Mbps',
  });
  const rows = await createOrders(db, [
    unmatched('MFC-900001', 2, 'Zanele Khumalo', 'Z-99901'),
    unmatched('MFC-900002', 4, 'Johan van Wyk', '8001015009087'),
    unmatched('MFC-900003', 9, 'Priya Naidoo', 'Z-99903'),
    unmatched('MFC-900004', 75, 'Old Unmatched', 'Z-99904'),
    { ...unmatched('MFC-900010', 40, 'Paid Unmatched', 'unknown'), orderPaidDate: day(38) },
    {
      ...metro,
      orderNumber: 'MFC-900020',
      orderCreatedDate: day(35),
      orderPaidDate: day(34),
      dealerId: people.leader.id,
    },
    {
      ...metro,
      orderNumber: 'MFC-900030',
      orderCreatedDate: day(12),
      customerName: 'Musa Dlamini',
      dealerId: people.leader.id,
    },
    { ...metro, orderNumber: 'MFC-900031', orderCreatedDate: day(6), customerName: 'Anele Zulu' },
  ]);
  const [, , , , paidUnmatched, paidMatched, reassigned, reassignedUnmatched] = rows.map((row) => row.id);
  await markCommissionPaid(db, [paidUnmatched!, paidMatched!], { paidDate: day(5) });
  await overrideOrders(db, [
    { orderId: reassigned!, dealerId: people.agent.id, assignedBy: people.admin.id, createdAt: addDays(today, -3) },
    {
      orderId: reassignedUnmatched!,
      dealerId: people.agent.id,
      assignedBy: people.admin.id,
      createdAt: addDays(today, -1),
    },
  ]);
  const at = (days: number) => addDays(today, -days);
  await createSalesNotes(db, [
    {
      usersMasterId: people.agent.id,
      suppliersMasterId: suppliers.metro.id,
      orderNumber: 'MFC-100012',
      agentNote: 'Customer paid by card; installation booked for Friday.',
      createdAt: at(1),
    },
    {
      usersMasterId: people.agent.id,
      suppliersMasterId: suppliers.metro.id,
      orderNumber: 'MFC-100027',
      agentNote: 'Wants the 100 Mbps upgrade next month.',
      createdAt: at(4),
    },
    {
      usersMasterId: people.agent.id,
      suppliersMasterId: suppliers.metro.id,
      orderNumber: 'MFC-100031',
      agentNote: 'Duplicate, removed.',
      deleted: true,
      createdAt: at(6),
    },
    {
      usersMasterId: people.leader.id,
      suppliersMasterId: suppliers.metro.id,
      orderNumber: 'MFC-100044',
      agentNote: 'Signed at the Soweto market stand.',
      createdAt: at(2),
    },
    {
      usersMasterId: people.agent.id,
      suppliersMasterId: suppliers.kasi.id,
      orderNumber: '0821234567',
      agentNote: 'Contract SIM, delivered.',
      createdAt: at(3),
    },
  ]);
}

/**
 * Orders over the last 13 months (paid, installed, activated, a few unmatched), so the dashboard,
 * leaderboard, reports and override show real numbers; a few tickets, alerts and training modules.
 */
async function seedActivity(
  db: Executor,
  catalogue: DemoCatalogue,
  people: DemoPeople,
  random: Random,
  today: Date,
  extraSuppliers: Array<{ id: number; supplierName: string; salesAssist: boolean; agentAssist: boolean }> = [],
) {
  const { suppliers, productTypes: types, products } = catalogue;
  const sellers = people.everyone.filter(
    (user) => !user.isAdmin && user.refsUserLifecycleStatusId !== 1 && user.refsUserLifecycleStatusId !== 5,
  );
  const orders: NewOrder[] = [];
  for (let i = 0; i < DEMO_ORDERS; i++) {
    const supplier = random.chance(0.65) ? suppliers.metro : random.chance(0.6) ? suppliers.kasi : suppliers.coast;
    const productTypeId = supplier.id === suppliers.kasi.id ? types.mobile.id : types.fibre.id;
    const product = random.pick(products.filter((p) => p.suppliersMasterId === supplier.id));
    const created = addDays(today, -random.int(0, DEMO_ORDER_DAYS));
    const paid = random.chance(0.8) ? addDays(created, random.int(0, 5)) : null;
    const installed = paid && random.chance(0.75) ? addDays(paid, random.int(2, 14)) : null;
    const activated = installed && random.chance(0.85) ? addDays(installed, random.int(0, 3)) : null;
    const clamp = (date: Date | null) => (date && date <= today ? isoDate(date) : null);
    const matched = random.chance(0.98);
    const customer = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
    orders.push({
      suppliersMasterId: supplier.id,
      refsProductTypeId: productTypeId,
      orderNumber:
        supplier.id === suppliers.metro.id
          ? `MFC-${String(100000 + i).slice(-6)}`
          : `${supplier.id}${String(7000000 + i)}`,
      orderCreatedDate: isoDate(created),
      orderPaidDate: clamp(paid),
      orderInstallationDate: clamp(installed),
      supplierActivationDate: clamp(activated),
      customerName: customer,
      customerAccountNumber: `ACC${10000 + i}`,
      customerPhone: `8${random.int(10000000, 99999999)}`,
      customerEmail: `${customer.toLowerCase().replace(/[^a-z]+/g, '.')}@mail.test`,
      customerAddress: `${random.int(1, 300)} ${random.pick(PLACES).suburb}`,
      customerStatus1: activated ? 'Active' : paid ? 'Paid' : 'Pending payment',
      product: product.displayName,
      productsMasterId: product.id,
      region: random.pick(['Gauteng North', 'Gauteng South', 'Western Cape', 'KZN Coastal']),
      dealerId: matched ? (random.chance(0.3) ? people.agent.id : random.pick(sellers).id) : undefined,
      agentIdentification: matched ? undefined : zCode(900000 + i),
    });
  }
  await createOrders(db, orders);
  await seedOverridesAndNotes(db, catalogue, people, today);

  await seedTickets(db, {
    suppliers: {
      agent_support: [suppliers.metro, suppliers.kasi, ...extraSuppliers.filter((s) => s.agentAssist)],
      sales_assist: [suppliers.metro, suppliers.coast, ...extraSuppliers.filter((s) => s.salesAssist)],
    },
    admin: people.admin,
    agent: people.agent,
    dealers: sellers,
    random,
    today,
  });

  const team = people.everyone.filter((user) => user.parentId === people.leader.id).map((user) => user.id);
  await createAlert(
    db,
    {
      title: 'Welcome to the portal',
      descriptionHtml: '<p>Your orders, leaderboard and training are all here. <strong>Good selling!</strong></p>',
      createdBy: people.admin.id,
      refsUserSegmentTypeId: 1,
      type: 'admin',
    },
    people.everyone.map((user) => user.id),
  );
  await createAlert(
    db,
    {
      title: 'Team meeting on Friday',
      descriptionHtml: '<p>Meet at 09:00 to plan the month.</p>',
      createdBy: people.leader.id,
      type: 'structure',
    },
    team,
  );

  const compulsory = await createTrainingModule(db, {
    moduleName: 'RICA and POPIA basics',
    moduleDescription: 'How to register a SIM and protect customer information.',
    moduleCategory: 'Compliance',
    isCompulsory: true,
    passThreshold: 80,
    questions: [
      {
        question: 'What must a customer show to RICA a SIM?',
        options: [
          { text: 'A valid ID and proof of address', is_correct: true },
          { text: 'A bank card', is_correct: false },
          { text: 'Nothing', is_correct: false },
        ],
      },
      {
        question: 'May you share a customer ID number on WhatsApp groups?',
        options: [
          { text: 'No', is_correct: true },
          { text: 'Yes', is_correct: false },
        ],
      },
    ],
    videos: [{ link: 'https://videos.example.test/rica-basics.mp4' }],
  });
  // Most active people passed the compulsory module (the leader and the agent among them, so
  // they are not held in the waiting state); a few have not, or failed once first.
  const active = people.everyone.filter((user) => user.refsUserLifecycleStatusId === 2 && !user.isAdmin);
  const fixed = new Set([people.leader.id, people.agent.id]);
  await recordAttempts(
    db,
    compulsory.id,
    active.flatMap((user) => {
      if (fixed.has(user.id)) return [{ userId: user.id, pass: true }];
      if (random.chance(0.12)) return [];
      return random.chance(0.2)
        ? [
            { userId: user.id, pass: false },
            { userId: user.id, pass: true },
          ]
        : [{ userId: user.id, pass: true }];
    }),
  );
  const metroModule = await createTrainingModule(db, {
    moduleName: 'Selling Metro Fibre',
    moduleDescription: 'Packages, coverage checks and installation times.',
    moduleCategory: 'Product',
    supplierIds: [suppliers.metro.id],
    productTypeIds: [types.fibre.id],
    passThreshold: 100,
    questions: [
      {
        question: 'Which package suits a family that streams video?',
        options: [
          { text: 'Metro 50 Mbps or faster', is_correct: true },
          { text: 'Kasi SIM Starter', is_correct: false },
        ],
      },
    ],
    videos: [{ link: 'https://videos.example.test/metro-fibre.mp4' }],
  });
  // A few dozen attempts so '/training-marks' has pages: most pass, some fail first. The personas
  // keep their university status (other journeys rely on it).
  await recordAttempts(
    db,
    metroModule.id,
    active
      .filter((user) => !fixed.has(user.id))
      .slice(0, 40)
      .flatMap((user) =>
        random.chance(0.3)
          ? [
              { userId: user.id, pass: false, marks: 0, maxMarks: 1 },
              { userId: user.id, pass: true, marks: 1, maxMarks: 1 },
            ]
          : [{ userId: user.id, pass: random.chance(0.8), maxMarks: 1 }],
      ),
  );
  await createTrainingModule(db, {
    moduleName: 'Leading a sales team',
    moduleDescription: 'Onboarding, coaching and approvals for leaders.',
    moduleCategory: 'Leadership',
    trainingTypes: 3,
    refsStructureLevelId: 5,
    questions: [
      {
        question: 'Who approves a new agent?',
        options: [
          { text: 'An admin', is_correct: true },
          { text: 'The agent', is_correct: false },
        ],
      },
    ],
    videos: [{ link: 'https://videos.example.test/leading.mp4' }],
  });
}

/** The service list and, with a storage, a dashboard banner image in the 'dash' folder. */
async function seedSettings(db: Executor, people: DemoPeople, storage: FileStorage | undefined) {
  for (const name of ['Fibre Installation', 'SIM Activation', 'Number Porting', 'Router Setup']) {
    await createService(db, name, people.admin.id);
  }
  if (!storage) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1f8fd6"/></linearGradient></defs>
    <rect width="1200" height="300" fill="url(#g)"/>
    <circle cx="1080" cy="60" r="160" fill="#ffffff" fill-opacity="0.08"/>
    <circle cx="980" cy="300" r="120" fill="#ffffff" fill-opacity="0.06"/>
  </svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const file = await saveUpload({
    db,
    storage,
    data: image,
    originalName: 'dashboard-banner.png',
    purpose: 'dash',
    ownerUserId: people.admin.id,
    uploadedByUserId: people.admin.id,
  });
  await createDashboardBanner(db, file.id, people.admin.id);
}

/**
 * Supplier links (spec 2 "Supplier Links tab"): a handful per supplier, most carrying the dealer's
 * code or name as a REST parameter; click counts either side of the usage goal; one deleted link.
 */
async function seedLinks(db: Executor, catalogue: DemoCatalogue, people: DemoPeople) {
  const { metro, kasi, coast, legacy } = catalogue.suppliers;
  const code = (q: string, variable = 'DEALER_CODE') => ({
    id: `${q}-${variable}`,
    q,
    var: variable,
    is_static: false,
  });
  const fixed = (q: string, value: string) => ({ id: `${q}-static`, q, var: value, is_static: true });
  const link = (
    supplierId: number,
    linkName: string,
    linkAddress: string,
    restVar: ReturnType<typeof code>[],
    clickCount: number,
  ) => ({
    supplierId,
    linkName,
    linkAddress,
    restVar,
    clickCount,
    lastClickedAt: clickCount ? new Date('2026-11-20T09:30:00Z') : null,
    createdBy: people.admin.id,
  });
  await createSupplierLinks(db, [
    link(metro.id, 'Fibre Coverage Check', 'https://coverage.metrofibre.example/check', [code('agent')], 14),
    link(
      metro.id,
      'Apply for Fibre',
      'https://apply.metrofibre.example/signup',
      [code('ref'), code('dealer', 'DEALER_NAME'), fixed('src', 'dealer-portal')],
      9,
    ),
    link(metro.id, 'Fibre Product Catalogue', 'https://metrofibre.example/products', [], 3),
    link(
      metro.id,
      'Installation Tracker',
      'https://track.metrofibre.example/orders',
      [code('dealer_code'), code('product', 'FIBRE_DEALER_CODE')],
      5,
    ),
    link(metro.id, 'Dealer Training Videos', 'https://learn.metrofibre.example/dealers', [fixed('lang', 'en')], 0),
    link(metro.id, 'Price List (PDF)', 'https://metrofibre.example/files/price-list.pdf', [], 1),
    link(
      kasi.id,
      'SIM Activation Portal',
      'https://activate.kasimobile.example/',
      [code('agent_id'), code('sim_ref', 'MOBILE_DEALER_CODE')],
      22,
    ),
    link(
      kasi.id,
      'Contract Application',
      'https://kasimobile.example/contract/apply',
      [code('dealer'), code('shop', 'DEALER_NAME')],
      6,
    ),
    link(
      kasi.id,
      'LTE Router Deals',
      'https://kasimobile.example/lte?utm_source=portal',
      [code('ref', 'FIXED_LTE_DEALER_CODE')],
      2,
    ),
    link(kasi.id, 'RICA Guidelines', 'https://kasimobile.example/help/rica', [], 0),
    link(coast.id, 'Coastline Coverage Map', 'https://coastlinefibre.example/map', [code('agent')], 4),
    link(
      coast.id,
      'Coastline Sign-up',
      'https://coastlinefibre.example/join',
      [code('ref'), code('name', 'DEALER_NAME')],
      7,
    ),
    link(coast.id, 'Support Desk', 'https://support.coastlinefibre.example/', [], 1),
    link(legacy.id, 'Legacy Account Lookup', 'https://legacytelecom.example/accounts', [code('agent')], 0),
  ]);
  await createSupplierLinks(db, [
    {
      ...link(metro.id, 'Old Promotion (deleted)', 'https://metrofibre.example/promo-2025', [code('ref')], 11),
      isActive: false,
    },
  ]);
}

/** The demo world: reproducible, in one transaction (all or nothing); a banner image needs `storage`. */
/**
 * Support and credit applications (issue 16; decision 033): the leader has one of each state, about
 * one active dealer in five has some history, and the agent persona a settled loan and a declined
 * request, so their available credit and support stay whole for a first try.
 */
async function seedFinance(db: Executor, people: DemoPeople, random: Random, today: Date) {
  const by = { createdBy: people.admin.id };
  const daysAgo = (days: number) => addDays(today, -days);
  const { leader, agent } = people;
  await createSupportApplicationRow(
    db,
    leader,
    [
      { type: 'Advance', valueCents: 150_000 },
      { type: 'Expense paid on behalf of agent', valueCents: 32_500 },
    ],
    { ...by, createdAt: daysAgo(3) },
  );
  await createSupportApplicationRow(db, leader, [{ type: 'Unsecured Loan', valueCents: 400_000 }], {
    ...by,
    status: 'approved',
    createdAt: daysAgo(60),
  });
  await createCreditApplicationRow(db, leader, {
    ...by,
    creditType: 'Unsecured Loan',
    requestValueCents: 1_200_000,
    outstandingAmountCents: 850_000,
    months: 12,
    monthlyPaymentCents: 100_000,
    maxCreditCents: 2_000_000,
    cosigner: agent,
    asset: { type: 'Vehicle', description: 'Toyota Hilux 2.4 GD-6 (2019)', uniqueNumber: 'AHTFR22G306012345' },
    createdAt: daysAgo(95),
  });
  await createCreditApplicationRow(db, agent, {
    ...by,
    creditType: 'Advance',
    requestValueCents: 150_000,
    settled: true,
    months: 3,
    monthlyPaymentCents: 50_000,
    maxCreditCents: 500_000,
    createdAt: daysAgo(140),
  });
  await createSupportApplicationRow(db, agent, [{ type: 'Advance', valueCents: 90_000 }], {
    ...by,
    status: 'declined',
    createdAt: daysAgo(40),
  });
  const types = ['Unsecured Loan', 'Advance', 'Expense paid on behalf of agent'] as const;
  const others = people.everyone.filter(
    (user) => user.id !== leader.id && user.id !== agent.id && user.refsUserLifecycleStatusId === 2 && !user.isAdmin,
  );
  for (const user of others) {
    if (!random.chance(0.2)) continue;
    const items = Array.from({ length: random.int(1, 3) }, () => ({
      type: random.pick(types),
      valueCents: random.int(5, 60) * 1_000,
    }));
    await createSupportApplicationRow(db, user, items, {
      ...by,
      status: random.pick(['pending', 'approved', 'approved', 'declined'] as const),
      createdAt: daysAgo(random.int(1, 200)),
    });
    if (random.chance(0.5)) {
      const requestValueCents = random.int(5, 40) * 10_000;
      const months = random.pick([3, 6]);
      const settled = random.chance(0.4);
      await createCreditApplicationRow(db, user, {
        ...by,
        creditType: random.pick(types),
        requestValueCents,
        settled,
        outstandingAmountCents: settled ? 0 : Math.round((requestValueCents * random.int(2, 10)) / 10),
        months,
        monthlyPaymentCents: Math.ceil(requestValueCents / months),
        createdAt: daysAgo(random.int(1, 300)),
      });
    }
  }
}

export async function seedDemo(
  db: Database,
  today = new Date(),
  options: { storage?: FileStorage; esign?: ESign } = {},
): Promise<{ catalogue: DemoCatalogue; people: DemoPeople }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const random = createRandom();
    const catalogue = await seedCatalogue(tx);
    const people = await seedPeople(tx, catalogue, random, passwordHash);
    const more = await seedSupplierAdmin(tx, catalogue, people);
    await seedLinks(tx, catalogue, people);
    await seedActivity(tx, catalogue, people, random, today, [more.vuma, more.sky]);
    await seedCommissionCycle(tx, people, random, today);
    await seedSettings(tx, people, options.storage);
    await seedFinance(tx, people, random, today);
    await seedUniversity(tx, {
      suppliers: catalogue.suppliers,
      productTypes: catalogue.productTypes,
      admin: people.admin,
      agent: people.agent,
      learners: people.everyone.filter((user) => user.refsUserLifecycleStatusId === 2 && !user.isAdmin),
      chance: (p) => random.chance(p),
      storage: options.storage,
    });
    // Contracts are PDFs in the storage with links keyed by the server's secret: both are needed.
    if (options.storage && options.esign) await seedContracts(tx, people, options.storage, options.esign, today);
    await seedSiza(tx, people, options.storage, today);
    await seedCommissionCalculation(tx, today);
    return { catalogue, people };
  });
}
