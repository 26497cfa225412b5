/**
 * Step 2 of the tunnel, the property (spec part 2 §2.1): the tree with
 * drill-down, a search over name, address, postal code and city, the map, and
 * 'Autour de moi': the device's position, then the 10 closest properties
 * listed with their distance in French and highlighted on the map. A
 * geolocation failure is logged, the loader stops, and the user is told.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { flattenProperties, matchesProperty, type EchoparkProperty } from '../../../sync/index';
import { formatDistance, nearestWithDistance, propertyPath, type NearProperty } from '../../domain/echopark';
import { Alert, Button } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { t } from './texts';

// Leaflet's code and the map's first draw were one task of ~260 ms on Lighthouse's slow phone, inside the
// step's first render: loaded apart, the list and the form show first and the map follows in its own tasks.
const PropertyMap = lazy(() => import('./property-map').then((m) => ({ default: m.PropertyMap })));

const GEO_TIMEOUT_MS = 15_000;
/** Matches shown at a time: a long list of radios is slow to read; more come on demand, and the screen says how many there are. */
const MAX_MATCHES = 50;

interface Props {
  tree: readonly EchoparkProperty[];
  selectedId: number | null;
  onSelect(property: EchoparkProperty): void;
}

export function PropertyStep({ tree, selectedId, onSelect }: Props) {
  const all = useMemo(() => flattenProperties(tree), [tree]);
  const byId = useMemo(() => new Map(all.map((p) => [p.id, p])), [all]);
  // A building is named by its site too ('Le Confluent · Bâtiment A' reads better than 'Bâtiment A').
  const siteOf = (p: EchoparkProperty) => (p.level === 3 && p.parent !== null ? byId.get(p.parent)?.name : undefined);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(MAX_MATCHES);
  const [parent, setParent] = useState<number | null>(null);
  const [near, setNear] = useState<NearProperty[] | null>(null);
  const [me, setMe] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  const locate = () => {
    setGeoError(null);
    if (!('geolocation' in navigator)) return setGeoError(t.geolocationUnavailable);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        setMe(here);
        setNear(nearestWithDistance(tree, here.lat, here.lng));
        setSearch('');
        setLocating(false);
      },
      (error) => {
        console.warn('Géolocalisation impossible', error.code, error.message);
        setLocating(false);
        setGeoError(t.geolocationFailed);
      },
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const crumbs = parent === null ? [] : propertyPath(tree, parent);
  const level = parent === null ? tree : (all.find((p) => p.id === parent)?.children ?? []);
  const needle = search.trim();
  const matches = needle ? all.filter((p) => matchesProperty(p, needle)) : [];
  const rows: { property: EchoparkProperty; km?: number }[] = needle
    ? matches.slice(0, shown).map((property) => ({ property }))
    : near
      ? near
      : level.map((property) => ({ property }));

  return (
    <div className="ep-props">
      <div className="stack">
        <label className="search">
          <span className="sr-only">{t.searchProperty}</span>
          <input
            type="search"
            value={search}
            placeholder={t.searchPropertyPlaceholder}
            onChange={(e) => {
              setSearch(e.target.value);
              setShown(MAX_MATCHES);
            }}
          />
        </label>
        <div className="ep-props__tools">
          <Button variant="secondary" onClick={locate} disabled={locating} aria-busy={locating}>
            <Icon name="spark" size={18} className={locating ? 'spin' : undefined} />
            {locating ? t.locating : t.aroundMe}
          </Button>
          {near && !needle ? (
            <Button variant="ghost" onClick={() => setNear(null)}>
              {t.allProperties}
            </Button>
          ) : null}
        </div>
        {geoError ? <Alert tone="warning">{geoError}</Alert> : null}
        {!needle && !near && crumbs.length > 0 ? (
          <div className="ep-crumbs">
            <Button variant="ghost" onClick={() => setParent(crumbs.length > 1 ? crumbs[crumbs.length - 2]!.id : null)}>
              <Icon name="back" size={18} />
              {t.up}
            </Button>
            <span className="muted">{crumbs.map((c) => c.name).join(' › ')}</span>
          </div>
        ) : null}
        {near && !needle ? <h2 className="ep-title">{t.nearestTitle}</h2> : null}
        {rows.length === 0 ? <p className="muted">{t.noPropertyMatch}</p> : null}
        {/* Said before the list, where the search is typed; the button for the next ones follows the list. */}
        {matches.length > rows.length ? (
          <p className="muted small" role="status">
            {t.moreMatches(rows.length, matches.length)}
          </p>
        ) : null}
        <div className="choices" role="radiogroup" aria-label={near && !needle ? t.nearestTitle : t.properties}>
          {rows.map(({ property: p, km }) => (
            <div key={p.id} className={`choice${km !== undefined ? ' ep-choice--near' : ''}`}>
              <label className="choice__label">
                <input type="radio" name="property" checked={selectedId === p.id} onChange={() => onSelect(p)} />
                <span className="ep-choice__text">
                  <strong>{[siteOf(p), p.name].filter(Boolean).join(' · ')}</strong>
                  <span className="muted small">{[p.address, [p.postalCode, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
                  {km !== undefined ? <span className="small">{t.distance(formatDistance(km))}</span> : null}
                </span>
              </label>
              {!needle && !near && p.children.length > 0 ? (
                <button type="button" className="icon-button" aria-label={t.openChildren(p.name)} onClick={() => setParent(p.id)}>
                  <Icon name="next" />
                </button>
              ) : null}
            </div>
          ))}
        </div>
        {matches.length > rows.length ? (
          <Button variant="ghost" onClick={() => setShown((n) => n + MAX_MATCHES)}>
            {t.showMoreMatches(Math.min(MAX_MATCHES, matches.length - rows.length))}
          </Button>
        ) : null}
      </div>
      <div>
        <p className="muted small">{t.mapHint}</p>
        {/* The fallback is the map's own box: the map takes the room it kept, nothing moves. */}
        <Suspense fallback={<div className="ep-map" aria-hidden="true" />}>
          <PropertyMap properties={all} nearIds={near?.map((n) => n.property.id) ?? []} selectedId={selectedId} me={me} onSelect={onSelect} />
        </Suspense>
      </div>
    </div>
  );
}
