import { randomUUID } from 'node:crypto';
import { can } from '@portal/domain/access/permissions';
import {
  buildLinkAddress,
  type CreateLinkRequest,
  dealerVariables,
  isSafeLinkAddress,
  LINK_MESSAGES,
  type LinkAddress,
  type LinkDealer,
  type LinkParameter,
  type LinkRequest,
  type LinksQuery,
  type SupplierLink,
  type SupplierLinkPage,
} from '@portal/domain/links/supplier-links';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { permissionActor } from '../../platform/permissions.ts';
import { openSupplier, supplierProductTypeNames } from '../catalogue/catalogue.service.ts';
import type { SupplierLinkRestVar } from './links.queries.ts';
import {
  countClick,
  type DealerRow,
  findLink,
  findLinkDealer,
  findLinks,
  insertLink,
  type LinkRow,
  lockLink,
  markLinkInactive,
  updateLink,
} from './links.queries.ts';

// Supplier links (spec 2 "Supplier Links tab", §3, §4, §5). Whoever may open a supplier's page sees
// its active links; admins add, edit and delete them (audited; delete is soft). Opening a link
// builds its address for the signed-in dealer on the server (the browser never supplies the dealer
// variables) and counts the click. A change is announced to open pages ('supplier-links.changed',
// with the supplier's id only) once it commits.

export const LINKS_CHANGED = 'supplier-links.changed';
const announce = (tx: Executor, supplierId: number) =>
  publish(tx, 'all', { type: LINKS_CHANGED, data: { supplierId } });

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

