import { describe, expect, it } from 'vitest';
import { mapsLink, mapsPlatform } from '../../src/domain/maps-link';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe("'S'y rendre' opens the device's maps app (spec part 2 §2.2)", () => {
  it('tells the platform from the user agent, iPadOS by its touch screen', () => {
    expect(mapsPlatform(ANDROID)).toBe('android');
    expect(mapsPlatform(IPHONE)).toBe('ios');
    expect(mapsPlatform(MAC, 5)).toBe('ios');
    expect(mapsPlatform(MAC, 0)).toBe('other');
    expect(mapsPlatform(WINDOWS)).toBe('other');
  });

  it('geo: on Android, Apple Maps on iOS, a web map (in a new tab) elsewhere; never Google Maps’ web page', () => {
    const address = '12 rue de la République  69002 Lyon';
    expect(mapsLink(address, 'android')).toEqual({ href: 'geo:0,0?q=12%20rue%20de%20la%20R%C3%A9publique%2069002%20Lyon', newTab: false });
    expect(mapsLink(address, 'ios')).toEqual({ href: 'https://maps.apple.com/?q=12%20rue%20de%20la%20R%C3%A9publique%2069002%20Lyon', newTab: false });
    expect(mapsLink(address, 'other')).toEqual({
      href: 'https://www.openstreetmap.org/search?query=12%20rue%20de%20la%20R%C3%A9publique%2069002%20Lyon',
      newTab: true,
    });
    for (const platform of ['android', 'ios', 'other'] as const) expect(mapsLink(address, platform).href).not.toContain('google');
  });
});
