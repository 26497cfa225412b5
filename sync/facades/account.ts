/**
 * The account module's door: what its screens read (typed watch… queries), the
 * pulls that refresh it (refresh…), and the named operations that write.
 * Screens use this facade only, never the store or the API.
 */
import type { EngineModule, ModuleContext } from './module';

function accountFacade(ctx: ModuleContext) {
  void ctx;
  return {};
}

export type AccountFacade = ReturnType<typeof accountFacade>;

export const accountModule = ((ctx: ModuleContext) => ({ facade: accountFacade(ctx) })) satisfies EngineModule;
