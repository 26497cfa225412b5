/**
 * Migration strategies of the local store's collections, by collection then
 * by target version. A schema change bumps `version` in schemas.ts and adds
 * here the function that turns an old document into the new shape, so a
 * user's offline work survives an app update.
 */
import type { MigrationStrategies } from 'rxdb';

export const migrationStrategies: Record<string, MigrationStrategies> = {};
