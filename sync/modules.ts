/**
 * The app's modules, plugged into the generic engine: each brings its facade
 * (engine.os, engine.interventions, …) and its hooks (refetch after a refusal,
 * start, stop, unsent work). A new module is one entry here.
 */
import { accountModule } from './facades/account';
import { echoparkModule } from './facades/echopark';
import { interventionsModule } from './facades/interventions';
import { osModule } from './facades/os';
import { visitsModule, type VisitsEnv } from './facades/visits';
import type { AccountEnv } from './facades/account';

export const appModules = (env: VisitsEnv & AccountEnv) => ({
  os: osModule,
  interventions: interventionsModule,
  echopark: echoparkModule,
  visits: visitsModule(env),
  account: accountModule(env),
});

export type AppModules = ReturnType<typeof appModules>;
