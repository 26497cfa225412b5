/**
 * Seeds the demo world in one transaction: the core world, then each module's
 * objects. Dates are placed around `now` so that the demo is always fresh.
 */
import type { AppContext, SeedOptions } from '../context';
import { modules } from '../modules/registry';
import { seedWorld, type World } from './world';

export function seedDemo(ctx: AppContext, options: Partial<SeedOptions> = {}): World {
  const full: SeedOptions = { scale: options.scale ?? 0, now: options.now ?? new Date() };
  return ctx.db.transaction(() => {
    const world = seedWorld(ctx);
    for (const module of modules) module.seed?.(ctx, world, full);
    ctx.db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ?)`).run(full.now.toISOString());
    return world;
  })();
}
