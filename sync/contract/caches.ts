/**
 * Names and paths of the caches the service worker keeps, shared with the
 * client so that logout can empty them (another user must never see them).
 */
export const MEDIA_CACHE = 'bp-media-v1';
export const TILES_CACHE = 'bp-tiles-v1';

/**
 * The same downloads as URL patterns, broader (any last segment): the service worker's static routes
 * send what matches to its fetch event, where isMediaPath decides; the rest of /api/ goes around it.
 */
export const MEDIA_URL_PATTERNS = ['/api/media/*', '/api/work_validation_requests/media/*', '/api/visit/download-file/*'];

/** Binary downloads worth keeping offline: intervention, OS and visit media. */
export function isMediaPath(pathname: string): boolean {
  return (
    /^\/api\/media\/\d+$/.test(pathname) ||
    /^\/api\/work_validation_requests\/media\/\d+$/.test(pathname) ||
    /^\/api\/visit\/download-file\/\d+\/\d+$/.test(pathname)
  );
}
