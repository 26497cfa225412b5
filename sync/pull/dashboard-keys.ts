/**
 * The keys the three dashboards are stored and marked refreshed under. In a module of their own,
 * importing nothing: a screen names its dashboard (RefreshedAt, EmptyOrNotYet) without bringing the
 * pull code, and with it RxDB, into its own chunk. RxDB is the engine's to load, in steps of its own
 * (src/services/engine.ts); in a screen's chunk it was evaluated in the screen's task at page load.
 */
export const DASHBOARD_INTERVENTIONS = 'dashboard:interventions';
export const DASHBOARD_OS = 'dashboard:os';
export const DASHBOARD_VISITS = 'dashboard:visits';
