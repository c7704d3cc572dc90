import { can } from '@portal/domain/access/permissions';
import type { StructureReport, StructureReportQuery } from '@portal/domain/orders/structure-report';
import { zCode } from '@portal/domain/people/z-code';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { permissionActor } from '../../platform/permissions.ts';
import { isInDownstream } from '../../platform/reach.queries.ts';
import { openSupplier } from '../catalogue/catalogue.service.ts';
import { type StructureRow, structureRows } from './structure-report.queries.ts';

const NO_PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";

/**
 * One node of the structure report with its children, for one supplier (404 unknown, 403 hidden or
 * not the viewer's) or all. The root is the viewer or a dealer of their
 * branch (a leader), anyone for an admin; the node opened is the root or someone below it.
 */
export async function structureReport(
  db: Database,
  actor: Actor,
  query: StructureReportQuery,
): Promise<StructureReport> {
  const rootId = query.rootId ?? actor.user.id;
  const nodeId = query.nodeId ?? rootId;
  const relation =
    rootId === actor.user.id ? 'self' : (await isInDownstream(db, actor.user.id, rootId)) ? 'downstream' : 'other';
  if (!can(permissionActor(actor), 'read', 'structure-report', { id: rootId, relation })) {
    throw forbidden(NO_PERMISSION);
  }
  if (!(await isInDownstream(db, rootId, nodeId))) throw badRequest('The dealer is not in this structure');
  // The report is a tab of the supplier page: only for a supplier whose page the viewer may open.
  if (query.supplierId !== undefined) {
    await openSupplier(db, { id: actor.user.id, isAdmin: actor.user.isAdmin }, query.supplierId);
  }

  const rows = await structureRows(db, {
    nodeId,
    rootId,
    supplierId: query.supplierId ?? null,
    from: query.from,
    to: query.to,
  });
  const node = rows.find((row) => row.isNode);
  if (!node) throw notFound(`No dealer ${zCode(nodeId)}`);
  const toNode = (row: StructureRow) => ({
    id: row.id,
    zCode: zCode(row.id),
    firstName: row.firstName,
    surname: row.surname,
    level: row.depthFromRoot + 1,
    children: row.children,
    totals: { created: row.created, paid: row.paid, installed: row.installed, activated: row.activated },
  });
  return { node: toNode(node), children: rows.filter((row) => !row.isNode).map(toNode) };
}
