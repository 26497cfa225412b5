/** The visits module of the reference API (to be implemented). */
import type { ServerModule } from '../../context';

export const visitsModule: ServerModule = {
  name: 'visits',
  schema: '',
  routes() {},
};
