/**
 * The pieces of the intervention creation tunnel (spec part 1 §2): the place
 * step (search by name, address, postal code or city, then a radio list, its
 * error written above the list), the summary, and the success screen with its
 * confetti (2 s) and its return to the list (4 s).
 */
import type { RealEstateDto } from '../../../sync/index';
import { matchesPlace, pathTo, type TreeNode } from '../../domain/trees';
import type { PickedImage } from '../../ui/image-picker';
import { useSuccessCelebration } from '../../ui/use-success-celebration';
import { Facts } from '../../ui/facts';
import { errorId } from './form-focus';
import type { PlaceChoice, TunnelValues } from './forms';
import { interventionTexts as t } from './texts';

interface PlaceStepProps {
  id: string;
  places: readonly RealEstateDto[];
  selected: number | null;
  onPick: (place: PlaceChoice) => void;
  /** Kept by the page: coming back to this step finds the search as it was. */
  query: string;
  onQuery: (query: string) => void;
  error?: string | undefined;
}

export function PlaceStep({ id, places, selected, onPick, query, onQuery, error }: PlaceStepProps) {
  return (
    <div className="stack">
      <label className="search">
        <span className="sr-only">{t.searchPlace}</span>
        <input type="search" value={query} placeholder={t.searchPlaceHint} onChange={(e) => onQuery(e.target.value)} />
      </label>
      {error ? (
        <p id={errorId(id)} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul
        id={id}
        className="choices"
        role="radiogroup"
        aria-label={t.places}
        aria-describedby={error ? errorId(id) : undefined}
        aria-invalid={error ? true : undefined}
      >
        {places
          .filter((p) => matchesPlace(p, query))
          .map((p) => (
            // role none: a list item's parent must be a list, and this list is a radio group (Lighthouse's axe flagged it).
            <li key={p.id} className="choice" role="none">
              <label className="choice__label">
                <input
                  type="radio"
                  name="place"
                  checked={selected === p.id}
                  onChange={() => onPick({ id: p.id, name: p.name, mainContact: { id: p.mainContact.id } })}
                />
                <span>
                  <strong>{p.name}</strong>
                  <span className="muted small block">{t.placeAddress(p.mainContact.address, p.mainContact.postalCode, p.mainContact.city)}</span>
                </span>
              </label>
            </li>
          ))}
      </ul>
    </div>
  );
}

const pathOf = (tree: readonly TreeNode[], id: number | null) =>
  pathTo(tree, id)
    .map((n) => n.name)
    .join(' › ');

export function Recap({
  values,
  images,
  buildingTree,
  areaTree,
}: {
  values: TunnelValues;
  images: readonly PickedImage[];
  buildingTree: readonly TreeNode[];
  areaTree: readonly TreeNode[];
}) {
  const r = t.recap;
  return (
    <Facts className="panel">
      <dt>{r.place}</dt>
      <dd>{values.place?.name ?? t.dash}</dd>
      <dt>{r.buildings}</dt>
      <dd>
        {buildingTree
          .filter((b) => values.buildings.includes(b.id))
          .map((b) => pathOf(buildingTree, b.id))
          .join(', ')}
      </dd>
      <dt>{r.area}</dt>
      <dd>{pathOf(areaTree, values.businessArea)}</dd>
      <dt>{r.information}</dt>
      <dd className="pre">{values.information.trim()}</dd>
      <dt>{r.photos}</dt>
      <dd>{images.length}</dd>
    </Facts>
  );
}

export function SuccessStep({ offline, onDone }: { offline: boolean; onDone: () => void }) {
  useSuccessCelebration(onDone);
  return (
    <div className="success panel" role="status">
      <h2>{t.successTitle}</h2>
      <p>{offline ? t.successOffline : t.successOnline}</p>
    </div>
  );
}
