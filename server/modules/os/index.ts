/**
 * The OS module of the reference API (work-validation requests, spec part 1
 * §3, §4, §7): requests whose approval path depends on the price, moved step
 * by step by the firm's roles (GT, GL, AT, DP, DT), with documents, messages
 * and dashboards.
 */
import type { ServerModule } from '../../context';
import { migrateOs, osSchema } from './schema';
import { osRoutes } from './routes';
import { seedOs } from './seed';

export const osModule: ServerModule = {
  name: 'os',
  schema: osSchema,
  migrate: migrateOs,
  routes: osRoutes,
  seed: seedOs,
};
