/** The interventions module of the reference API (to be implemented). */
import type { ServerModule } from '../../context';

export const interventionsModule: ServerModule = {
  name: 'interventions',
  schema: '',
  routes() {},
};
