/**
 * Echopark rules the screens need beyond the contract's (spec part 2 §2.1,
 * §4.1, §5, §9): the nearest properties with their distance in French, the
 * list's search and filters, the debriefing's DD-MM-YYYY HH:mm entry turned
 * into unix seconds, the step choices, and the progress form as formik values
 * and a yup schema built on the contract's checkFormValue (the server runs the
 * same check). Pure: tested in Node in milliseconds.
 */
import * as yup from 'yup';
import {
  checkFormValue,
  distanceKm,
  flattenProperties,
  isNewPhotoRef,
  type EchoparkDetail,
  type EchoparkDomainNode,
  type EchoparkForm,
  type EchoparkFormField,
  type EchoparkFormPayload,
  type EchoparkListItem,
  type EchoparkProperty,
} from '../../sync/rules';

export const NEAREST_COUNT = 10;

export interface NearProperty {
  property: EchoparkProperty;
  km: number;
}

/** The `count` properties closest to a position, with their great-circle distance (radius 6371 km). */
export function nearestWithDistance(tree: readonly EchoparkProperty[], lat: number, lng: number, count = NEAREST_COUNT): NearProperty[] {
  return flattenProperties(tree)
    .map((property) => ({ property, km: distanceKm(lat, lng, property.latitude, property.longitude) }))
    .sort((a, b) => a.km - b.km || a.property.id - b.property.id)
    .slice(0, count);
}

