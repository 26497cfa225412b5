/**
 * Names and paths of the caches the service worker keeps, shared with the
 * client so that logout can empty them (another user must never see them).
 */
export const MEDIA_CACHE = 'bp-media-v1';
export const TILES_CACHE = 'bp-tiles-v1';

/** Binary downloads worth keeping offline: intervention, OS and visit media. */
export function isMediaPath(pathname: string): boolean {
  return (
    /^\/api\/media\/\d+$/.test(pathname) ||
    /^\/api\/work_validation_requests\/media\/\d+$/.test(pathname) ||
    /^\/api\/visit\/download-file\/\d+\/\d+$/.test(pathname)
  );
}