const toIso = (value: string | Date | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const viewerOf = (actor: Actor) => ({ id: actor.user.id, isAdmin: actor.user.isAdmin });
const isLinkAdmin = (actor: Actor) => can(permissionActor(actor), 'manage', 'supplier-link');

const parametersOf = (restVar: SupplierLinkRestVar[]): LinkParameter[] =>
  restVar.map((entry) => ({ name: entry.q, value: entry.var, isStatic: entry.is_static }));

const dealerOf = (row: DealerRow): LinkDealer => ({
  id: Number(row.id),
  companyName: row.company_name,
  firstName: row.first_name,
  surname: row.surname,
});

function toLink(row: LinkRow, withSource: boolean): SupplierLink {
  return {
    id: Number(row.id),
    supplierId: Number(row.supplier_id),
    name: row.link_name,
    // Static values may be partner keys: only admins, who edit links, read the saved parts.
    address: withSource ? row.link_address : null,
    parameters: withSource ? parametersOf(row.rest_var) : null,
    clickCount: Number(row.click_count),
    lastClickedAt: toIso(row.last_clicked_at),
  };
}

/** The supplier's active links, a page of them, for anyone who may open the supplier's page. */
export async function supplierLinks(db: Executor, actor: Actor, query: LinksQuery): Promise<SupplierLinkPage> {
  await openSupplier(db, viewerOf(actor), query.supplierId);
  const rows = await findLinks(db, {
    supplierId: query.supplierId,
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const admin = isLinkAdmin(actor);
  return {
    items: rows.map((row) => toLink(row, admin)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
    variables: dealerVariables(await supplierProductTypeNames(db, query.supplierId)),
  };
}

/**
 * The active link, when the actor may open its supplier's page; otherwise 404, as if there were
 * no such link (another supplier's links are not revealed).
 */
async function visibleLink(db: Executor, actor: Actor, linkId: number): Promise<LinkRow> {
  const link = await findLink(db, linkId);
  if (!link) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
  try {
    await openSupplier(db, viewerOf(actor), Number(link.supplier_id));
  } catch (error) {
    if (error instanceof AppError) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
    throw error;
  }
  return link;
}

/** The link's address built for the signed-in dealer (the Share Link dialog); no click counted. */
export async function linkAddressFor(db: Executor, actor: Actor, linkId: number): Promise<LinkAddress> {
  const link = await visibleLink(db, actor, linkId);
  const dealer = await findLinkDealer(db, actor.user.id);
  if (!dealer) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
  return { address: safeAddress(buildLinkAddress(link.link_address, parametersOf(link.rest_var), dealerOf(dealer))) };
}

/** Opens a link: counts the click (and its time) and returns the address built for the signed-in dealer. */
export async function openLink(db: Executor, actor: Actor, linkId: number): Promise<LinkAddress> {
  const link = await visibleLink(db, actor, linkId);
  const clicked = await countClick(db, { linkId, supplierId: Number(link.supplier_id), userId: actor.user.id });
  if (!clicked) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
  return {
    address: safeAddress(buildLinkAddress(clicked.link_address, parametersOf(clicked.rest_var), dealerOf(clicked))),
  };
}

/** Never hand the page an address it should not open, whatever an old row holds. */
function safeAddress(address: string): string {
  if (!isSafeLinkAddress(address)) throw badRequest(LINK_MESSAGES.unsafeAddress, undefined, 'UNSAFE_LINK_ADDRESS');
  return address;
}

/** The parameters as stored; a dealer variable must be one the supplier offers. */
async function restVarOf(db: Executor, supplierId: number, request: LinkRequest): Promise<SupplierLinkRestVar[]> {
  const variables = new Set(dealerVariables(await supplierProductTypeNames(db, supplierId)));
  const unknown = request.parameters.findIndex((parameter) => !parameter.isStatic && !variables.has(parameter.value));
  if (unknown !== -1) {
    throw badRequest(
      LINK_MESSAGES.unknownVariable,
      [{ field: `parameters.${unknown}.value`, message: LINK_MESSAGES.unknownVariable }],
      'UNKNOWN_DEALER_VARIABLE',
    );
  }
  return request.parameters.map((parameter) => ({
    id: randomUUID(),
    q: parameter.name,
    var: parameter.value,
    is_static: parameter.isStatic,
  }));
}

const audited = (link: { name: string; address: string; restVar: SupplierLinkRestVar[] }) => ({
  linkName: link.name,
  linkAddress: link.address,
  restVar: link.restVar.map(({ q, var: value, is_static }) => ({ q, var: value, is_static })),
});

async function linkById(db: Executor, id: number): Promise<SupplierLink> {
  const row = await findLink(db, id);
  if (!row) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
  return toLink(row, true);
}

/** Adds a link to a supplier (admins; the route's guard). */
export async function addLink(
  db: Database,
  actor: Actor,
  request: CreateLinkRequest,
  http?: Request,
): Promise<SupplierLink> {
  await openSupplier(db, viewerOf(actor), request.supplierId);
  const restVar = await restVarOf(db, request.supplierId, request);
  const id = await db.transaction(async (tx) => {
    const link = { name: request.name, address: request.address, restVar };
    const linkId = await insertLink(tx, { ...link, supplierId: request.supplierId, createdBy: actor.user.id });
    await writeAudit(tx, {
      actor,
      action: 'supplier-link.create',
      entity: 'suppliers_link_index',
      entityId: linkId,
      after: { supplierId: request.supplierId, ...audited(link) },
      request: http,
    });
    await announce(tx, request.supplierId);
    return linkId;
  });
  return linkById(db, id);
}

/** Edits a link's name, address and parameters (admins). */
export async function editLink(
  db: Database,
  actor: Actor,
  linkId: number,
  request: LinkRequest,
  http?: Request,
): Promise<SupplierLink> {
  await db.transaction(async (tx) => {
    const before = await lockLink(tx, linkId);
    if (!before) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
    const restVar = await restVarOf(tx, Number(before.supplier_id), request);
    const link = { name: request.name, address: request.address, restVar };
    await updateLink(tx, linkId, link);
    await writeAudit(tx, {
      actor,
      action: 'supplier-link.update',
      entity: 'suppliers_link_index',
      entityId: linkId,
      before: audited({ name: before.link_name, address: before.link_address, restVar: before.rest_var }),
      after: audited(link),
      request: http,
    });
    await announce(tx, Number(before.supplier_id));
  });
  return linkById(db, linkId);
}

/** Soft delete (spec 2 §4): the link leaves the list; the row stays, inactive. */
export async function deleteLink(db: Database, actor: Actor, linkId: number, http?: Request): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const link = await lockLink(tx, linkId);
    if (!link) throw notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');
    await markLinkInactive(tx, linkId);
    await writeAudit(tx, {
      actor,
      action: 'supplier-link.delete',
      entity: 'suppliers_link_index',
      entityId: linkId,
      before: { isActive: true, linkName: link.link_name },
      after: { isActive: false, linkName: link.link_name },
      request: http,
    });
    await announce(tx, Number(link.supplier_id));
  });
  return { ok: true };
}
