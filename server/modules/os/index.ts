/** The os module of the reference API (to be implemented). */
import type { ServerModule } from '../../context';

export const osModule: ServerModule = {
  name: 'os',
  schema: '',
  routes() {},
};
