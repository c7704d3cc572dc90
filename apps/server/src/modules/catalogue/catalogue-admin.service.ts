import {
  PRODUCT_TYPE_NAME_TAKEN,
  PRODUCT_TYPE_NOT_FOUND,
  type ProductTypeList,
  type ProductTypeRequest,
  type ProductTypeRow,
  productTypeInUse,
} from '@portal/domain/catalogue/product-types';
import {
  centsToInput,
  MATCH_LIST_LIMIT,
  MATCH_MESSAGES,
  ogrFractionToPercent,
  ogrPercentToFraction,
  PRODUCT_MESSAGES,
  type ProductCardPage,
  type ProductDetail,
  type ProductMatches,
  type ProductMatchRequest,
  type ProductRequest,
  priceExclCentsToInclCents,
  priceInclVatToExclCents,
  randToCents,
} from '@portal/domain/catalogue/products';
import {
  type AssistRecipient,
  type CatalogueReferences,
  contactProblems,
  SUPPLIER_BANNER_REFUSED,
  SUPPLIER_MESSAGES,
  type SupplierDealList,
  type SupplierDetail,
  type SupplierListQuery,
  type SupplierPage,
  type SupplierRequest,
  shownLogoUrl,
  shownSupplierPhone,
  storedSupplierPhone,
} from '@portal/domain/catalogue/suppliers';
import { ASSIST_EMAIL_TYPE, TICKET_FLAG, TICKET_KINDS, type TicketKind } from '@portal/domain/tickets/tickets';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, type FieldError, notFound } from '../../platform/errors.ts';
import { assertActorCan } from '../../platform/permissions.ts';
import { isUsableImage, refusedFiles } from '../files/files.service.ts';
import {
  countOwnMatchParts,
  findActiveAdminIdsWith,
  findAdminIds,
  findContactTypes,
  findImportedProducts,
  findLiveDealsHoldingProduct,
  findLiveProductTypeIds,
  findProduct,
  findProductCardPage,
  findProductNames,
  findProductStatuses,
  findProductTypeById,
  findProductTypeByName,
  findProductTypes,
  findProductTypesInUse,
  findSupplier,
  findSupplierDeals,
  findSupplierPage,
  findSupplierParts,
  findSupplierStatuses,
  findSuppliers,
  insertProduct,
  insertProductType,
  insertSupplier,
  isProductStatus,
  isSupplierNameTaken,
  lockImportMatches,
  lockProduct,
  type ProductValues,
  replaceAssistRecipients,
  replaceSupplierContacts,
  replaceSupplierProductTypes,
  type SupplierValues,
  searchAdmins,
  setImportMatch,
  supplierOffersProductType,
  updateProduct,
  updateProductType,
  updateSupplier,
  upsertSupplierBanner,
} from './catalogue.queries.ts';

// The catalogue's admin screens (spec 3 §2.12, §5.5, §5.6): product types, suppliers with their
// contacts, product types, assist e-mail recipients and banner, products and import matches.
// Every admin may use them ('manage catalogue'); a supplier's deals need the Deals flag, and each
// of its assist e-mail lists (sales-assist recipients are e-mailed every lead's customer name and
// phone, agent-support ones every ticket's dealer and note) is changed only by an admin holding
// that console's flag, and names admins holding it (decisions 068 and 078).

type Request = FastifyRequest | undefined;

/**
 * Decisions 068 and 078: each assist e-mail list (refs_supplier_assist_email_type, ASSIST_EMAIL_TYPE)
 * belongs to its helpdesk console, whose flag is TICKET_FLAG[kind]: only an admin holding the flag
 * changes the list (`manage {subject}`), a recipient added to it holds the flag, and every change
 * leaves its own audit row.
 */
const RECIPIENT_LIST = {
  sales_assist: {
    field: 'salesAssistRecipientIds',
    subject: 'sales-assist',
    message: SUPPLIER_MESSAGES.salesRecipient,
    auditAction: 'supplier.sales_assist_recipients',
  },
  agent_support: {
    field: 'agentSupportRecipientIds',
    subject: 'agent-support',
    message: SUPPLIER_MESSAGES.supportRecipient,
    auditAction: 'supplier.agent_support_recipients',
  },
} as const satisfies Record<
  TicketKind,
  { field: keyof SupplierRequest; subject: string; message: string; auditAction: string }
