/**
 * The echopark module's door: what its screens read (typed watch… queries), the
 * pulls that refresh it (refresh…), and the named operations that write.
 * Screens use this facade only, never the store or the API.
 */
import type { EngineModule, ModuleContext } from './module';

function echoparkFacade(ctx: ModuleContext) {
  void ctx;
  return {};
}

export type EchoparkFacade = ReturnType<typeof echoparkFacade>;

export const echoparkModule = ((ctx: ModuleContext) => ({ facade: echoparkFacade(ctx) })) satisfies EngineModule;
