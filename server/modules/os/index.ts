/**
 * The OS module of the reference API (work-validation requests, spec part 1
 * §3, §4, §7): requests whose approval path depends on the price, moved step
 * by step by the firm's roles (GT, GL, AT, DP, DT), with documents, messages
 * and dashboards.
 */
import type { ServerModule } from '../../context';
import { osSchema } from './schema';
import { osRoutes } from './routes';
import { seedOs } from './seed';
import { osVisibility } from './access';

export const osModule: ServerModule = {
  name: 'os',
  schema: osSchema,
  routes(app, ctx) {
    osRoutes(app, ctx);
    ctx.mediaReaders.push((user, mediaId) => {
      const clause = osVisibility(ctx.db, user);
      return ctx.db.prepare(`SELECT 1 FROM work_validation_requests w JOIN work_validation_media wm ON wm.request_id = w.id WHERE wm.media_id = ? AND ${clause.sql}`).get(mediaId, ...clause.params) !== undefined;
    });
  },
  seed: seedOs,
};
