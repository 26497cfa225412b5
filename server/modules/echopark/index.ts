/**
 * The echopark module of the reference API (spec part 2 §2.1, §3.1, §4.1, §5, §7):
 * community requests created on a property tree, moved along a step workflow,
 * with messages, photos, a progress form and debriefings. Users belong to
 * communities and act in their current one (users.echopark_main_community_id).
 */
import type { ServerModule } from '../../context';
import { echoparkSchema } from './schema';
import { requestRoutes } from './request-routes';
import { actionRoutes } from './action-routes';
import { seedEchopark } from './seed';

export const echoparkModule: ServerModule = {
  name: 'echopark',
  schema: echoparkSchema,
  routes(app, ctx) {
    requestRoutes(app, ctx);
    actionRoutes(app, ctx);
  },
  seed: seedEchopark,
};
