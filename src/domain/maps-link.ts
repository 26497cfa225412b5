/**
 * 'S'y rendre' (spec part 2 §2.2: "a 'go there' button that opens a maps
 * service according to the platform"): the device's own maps app where the
 * platform has a way to reach it — `geo:` on Android (the user's chosen maps
 * app: Google Maps, Waze, OsmAnd…), Apple Maps' address on iOS and iPadOS
 * (the system opens the Plans app) — and a web map otherwise, OpenStreetMap,
 * whose tiles the app already shows. Pure: the platform is read from the
 * user agent given.
 */

export type MapsPlatform = 'android' | 'ios' | 'other';

export function mapsPlatform(userAgent: string, maxTouchPoints = 0): MapsPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; only the touch screen tells them apart.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** The link to the address: `newTab` for a web page, false for a link the system hands to an app. */
export function mapsLink(address: string, platform: MapsPlatform): { href: string; newTab: boolean } {
  const q = encodeURIComponent(address.replace(/\s+/g, ' ').trim());
  if (platform === 'android') return { href: `geo:0,0?q=${q}`, newTab: false };
  if (platform === 'ios') return { href: `https://maps.apple.com/?q=${q}`, newTab: false };
  return { href: `https://www.openstreetmap.org/search?query=${q}`, newTab: true };
}
