/**
 * Route metadata (spec part 1 §2): page title, access kind, and which bars to
 * show. Read by the guards, the top bar and the nav bar.
 */
import type { Access, NavVariant } from '../domain/access';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: string;
    access?: Access;
    hideTopBar?: boolean;
    hideNav?: boolean;
    nav?: NavVariant;
  }
}

export {};
