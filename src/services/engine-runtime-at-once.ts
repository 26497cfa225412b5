/**
 * The engine's runtime, for a page the service worker does not control yet (a first visit): the
 * build preloads this import's whole graph in one round (`preloadedWith`, vite.config.ts), so the
 * engine is on the device before the network can go. A controlled page imports `engine-runtime`
 * itself, without the links (inserting them costs the first screens' time; its cache answers at once).
 */
export { startEngine } from './engine-runtime';
