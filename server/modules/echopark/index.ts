/** The echopark module of the reference API (to be implemented). */
import type { ServerModule } from '../../context';

export const echoparkModule: ServerModule = {
  name: 'echopark',
  schema: '',
  routes() {},
};
