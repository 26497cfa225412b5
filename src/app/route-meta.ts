/**
 * Route metadata (spec part 1 §2): page title, access kind, the module whose
 * roles it needs, and which bars to show. Read by the guards, the top bar and
 * the nav bar.
 */
import type { Access, ModuleKey, NavVariant } from '../domain/access';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: string;
    access?: Access;
    /** The module whose roles the route needs (domain/access.ts MODULE_ROLES); none: any signed-in user. */
    module?: ModuleKey;
    hideTopBar?: boolean;
    hideNav?: boolean;
    nav?: NavVariant;
  }
}

export {};
