/** Core module: session, account, version, contact form and reference data. */
import type { ServerModule } from '../../context';
import { sessionRoutes } from './session-routes';
import { codeRoutes } from './code-routes';
import { accountRoutes } from './account-routes';
import { referenceRoutes } from './reference-routes';
import { hashUploadsInline } from '../../http/uploads';

export const coreModule: ServerModule = {
  name: 'core',
  schema: '',
  routes(app, ctx) {
    hashUploadsInline(ctx.config.inlineHeavyWork === true);
    sessionRoutes(app, ctx);
    codeRoutes(app, ctx);
    accountRoutes(app, ctx);
    referenceRoutes(app, ctx);
  },
  seed(ctx, world, { now }) {
    const insert = ctx.db.prepare(`INSERT INTO notifications (user_id, content, created_at) VALUES (?, ?, ?)`);
    insert.run(world.users.gestionnaire, 'Un prestataire a proposé un rendez-vous à valider.', now.toISOString());
    insert.run(world.users.prestataire, "Une nouvelle demande d'intervention vous a été attribuée.", now.toISOString());
  },
};
