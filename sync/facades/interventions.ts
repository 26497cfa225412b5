/**
 * The interventions module's door: what its screens read (typed watch… queries), the
 * pulls that refresh it (refresh…), and the named operations that write.
 * Screens use this facade only, never the store or the API.
 */
import type { EngineModule, ModuleContext } from './module';

function interventionsFacade(ctx: ModuleContext) {
  void ctx;
  return {};
}

export type InterventionsFacade = ReturnType<typeof interventionsFacade>;

export const interventionsModule = ((ctx: ModuleContext) => ({ facade: interventionsFacade(ctx) })) satisfies EngineModule;
