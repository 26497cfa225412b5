/**
 * The intervention dashboards (spec part 1 §3 "Intervention dashboard
 * fields"): counts over the interventions the caller can see, matching the
 * list filters the cards open, and can-flags by the caller's side.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import type { InterventionDashboard } from '../../../sync/contract/interventions';
import { sideOf, visibilityClause } from './access';

export function dashboardOf(db: Db, user: AuthUser): InterventionDashboard {
  const clause = visibilityClause(db, user);
  const count = (places: string[]) =>
    (
      db
        .prepare(`SELECT COUNT(*) AS n FROM intervention_requests ir WHERE ${clause.sql} AND ir.place IN (${places.map(() => '?').join(', ')})`)
        .get(...clause.params, ...places) as { n: number }
    ).n;
  const proposals = (
    db
      .prepare(
        `SELECT COUNT(DISTINCT ir.id) AS n FROM intervention_requests ir JOIN appointments a ON a.intervention_id = ir.id AND a.status = 1 WHERE ${clause.sql} AND ir.place = 'planning'`,
      )
      .get(...clause.params) as { n: number }
  ).n;
  const side = sideOf(user);
  const manager = side === 'manager';
  const provider = side === 'provider';
  return {
    // Requests with proposals waiting for the manager: what list filter 6 shows.
    countAppointments: proposals,
    canValidateAppointment: manager,
    countInProgressInterventionRequests: count(['in_progress']),
    canHandleReclaim: provider,
    countReclaims: count(['reclaim']),
    canHandleInterventionRequestToPlanned: provider,
    countInterventionRequestToPlanned: count(['planning', 'waiting']),
    canHandleInterventionRequestPlanned: provider,
    countInterventionRequestPlanned: count(['planned']),
  };
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/dashboards/owners/0', async (request) => dashboardOf(ctx.db, currentUser(request)));
  app.get('/api/dashboards/providers/0', async (request) => dashboardOf(ctx.db, currentUser(request)));
}