>;

/** A supplier's recipient ids by list. */
type RecipientIds = Record<TicketKind, number[]>;
const NO_RECIPIENTS: RecipientIds = { sales_assist: [], agent_support: [] };
const recipientIdsOf = (input: SupplierRequest): RecipientIds => ({
  sales_assist: input.salesAssistRecipientIds,
  agent_support: input.agentSupportRecipientIds,
});

const PRODUCT_NAMES_LIMIT = 500;
const DEALS_LIMIT = 100;

const mayManage = (actor: Actor) => assertActorCan(actor, 'manage', 'catalogue');

// --- Product types ---------------------------------------------------------------------------

export async function productTypeList(db: Executor, actor: Actor): Promise<ProductTypeList> {
  mayManage(actor);
  return { items: await findProductTypes(db) };
}

const nameTaken = () => conflict(PRODUCT_TYPE_NAME_TAKEN, [{ field: 'name', message: PRODUCT_TYPE_NAME_TAKEN }]);

/** A new product type; a deleted one of the same name is taken up again. */
export async function addProductType(
  db: Database,
  actor: Actor,
  input: ProductTypeRequest,
  request?: Request,
): Promise<ProductTypeRow> {
  mayManage(actor);
  const existing = await findProductTypeByName(db, input.name);
  if (existing && !existing.isDeleted) throw nameTaken();
  return db.transaction(async (tx) => {
    const row = existing
      ? (await updateProductType(tx, existing.id, { name: input.name, isDeleted: false }))!
      : await insertProductType(tx, input.name);
    await writeAudit(tx, {
      actor,
      action: existing ? 'product_type.restore' : 'product_type.create',
      entity: 'product_types',
      entityId: row.id,
      after: { name: row.name },
      request,
    });
    return row;
  });
}

export async function renameProductType(
  db: Database,
  actor: Actor,
  id: number,
  input: ProductTypeRequest,
  request?: Request,
): Promise<ProductTypeRow> {
  mayManage(actor);
  const current = await findProductTypeById(db, id);
  if (!current || current.isDeleted) throw notFound(PRODUCT_TYPE_NOT_FOUND);
  const sameName = await findProductTypeByName(db, input.name);
  if (sameName && sameName.id !== id) throw nameTaken();
  return db.transaction(async (tx) => {
    const row = (await updateProductType(tx, id, { name: input.name }))!;
    await writeAudit(tx, {
      actor,
      action: 'product_type.update',
      entity: 'product_types',
      entityId: id,
      before: { name: current.name },
      after: { name: row.name },
      request,
    });
    return row;
  });
}

/** Refused while live deals or products are of one of the types (decision 065). */
async function refuseTypesInUse(db: Executor, typeIds: number[], supplierId?: number): Promise<void> {
  const inUse = await findProductTypesInUse(db, typeIds, supplierId);
  if (!inUse.length) return;
  const message = productTypeInUse(inUse.map((type) => type.name));
  throw conflict(
    message,
    [{ field: supplierId === undefined ? 'id' : 'productTypeIds', message }],
    'PRODUCT_TYPE_IN_USE',
  );
}

export async function deleteProductType(db: Database, actor: Actor, id: number, request?: Request) {
  mayManage(actor);
  const current = await findProductTypeById(db, id);
  if (!current || current.isDeleted) throw notFound(PRODUCT_TYPE_NOT_FOUND);
  await refuseTypesInUse(db, [id]);
  await db.transaction(async (tx) => {
    await updateProductType(tx, id, { isDeleted: true });
    await writeAudit(tx, {
      actor,
      action: 'product_type.delete',
      entity: 'product_types',
      entityId: id,
      before: { name: current.name, isDeleted: false },
      after: { isDeleted: true },
      request,
    });
  });
  return { ok: true as const };
}

// --- Reference lists -------------------------------------------------------------------------

export async function catalogueReferences(db: Executor, actor: Actor): Promise<CatalogueReferences> {
  mayManage(actor);
  const [supplierStatuses, contactTypes, productStatuses, productTypes, suppliers] = [
    await findSupplierStatuses(db),
    await findContactTypes(db),
    await findProductStatuses(db),
    await findProductTypes(db),
    await findSuppliers(db, { includeHidden: true }),
  ];
  return { supplierStatuses, contactTypes, productStatuses, productTypes, suppliers };
}

