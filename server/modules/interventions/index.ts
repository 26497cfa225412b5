/**
 * The interventions module of the reference API (spec part 1 §3–§7):
 * intervention requests and their workflow, appointments, debriefings,
 * ratings, messages and threads (of interventions and OS), the planning and
 * the dashboards. Managers see the requests of their real estates, providers
 * those addressed to their company.
 */
import type { ServerModule } from '../../context';
import { interventionsSchema } from './schema';
import { requestRoutes } from './request-routes';
import { workflowRoutes } from './workflow-routes';
import { debriefingRoutes } from './debriefing-routes';
import { messagingRoutes } from './messaging-routes';
import { dashboardRoutes } from './dashboard-routes';
import { seedInterventions } from './seed';
import { visibilityClause } from './access';

export const interventionsModule: ServerModule = {
  name: 'interventions',
  schema: interventionsSchema,
  routes(app, ctx) {
    requestRoutes(app, ctx);
    workflowRoutes(app, ctx);
    debriefingRoutes(app, ctx);
    messagingRoutes(app, ctx);
    dashboardRoutes(app, ctx);
    // Photos of a request or of its debriefings can be downloaded by whoever sees the request.
    ctx.mediaReaders.push((user, mediaId) => {
      const clause = visibilityClause(ctx.db, user);
      return (
        ctx.db
          .prepare(
            `SELECT 1 FROM intervention_requests ir WHERE ${clause.sql} AND ir.id IN (
               SELECT intervention_id FROM intervention_media WHERE media_id = ?
               UNION SELECT d.intervention_id FROM debriefing_media dm JOIN debriefings d ON d.id = dm.debriefing_id WHERE dm.media_id = ?)`,
          )
          .get(...clause.params, mediaId, mediaId) !== undefined
      );
    });
  },
  seed: seedInterventions,
};
