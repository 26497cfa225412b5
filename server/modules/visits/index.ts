/**
 * The visits module of the reference API (spec part 2 §3.2, §4.2, §7):
 * inspections of real estates with nested checklists, a state machine
 * (todo → start → draft or terminate) acted by the assignee, take-over, files
 * and a fiche per visit.
 */
import type { ServerModule } from '../../context';
import { visitsSchema } from './schema';
import { visitRoutes } from './routes';
import { saveRoute } from './save-route';
import { seedVisits } from './seed';

export const visitsModule: ServerModule = {
  name: 'visits',
  schema: visitsSchema,
  routes: async (app, ctx) => {
    visitRoutes(app, ctx);
    await saveRoute(app, ctx);
  },
  seed: seedVisits,
};