export async function assistRecipientOptions(
  db: Executor,
  actor: Actor,
  search: string,
  kind?: TicketKind,
): Promise<{ items: AssistRecipient[] }> {
  mayManage(actor);
  return { items: await searchAdmins(db, search, kind ? TICKET_FLAG[kind] : undefined) };
}

// --- Suppliers -------------------------------------------------------------------------------

export async function supplierPage(db: Executor, actor: Actor, query: SupplierListQuery): Promise<SupplierPage> {
  mayManage(actor);
  const { rows, total } = await findSupplierPage(db, query);
  return {
    items: rows.map((row) => ({
      ...row,
      logoUrl: shownLogoUrl(row.logoUrl),
      lastUpdated: row.lastUpdated.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

async function liveSupplier(db: Executor, id: number) {
  const found = await findSupplier(db, id);
  if (!found) throw notFound(SUPPLIER_MESSAGES.notFound, 'SUPPLIER_NOT_FOUND');
  return found;
}

export async function supplierDetail(db: Executor, actor: Actor, id: number): Promise<SupplierDetail> {
  mayManage(actor);
  const { supplier, statusName } = await liveSupplier(db, id);
  const parts = await findSupplierParts(db, id);
  const recipientsOf = (type: number) =>
    parts.recipients
      .filter((row) => row.type === type)
      .map(({ id: userId, name, email }) => ({ id: userId, name, email }));
  return {
    id: supplier.id,
    supplierName: supplier.supplierName,
    supplierDescription: supplier.supplierDescription ?? '',
    supplierStatus: supplier.supplierStatus,
    statusName,
    logoUrl: shownLogoUrl(supplier.logoUrl) ?? '',
    regex: supplier.regex ?? '',
    orderNotes: supplier.orderNotes,
    orderNotesName: supplier.orderNotesName ?? '',
    reports: supplier.reports,
    reportsName: supplier.reportsName ?? '',
    reportsDisplayName: supplier.reportsDisplayName ?? '',
    customPage: supplier.customPage,
    customPageUrl: supplier.customPageUrl ?? '',
    leaderboard: supplier.leaderboard,
    salesAssist: supplier.salesAssist,
    salesAssistText: supplier.salesAssistText ?? '',
    agentAssist: supplier.agentAssist,
    agentAssistText: supplier.agentAssistText ?? '',
    productTypeIds: parts.productTypeIds,
    contacts: parts.contacts.map((contact) => ({
      contactTypeId: contact.contactTypeId,
      contactFirstName: contact.contactFirstName ?? '',
      contactSurname: contact.contactSurname ?? '',
      contactEmail: contact.contactEmail ?? '',
      contactNumber: shownSupplierPhone(contact.contactNumber),
    })),
    salesAssistRecipients: recipientsOf(ASSIST_EMAIL_TYPE.sales_assist),
    agentSupportRecipients: recipientsOf(ASSIST_EMAIL_TYPE.agent_support),
    bannerUrl: parts.bannerFileId ? `/api/files/${parts.bannerFileId}` : null,
    unmatchedImports: parts.unmatchedImports,
    lastUpdated: supplier.lastUpdated.toISOString(),
  };
}

/**
 * The checks the schema cannot make: the status and product types exist, the REQUIRED contact
 * types (as the database marks them, whatever the form said) are complete, the recipients are
 * admins (one added now to a list: an active admin holding its flag; `before` are the ones
 * already listed, decisions 068 and 078) and the name is free.
 */
async function refuseInvalidSupplier(
  db: Executor,
  input: SupplierRequest,
  before: RecipientIds,
  exceptId?: number,
): Promise<void> {
  const errors: FieldError[] = [];
  const after = recipientIdsOf(input);
  const [statuses, contactTypes, liveTypes, admins] = [
    await findSupplierStatuses(db),
    await findContactTypes(db),
    await findLiveProductTypeIds(db, input.productTypeIds),
    await findAdminIds(db, [...after.sales_assist, ...after.agent_support]),
  ];
  if (!statuses.some((status) => status.id === input.supplierStatus))
    errors.push({ field: 'supplierStatus', message: SUPPLIER_MESSAGES.status });
  if (input.productTypeIds.some((id) => !liveTypes.includes(id)))
    errors.push({ field: 'productTypeIds', message: SUPPLIER_MESSAGES.productType });
  for (const type of contactTypes) {
    const index = input.contacts.findIndex((contact) => contact.contactTypeId === type.id);
    const contact = input.contacts[index] ?? {
      contactFirstName: '',
      contactSurname: '',
      contactEmail: '',
      contactNumber: '',
    };
    for (const problem of contactProblems(contact, type.isRequired)) {
      errors.push({ field: `contacts.${index < 0 ? type.id : index}.${problem.field}`, message: problem.message });
    }
  }
  for (const kind of TICKET_KINDS) {
    const added = after[kind].filter((id) => !before[kind].includes(id));
    const holders = await findActiveAdminIdsWith(db, added, TICKET_FLAG[kind]);
    if (after[kind].some((id) => !admins.includes(id)) || added.some((id) => !holders.includes(id)))
      errors.push({ field: RECIPIENT_LIST[kind].field, message: RECIPIENT_LIST[kind].message });
  }
  if (errors.length) throw badRequest(errors[0]!.message, errors, 'VALIDATION_FAILED');
  if (await isSupplierNameTaken(db, input.supplierName, exceptId))
    throw conflict(SUPPLIER_MESSAGES.nameTaken, [{ field: 'supplierName', message: SUPPLIER_MESSAGES.nameTaken }]);
}

const orNull = (value: string) => value || null;

function supplierValues(input: SupplierRequest): SupplierValues {
  return {
    supplierName: input.supplierName,
    supplierDescription: input.supplierDescription,
    supplierStatus: input.supplierStatus,
    logoUrl: input.logoUrl,
    regex: orNull(input.regex),
    orderNotes: input.orderNotes,
    orderNotesName: orNull(input.orderNotesName),
    reports: input.reports,
    reportsName: orNull(input.reportsName),
    reportsDisplayName: orNull(input.reportsDisplayName),
    customPage: input.customPage,
    customPageUrl: orNull(input.customPageUrl),
    leaderboard: input.leaderboard,
    salesAssist: input.salesAssist,
    salesAssistText: orNull(input.salesAssistText),
    agentAssist: input.agentAssist,
    agentAssistText: orNull(input.agentAssistText),
  };
}

/** Contacts worth keeping: the filled ones, phone stored as +27XXXXXXXXX. */
const filledContacts = (input: SupplierRequest) =>
  input.contacts
    .filter((contact) =>
      [contact.contactFirstName, contact.contactSurname, contact.contactEmail, contact.contactNumber].some(Boolean),
    )
    .map((contact) => ({
      contactTypeId: contact.contactTypeId,
      contactFirstName: contact.contactFirstName,
      contactSurname: contact.contactSurname,
      contactEmail: contact.contactEmail.toLowerCase(),
      contactNumber: storedSupplierPhone(contact.contactNumber),
    }));

/** What the audit keeps of a supplier save (the parts beside the row). */
const savedParts = (input: SupplierRequest) => ({
  productTypeIds: input.productTypeIds,
  contactTypeIds: filledContacts(input).map((contact) => contact.contactTypeId),
  salesAssistRecipientIds: input.salesAssistRecipientIds,
  agentSupportRecipientIds: input.agentSupportRecipientIds,
});

async function saveSupplierParts(tx: Executor, supplierId: number, input: SupplierRequest) {
  await replaceSupplierContacts(tx, supplierId, filledContacts(input));
  await replaceSupplierProductTypes(tx, supplierId, input.productTypeIds);
  const after = recipientIdsOf(input);
  for (const kind of TICKET_KINDS) await replaceAssistRecipients(tx, supplierId, ASSIST_EMAIL_TYPE[kind], after[kind]);
}

const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The recipient lists as sets: a repeated id is one recipient, the order says nothing. */
const withUniqueRecipients = (input: SupplierRequest): SupplierRequest => ({
  ...input,
  salesAssistRecipientIds: uniqueIds(input.salesAssistRecipientIds),
  agentSupportRecipientIds: uniqueIds(input.agentSupportRecipientIds),
});

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * Decisions 068 and 078: who is e-mailed each kind's new tickets (a lead's customer name and phone;
 * a ticket's dealer and note) changes only by an admin holding that kind's flag (the usual 403);
 * the rest of the supplier form stays every admin's. `input` has its lists as sorted sets.
 */
function refuseRecipientChanges(actor: Actor, before: RecipientIds, input: SupplierRequest): void {
  const after = recipientIdsOf(input);
  for (const kind of TICKET_KINDS)
    if (!sameIds(before[kind], after[kind])) assertActorCan(actor, 'manage', RECIPIENT_LIST[kind].subject);
}

/** Every change of a recipient list leaves its own row, with the list before and after (sorted). */
async function auditRecipientChanges(
  tx: Executor,
  actor: Actor,
  supplierId: number,
  before: RecipientIds,
  input: SupplierRequest,
  request?: Request,
) {
  const after = recipientIdsOf(input);
  for (const kind of TICKET_KINDS) {
    if (sameIds(before[kind], after[kind])) continue;
    await writeAudit(tx, {
      actor,
      action: RECIPIENT_LIST[kind].auditAction,
      entity: 'suppliers_assist_email_index',
      entityId: supplierId,
      before: { userIds: before[kind] },
      after: { userIds: after[kind] },
      request,
    });
  }
}

/** The supplier, its contacts, product types and assist recipients in one transaction. */
export async function createSupplier(db: Database, actor: Actor, body: SupplierRequest, request?: Request) {
  mayManage(actor);
  const input = withUniqueRecipients(body);
  refuseRecipientChanges(actor, NO_RECIPIENTS, input);
  await refuseInvalidSupplier(db, input, NO_RECIPIENTS);
  return db.transaction(async (tx) => {
    const row = await insertSupplier(tx, supplierValues(input));
    await saveSupplierParts(tx, row.id, input);
    await auditRecipientChanges(tx, actor, row.id, NO_RECIPIENTS, input, request);
    await writeAudit(tx, {
      actor,
      action: 'supplier.create',
      entity: 'suppliers_master',
      entityId: row.id,
      after: { ...supplierValues(input), ...savedParts(input) },
      request,
    });
    return { id: row.id };
  });
}

export async function editSupplier(db: Database, actor: Actor, id: number, body: SupplierRequest, request?: Request) {
  mayManage(actor);
  const input = withUniqueRecipients(body);
  const before = await supplierDetail(db, actor, id);
  const recipientsBefore: RecipientIds = {
    sales_assist: uniqueIds(before.salesAssistRecipients.map((user) => user.id)),
    agent_support: uniqueIds(before.agentSupportRecipients.map((user) => user.id)),
  };
  refuseRecipientChanges(actor, recipientsBefore, input);
  await refuseInvalidSupplier(db, input, recipientsBefore, id);
  // The supplier keeps offering the types its live deals and products are of.
  await refuseTypesInUse(
    db,
    before.productTypeIds.filter((typeId) => !input.productTypeIds.includes(typeId)),
    id,
  );
  return db.transaction(async (tx) => {
    await updateSupplier(tx, id, supplierValues(input));
    await saveSupplierParts(tx, id, input);
    await auditRecipientChanges(tx, actor, id, recipientsBefore, input, request);
    await writeAudit(tx, {
      actor,
      action: 'supplier.update',
      entity: 'suppliers_master',
      entityId: id,
      before: {
        ...before,
        contactTypeIds: before.contacts.map((contact) => contact.contactTypeId),
        salesAssistRecipientIds: before.salesAssistRecipients.map((user) => user.id),
        agentSupportRecipientIds: before.agentSupportRecipients.map((user) => user.id),
      },
      after: { ...supplierValues(input), ...savedParts(input) },
      request,
    });
    return { id };
  });
}

/** The 'Add Banner' image: an image uploaded for a supplier banner (by any admin). */
export async function setSupplierBanner(db: Database, actor: Actor, id: number, fileId: string, request?: Request) {
  mayManage(actor);
  await liveSupplier(db, id);
  const refused = await refusedFiles(
    db,
    actor,
    [{ field: 'fileId', id: fileId, purpose: 'supplier_banner', message: SUPPLIER_BANNER_REFUSED }],
    { anyUploader: true },
  );
  if (refused.length || !(await isUsableImage(db, actor, fileId, { anyUploader: true })))
    throw badRequest(SUPPLIER_BANNER_REFUSED, [{ field: 'fileId', message: SUPPLIER_BANNER_REFUSED }]);
  await db.transaction(async (tx) => {
    await upsertSupplierBanner(tx, id, fileId, actor.user.id);
    await writeAudit(tx, {
      actor,
      action: 'supplier.banner',
      entity: 'supplier_banners',
      entityId: id,
      after: { storedFileId: fileId },
      request,
    });
  });
  return { bannerUrl: `/api/files/${fileId}` };
}

export async function supplierDeals(db: Executor, actor: Actor, id: number): Promise<SupplierDealList> {
  assertActorCan(actor, 'manage', 'deal');
  await liveSupplier(db, id);
  return findSupplierDeals(db, id, DEALS_LIMIT);
}

// --- Products --------------------------------------------------------------------------------

export async function productCards(
  db: Executor,
  actor: Actor,
  supplierId: number,
  page: number,
  pageSize: number,
): Promise<ProductCardPage> {
  mayManage(actor);
  await liveSupplier(db, supplierId);
  const { rows, total } = await findProductCardPage(db, supplierId, page, pageSize);
  return {
    items: rows.map(({ priceExclCents, ...row }) => ({
      ...row,
      logoUrl: shownLogoUrl(row.logoUrl),
      priceInclVatCents: priceExclCentsToInclCents(priceExclCents),
    })),
    page,
    pageSize,
    total,
  };
}

async function liveProduct(db: Executor, id: number) {
  const product = await findProduct(db, id);
  if (!product) throw notFound(PRODUCT_MESSAGES.notFound, 'PRODUCT_NOT_FOUND');
  return product;
}

export async function productDetail(db: Executor, actor: Actor, id: number): Promise<ProductDetail> {
  mayManage(actor);
  const product = await liveProduct(db, id);
  return {
    id: product.id,
    displayName: product.displayName,
    productDescription: product.productDescription ?? '',
    refsProductTypeId: product.refsProductTypeId,
    suppliersMasterId: product.suppliersMasterId,
    customerPrice: centsToInput(priceExclCentsToInclCents(product.customerPriceVatExclCents)),
    totalCommission: centsToInput(product.comOnceOffReceivableVatExclCents),
    ogrPercentage: ogrFractionToPercent(product.comOgrPercentageReceivable),
    revenuePoints: product.revenuePoints,
    refsProductStatusId: product.refsProductStatusId,
    customerPriceVatExclCents: product.customerPriceVatExclCents,
    comOgrPercentageReceivable: product.comOgrPercentageReceivable,
  };
}

/** The supplier must offer the product type, and the status must exist. */
async function refuseInvalidProduct(db: Executor, input: ProductRequest): Promise<void> {
  const errors: FieldError[] = [];
  if (!(await supplierOffersProductType(db, input.suppliersMasterId, input.refsProductTypeId)))
    errors.push({ field: 'suppliersMasterId', message: PRODUCT_MESSAGES.supplierOffers });
  if (!(await isProductStatus(db, input.refsProductStatusId)))
    errors.push({ field: 'refsProductStatusId', message: PRODUCT_MESSAGES.status });
  if (errors.length) throw badRequest(errors[0]!.message, errors, 'VALIDATION_FAILED');
}

function productValues(input: ProductRequest): ProductValues {
  return {
    displayName: input.displayName,
    productDescription: input.productDescription || null,
    suppliersMasterId: input.suppliersMasterId,
    refsProductTypeId: input.refsProductTypeId,
    customerPriceVatExclCents: priceInclVatToExclCents(input.customerPrice),
    comOnceOffReceivableVatExclCents: randToCents(input.totalCommission),
    comOgrPercentageReceivable: ogrPercentToFraction(input.ogrPercentage),
    revenuePoints: input.revenuePoints,
    refsProductStatusId: input.refsProductStatusId,
  };
}

export async function addProduct(
  db: Database,
  actor: Actor,
  supplierId: number,
  input: ProductRequest,
  request?: Request,
): Promise<{ id: number }> {
  mayManage(actor);
  await liveSupplier(db, supplierId);
  if (input.suppliersMasterId !== supplierId)
    throw badRequest(PRODUCT_MESSAGES.supplierOffers, [
      { field: 'suppliersMasterId', message: 'The product must be added to this supplier' },
    ]);
  await refuseInvalidProduct(db, input);
  return db.transaction(async (tx) => {
    const values = productValues(input);
    const row = await insertProduct(tx, values);
    await writeAudit(tx, {
      actor,
      action: 'product.create',
      entity: 'products_master',
      entityId: row.id,
      after: values,
      request,
    });
    return { id: row.id };
  });
}

/**
 * A live deal's rates are paid on the product's orders (the commission step reads the deal's
 * rows whatever the catalogue says), and the Deals screen shows and edits them only for a live
 * product of the deal's supplier and type (decision 058). So while a live deal holds the product
 * it keeps its supplier and type and is not deleted: remove it from the deal first (decision 065).
 */
async function refuseWhileInDeals(
  tx: Executor,
  productId: number,
  fits: (deal: { supplierId: number | null; productTypeId: number | null }) => boolean,
): Promise<void> {
  const holding = (await findLiveDealsHoldingProduct(tx, productId)).filter((deal) => !fits(deal));
  if (!holding.length) return;
  const message = PRODUCT_MESSAGES.inDeal(holding.map((deal) => deal.dealName));
  throw conflict(message, [{ field: 'suppliersMasterId', message }], 'PRODUCT_IN_DEAL');
}

export async function editProduct(db: Database, actor: Actor, id: number, input: ProductRequest, request?: Request) {
  mayManage(actor);
  await liveProduct(db, id);
  await refuseInvalidProduct(db, input);
  return db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    if (!before) throw notFound(PRODUCT_MESSAGES.notFound, 'PRODUCT_NOT_FOUND');
    await refuseWhileInDeals(
      tx,
      id,
      (deal) => deal.supplierId === input.suppliersMasterId && deal.productTypeId === input.refsProductTypeId,
    );
    const values = productValues(input);
    await updateProduct(tx, id, values);
    await writeAudit(tx, {
      actor,
      action: 'product.update',
      entity: 'products_master',
      entityId: id,
      before,
      after: values,
      request,
    });
    return { id };
  });
}

export async function deleteProduct(db: Database, actor: Actor, id: number, request?: Request) {
  mayManage(actor);
  await liveProduct(db, id);
  await db.transaction(async (tx) => {
    if (!(await lockProduct(tx, id))) throw notFound(PRODUCT_MESSAGES.notFound, 'PRODUCT_NOT_FOUND');
    await refuseWhileInDeals(tx, id, () => false);
    await updateProduct(tx, id, { isDeleted: true });
    await writeAudit(tx, {
      actor,
      action: 'product.delete',
      entity: 'products_master',
      entityId: id,
      before: { isDeleted: false },
      after: { isDeleted: true },
      request,
    });
  });
  return { ok: true as const };
}

// --- Import matches --------------------------------------------------------------------------

export async function productMatches(db: Executor, actor: Actor, supplierId: number): Promise<ProductMatches> {
  mayManage(actor);
  await liveSupplier(db, supplierId);
  const imported = await findImportedProducts(db, supplierId, MATCH_LIST_LIMIT);
  const products = await findProductNames(db, supplierId, PRODUCT_NAMES_LIMIT);
  return { ...imported, products };
}

/** Each chosen import gets its master product; both must be the supplier's. */
export async function saveProductMatches(
  db: Database,
  actor: Actor,
  supplierId: number,
  input: ProductMatchRequest,
  request?: Request,
) {
  mayManage(actor);
  await liveSupplier(db, supplierId);
  const byImport = new Map(input.matches.map((match) => [match.importId, match.productsMasterId]));
  const productIds = [...new Set(byImport.values())];
  const own = await countOwnMatchParts(db, supplierId, [...byImport.keys()], productIds);
  if (own.imports !== byImport.size || own.products !== productIds.length)
    throw badRequest(MATCH_MESSAGES.foreign, [{ field: 'matches', message: MATCH_MESSAGES.foreign }]);
  await db.transaction(async (tx) => {
    // What each import was matched to: a re-match decides which deal rates its next orders get.
    const before = await lockImportMatches(tx, supplierId, [...byImport.keys()]);
    for (const [importId, productsMasterId] of byImport)
      await setImportMatch(tx, supplierId, importId, productsMasterId);
    await writeAudit(tx, {
      actor,
      action: 'products_import.match',
      entity: 'products_import',
      entityId: supplierId,
      before: { matches: Object.fromEntries(before.map((row) => [row.id, row.productsMasterId])) },
      after: { matches: Object.fromEntries(byImport) },
      request,
    });
  });
  return productMatches(db, actor, supplierId);
}
