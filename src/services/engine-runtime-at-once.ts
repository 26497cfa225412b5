/**
 * The engine's runtime, for a page the service worker does not control yet (a first visit): its
 * chunks are fetched at once beforehand (`warmEngineChunks`, engine.ts), then this module is the one
 * import, whose name the build keeps and that no other module imports: failed, it is asked again
 * under a new address (module-retry.ts) and still runs once. A controlled page imports
 * `engine-runtime` itself, in steps (its cache answers at once).
 */
export { startEngine } from './engine-runtime';
