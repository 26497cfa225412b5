/**
 * The OS dashboards (spec part 1 §3 "OS dashboard fields"): counts of the OS
 * the caller sees in the places of each list filter, and can-flags by role.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { OS_LIST_FILTERS, mayActAt, type OsPlace } from '../../../sync/contract/os-workflow';
import type { OsDashboard } from '../../../sync/contract/os';
import { mayCreate, osVisibility } from './access';

export function osDashboardOf(db: Db, user: AuthUser): OsDashboard {
  const clause = osVisibility(db, user);
  const count = (places: OsPlace[]) =>
    (
      db
        .prepare(`SELECT COUNT(*) AS n FROM work_validation_requests w WHERE ${clause.sql} AND w.place IN (${places.map(() => '?').join(', ')})`)
        .get(...clause.params, ...places) as { n: number }
    ).n;
  const can = (place: OsPlace) => mayActAt(place, user.roles);
  return {
    countPurchaseOrderDT: count(['purchase_order_dt']),
    countPurchaseOrderDP: count(['purchase_order_dp']),
    countSignN1: count(['n1_signature']),
    countSignN2: count(['n2_signature']),
    countCompleteWorkValidationRequest: count([...OS_LIST_FILTERS[2]!]),
    countCreateOS: count(['os_creation']),
    countSendOS: count(['request_intervention_provider']),
    canPurchaseOrderDT: can('purchase_order_dt'),
    canPurchaseOrderDP: can('purchase_order_dp'),
    canSignN1: can('n1_signature'),
    canSignN2: can('n2_signature'),
    canCompleteWorkValidationRequest: can('request_completion'),
    canCreateOS: can('os_creation'),
    canSendOS: can('request_intervention_provider'),
    canCreateWorkValidationRequest: mayCreate(user),
  };
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const firm = ctx.config.firmPrefix;
  app.get(`/api/${firm}/dashboards/${firm}_owners/0`, async (request) => osDashboardOf(ctx.db, currentUser(request)));
  app.get(`/api/${firm}/dashboards/${firm}_providers/0`, async (request) => osDashboardOf(ctx.db, currentUser(request)));
}