const NBSP = '\u00a0';
/** 0.35 → '350 m', 1.234 → '1,2 km', 12.6 → '13 km', 1234 → '1 234 km' (French digits, no wrap). */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(1, Math.round(km * 1000))}${NBSP}m`;
  const digits = km < 10 ? 1 : 0;
  const text = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(km).replace(/\s/g, NBSP);
  return `${text}${NBSP}km`;
}

/** The property and its ancestors' names, for a label ("Métropole de Lyon › Le Confluent › Bâtiment A"). */
export function propertyPath(tree: readonly EchoparkProperty[], id: number): EchoparkProperty[] {
  const all = new Map(flattenProperties(tree).map((p) => [p.id, p]));
  const chain: EchoparkProperty[] = [];
  for (let p = all.get(id); p && !chain.includes(p); p = p.parent === null ? undefined : all.get(p.parent)) chain.unshift(p);
  return chain;
}

/** Domains of a type whose name contains the search, case-insensitive. */
export function matchingDomains(domains: readonly EchoparkDomainNode[], search: string): EchoparkDomainNode[] {
  const needle = search.trim().toLocaleLowerCase('fr');
  return needle ? domains.filter((d) => d.name.toLocaleLowerCase('fr').includes(needle)) : [...domains];
}

/** The list's filter dialog: every field optional; '' means any. */
export interface ListFilters {
  step: string;
  type: string;
  domain: string;
  property: string;
  urgency: string;
}
export const NO_FILTERS: ListFilters = { step: '', type: '', domain: '', property: '', urgency: '' };

export const activeFilterCount = (f: ListFilters) => Object.values(f).filter((v) => v !== '').length;

/** The values each filter offers, from what the list holds, sorted in French. */
export function filterOptions(items: readonly EchoparkListItem[]): Record<keyof ListFilters, string[]> {
  const values = (pick: (i: EchoparkListItem) => string | undefined) =>
    [...new Set(items.map(pick).filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b, 'fr'));
  return {
    step: values((i) => i.step?.name),
    type: values((i) => i.domain?.requestTypeName),
    domain: values((i) => i.domain?.name),
    property: values((i) => i.realEstate?.name),
    urgency: values((i) => i.urgencyName),
  };
}

/** Search by number (substring, case-insensitive) and the dialog's filters. */
export function filterRequests<T extends EchoparkListItem>(items: readonly T[], numberSearch: string, f: ListFilters): T[] {
  const needle = numberSearch.trim().toLowerCase();
  return items.filter(
    (i) =>
      (!needle || (i.number ?? '').toLowerCase().includes(needle)) &&
      (!f.step || i.step?.name === f.step) &&
      (!f.type || i.domain?.requestTypeName === f.type) &&
      (!f.domain || i.domain?.name === f.domain) &&
      (!f.property || i.realEstate?.name === f.property) &&
      (!f.urgency || i.urgencyName === f.urgency),
  );
}

/** The step panel: each next step once, then the groups offered for the chosen step. */
export function stepChoices(steps: EchoparkDetail['steps']): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const s of steps) if (!seen.has(s.stepId)) seen.set(s.stepId, s.stepName);
  return [...seen].map(([id, name]) => ({ id, name }));
}
export function groupChoices(steps: EchoparkDetail['steps'], stepId: number | null): { id: number; name: string }[] {
  return steps.filter((s) => s.stepId === stepId && s.groupId !== null).map((s) => ({ id: s.groupId!, name: s.groupName ?? '' }));
}

/** 'DD-MM-YYYY HH:mm' (local time) → unix seconds, or null when it is not a real date and time. */
export function parseDebriefDate(text: string): number | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  const same =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hour && date.getMinutes() === minute;
  return same ? Math.floor(date.getTime() / 1000) : null;
}

/** A date as the debriefing entry writes it: DD-MM-YYYY HH:mm, local time. */
export function formatDebriefDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Formik values of the progress form: booleans, arrays of choice values, strings for the rest. */
export type FormValues = Record<string, boolean | string | string[]>;

export const formFields = (form: EchoparkForm): EchoparkFormField[] => form.groups.flatMap((g) => g.fields);
const fieldName = (field: Pick<EchoparkFormField, 'id'>) => `f${field.id}`;
export { fieldName as formFieldName };

const two = (n: number) => String(n).padStart(2, '0');
/** unix seconds → the datetime-local input's 'YYYY-MM-DDTHH:mm' (local time), and back. */
export function secondsToLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
export function localInputToSeconds(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const t = new Date(text).getTime();
  return Number.isNaN(t) ? null : Math.floor(t / 1000);
}

/** The saved answers as formik values. */
export function initialFormValues(form: EchoparkForm): FormValues {
  const values: FormValues = {};
  for (const field of formFields(form)) {
    const v = field.value;
    if (field.type === 'checkbox') values[fieldName(field)] = v === true;
    else if (field.type === 'list') values[fieldName(field)] = Array.isArray(v) ? v.map(String) : [];
    else if (field.type === 'timestamp') values[fieldName(field)] = typeof v === 'number' ? secondsToLocalInput(v) : '';
    else values[fieldName(field)] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

/** A formik value as the contract's check reads it (timestamps from the local input to seconds). */
function rawOf(field: EchoparkFormField, value: FormValues[string] | undefined): unknown {
  if (field.type === 'timestamp' && typeof value === 'string' && value !== '') return localInputToSeconds(value) ?? value;
  // A French decimal comma is accepted as typed ('2,5').
  if ((field.type === 'number' || field.type === 'integer') && typeof value === 'string') return value.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  return value;
}

/**
 * The contract's check, except that an upload field may also hold a photo taken on the device and not
 * sent yet (newPhotoRef): its upload is queued before the form, which then names it by its server id.
 */
function checkValue(field: EchoparkFormField, raw: unknown): ReturnType<typeof checkFormValue> {
  if (field.type === 'upload' && isNewPhotoRef(raw)) return { value: raw };
  return checkFormValue(field, raw);
}

/** One yup test per field, with the contract's French messages; disabled fields are never checked. */
export function progressFormSchema(form: EchoparkForm): yup.ObjectSchema<FormValues> {
  const shape: Record<string, yup.Schema<FormValues[string] | undefined>> = {};
  for (const field of formFields(form)) {
    if (field.disabled) continue;
    shape[fieldName(field)] = yup.mixed<FormValues[string]>().test('field', '', function check(value) {
      const result = checkValue(field, rawOf(field, value as FormValues[string]));
      return 'error' in result ? this.createError({ message: result.error }) : true;
    });
  }
  return yup.object(shape) as yup.ObjectSchema<FormValues>;
}

/** The form push payload (spec §3.1): values by field id in their groups, normalised by the contract's rule. */
export function formPayload(form: EchoparkForm, values: FormValues, requestId: number | string, step: number): EchoparkFormPayload {
  return {
    requestId,
    step,
    form: {
      id: form.id,
      groups: form.groups.map((g) => ({
        id: g.id,
        fields: g.fields
          .filter((f) => !f.disabled)
          .map((f) => {
            const checked = checkValue(f, rawOf(f, values[fieldName(f)]));
            return { id: f.id, value: 'error' in checked ? null : checked.value };
          }),
      })),
    },
  };
}
