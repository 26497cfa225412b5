/**
 * The tunnel's map of properties (spec part 2 §2.1): react-leaflet over
 * leaflet, one keyboard-reachable marker per property (named aloud by its
 * name), the 10 nearest highlighted, the user's position, the chosen one.
 * Tiles come from VITE_MAP_TILES (OpenStreetMap by default, credited); the
 * service worker keeps the tiles viewed. Offline with no tile ever viewed,
 * no tile layer is asked for: the markers show on a plain background.
 * Markers are divIcons (no default icon images to load).
 */
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
// Its own chunk now (loaded after the step shows): the map's rules come with it, as with every screen's part.
import './echopark.css';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, TILES_CACHE, type EchoparkProperty } from '../../../sync/index';
import { t } from './texts';

const TILE_URL = import.meta.env.VITE_MAP_TILES || DEFAULT_TILE_URL;
const ATTRIBUTION = import.meta.env.VITE_MAP_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function icon(kind: 'plain' | 'near' | 'chosen' | 'me', label: string): L.DivIcon {
  const size = kind === 'chosen' ? 32 : kind === 'near' ? 28 : 24;
  return L.divIcon({
    className: 'ep-marker-wrap',
    html: `<span class="ep-marker${kind === 'plain' ? '' : ` ep-marker--${kind}`}"></span><span class="sr-only">${escapeHtml(label)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Whether the worker has kept any tile: offline, asking for tiles only makes sense then. */
function useTilesAvailable(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [cached, setCached] = useState(false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    if (typeof caches !== 'undefined') {
      void caches
        .open(TILES_CACHE)
        .then((c) => c.keys())
        .then((keys) => setCached(keys.length > 0))
        .catch(() => undefined);
    }
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online || cached;
}

/** Keeps the view on what matters: the chosen property, else the nearest ones, else everything. */
function FitView({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const list = JSON.parse(key) as [number, number][];
    // No animation: a step left mid-animation would leave Leaflet moving a removed pane.
    if (list.length === 1) map.setView(list[0]!, 16, { animate: false });
    else if (list.length > 1) map.fitBounds(L.latLngBounds(list), { padding: [24, 24], maxZoom: 16, animate: false });
  }, [key, map]);
  return null;
}

interface Props {
  properties: readonly EchoparkProperty[];
  nearIds: readonly number[];
  selectedId: number | null;
  me: { lat: number; lng: number } | null;
  onSelect(property: EchoparkProperty): void;
}

export function PropertyMap({ properties, nearIds, selectedId, me, onSelect }: Props) {
  const tiles = useTilesAvailable();
  const selected = properties.find((p) => p.id === selectedId) ?? null;
  const points = useMemo<[number, number][]>(() => {
    if (selected) return [[selected.latitude, selected.longitude]];
    const near = properties.filter((p) => nearIds.includes(p.id));
    const focus = near.length > 0 ? near : properties;
    return [...focus.map((p) => [p.latitude, p.longitude] as [number, number]), ...(me ? [[me.lat, me.lng] as [number, number]] : [])];
  }, [selected, properties, nearIds, me]);
  const start = points[0] ?? [46.6, 2.4];
  return (
    <div className="ep-map">
      <MapContainer
        center={start}
        zoom={6}
        scrollWheelZoom={false}
        zoomAnimation={false}
        markerZoomAnimation={false}
        ref={(map) => {
          const el = map?.getContainer();
          el?.setAttribute('role', 'region');
          el?.setAttribute('aria-label', t.map);
        }}
      >
        {/* CORS tiles: the worker caches real 200 answers, not opaque ones (each counted as megabytes of quota). */}
        {tiles ? <TileLayer url={TILE_URL} attribution={ATTRIBUTION} crossOrigin /> : null}
        <FitView points={points} />
        {properties.map((p) => {
          const near = nearIds.includes(p.id);
          const kind = p.id === selectedId ? 'chosen' : near ? 'near' : 'plain';
          return (
            <Marker
              key={`${p.id}-${kind}`}
              position={[p.latitude, p.longitude]}
              icon={icon(kind, t.markerLabel(p.name, near))}
              title={p.name}
              zIndexOffset={kind === 'chosen' ? 1000 : near ? 500 : 0}
              // Leaflet gives markers role=button and a tab stop, but Enter only opens popups: choose on Enter and Space too.
              eventHandlers={{
                click: () => onSelect(p),
                keypress: (e: L.LeafletKeyboardEvent) => {
                  if (e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ') {
                    e.originalEvent.preventDefault();
                    onSelect(p);
                  }
                },
              }}
            />
          );
        })}
        {me ? <Marker position={[me.lat, me.lng]} icon={icon('me', t.youAreHere)} title={t.youAreHere} keyboard={false} interactive={false} /> : null}
      </MapContainer>
    </div>
  );
}
