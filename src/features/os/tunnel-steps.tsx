/**
 * The pieces of the OS tunnel's steps (spec part 1 §2 "OS creation tunnel"):
 * a list of radio choices (providers, places, types), the information + price
 * step (formik fields, image files), the recap, and the success screen with
 * its confetti (2 s) and its return to the list (4 s).
 */
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import { formatPrice } from '../../domain/format';
import { parsePrice } from '../../domain/os';
import { pathTo, type TreeNode } from '../../domain/trees';
import { TextArea, TextField } from '../../ui/controls';
import { ImagePicker, type PickedImage } from '../../ui/image-picker';
import { useSuccessCelebration } from '../../ui/use-success-celebration';
import { Facts } from '../../ui/facts';
import type { Named, OsFormValues } from './os-form';
import { osTexts as t } from './texts';

/**
 * Radio choices where a pick may move on: `advance` is true for a tap or a click and for Enter, false
 * for the arrow keys (which also select, and must let a keyboard user look through the list).
 */
export function RadioChoices<T extends Named>({
  items,
  selected,
  label,
  onPick,
  detail,
}: {
  items: readonly T[];
  selected: number | null;
  label: string;
  onPick: (item: T, advance: boolean) => void;
  detail?: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{t.emptyOffline}</p>;
  return (
    <div role="radiogroup" aria-label={label}>
      <ul className="choices">
        {items.map((item) => (
          <li key={item.id} className="choice os-choice">
            <label className="choice__label">
              <input
                type="radio"
                name={label}
                checked={selected === item.id}
                onChange={() => onPick(item, false)}
                onClick={(e) => e.detail > 0 && onPick(item, true)}
                onKeyDown={(e) => e.key === 'Enter' && onPick(item, true)}
              />
              <span>
                <strong>{item.name}</strong>
                {detail ? <span className="muted small block">{detail(item)}</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function InformationStep({
  form,
  images,
  onImages,
}: {
  form: FormikProps<OsFormValues>;
  images: PickedImage[];
  onImages: (next: PickedImage[]) => void;
}) {
  const shown = (field: 'information' | 'price') => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);
  return (
    <div className="stack">
      <TextArea
        label={t.informationLabel}
        name="information"
        rows={5}
        value={form.values.information}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={shown('information')}
      />
      <TextField
        label={t.priceLabel}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        value={form.values.price}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        hint={t.priceHint}
        error={shown('price')}
      />
      <ImagePicker images={images} onChange={onImages} label={t.addDocuments} wrongTypeText={t.notAnImage} />
    </div>
  );
}

const names = (tree: readonly TreeNode[], ids: readonly number[]) =>
  ids
    .map(
      (id) =>
        pathTo(tree, id)
          .map((n) => n.name)
          .join(' › ') || String(id),
    )
    .join(', ');

export function Recap({
  values,
  images,
  buildingTree,
  areaTree,
}: {
  values: OsFormValues;
  images: readonly PickedImage[];
  buildingTree: readonly TreeNode[];
  areaTree: readonly TreeNode[];
}) {
  const r = t.recap;
  const buildings = buildingTree.length
    ? names(
        buildingTree,
        values.buildings.map((b) => b.id),
      )
    : values.buildings.map((b) => b.name).join(', ');
  const area = values.businessArea ? (areaTree.length ? names(areaTree, [values.businessArea.id]) : values.businessArea.name) : t.dash;
  return (
    <Facts className="panel">
      <dt>{r.provider}</dt>
      <dd>{values.provider?.name ?? t.dash}</dd>
      <dt>{r.place}</dt>
      <dd>{values.realEstate?.name ?? t.dash}</dd>
      <dt>{r.buildings}</dt>
      <dd>{buildings || t.dash}</dd>
      <dt>{r.area}</dt>
      <dd>{area}</dd>
      <dt>{r.type}</dt>
      <dd>{values.type?.name ?? t.dash}</dd>
      <dt>{r.information}</dt>
      <dd className="pre">{values.information.trim() || t.dash}</dd>
      <dt>{r.price}</dt>
      <dd>{formatPrice(parsePrice(values.price)) || t.dash}</dd>
      <dt>{r.documents}</dt>
      <dd>{images.length}</dd>
    </Facts>
  );
}

export function SuccessStep({ offline, onDone }: { offline: boolean; onDone: () => void }) {
  useSuccessCelebration(onDone);
  return (
    <div className="os-success panel" role="status">
      <h2>{t.successTitle}</h2>
      <p>{offline ? t.successOffline : t.successOnline}</p>
    </div>
  );
}
