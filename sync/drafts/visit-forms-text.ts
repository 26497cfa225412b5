/**
 * A visit's forms are kept on disk as one JSON text, not as a tree of objects.
 * Measured on the 1,000-field visit under a 4× slower CPU: each grouped write of
 * the tree cost ~65 ms of main thread (RxDB's clone, the Dexie storage's walk
 * of every key, IndexedDB's structured clone, the tabs' BroadcastChannel
 * clone of the change event), enough to delay the next keystrokes. A string
 * crosses all of those as one block.
 *
 * The text is built from parts cached per form and per section object: the
 * editor never mutates a section, it replaces the changed one and its
 * ancestors (structural sharing), so a write after a keystroke serialises the
 * section typed in and its path, and joins the cached text of the rest.
 */
import type { VisitData, VisitForm, VisitSection } from '../contract/visit-data';

const cached = new WeakMap<VisitForm | VisitSection, string>();

/** `{...own keys,"sections":{`: a node's text up to its sections. */
export function openingText(node: VisitForm | VisitSection): string {
  const { sections: _sections, ...own } = node;
  const head = JSON.stringify(own);
  return `${head.slice(0, -1)}${head === '{}' ? '' : ','}"sections":{`;
}

/** `"id":{…}`: one entry of a sections record. */
export const entryText = (id: string, section: VisitSection): string => `${JSON.stringify(id)}:${nodeText(section)}`;

/** `{...own keys, "sections": {...}}`: the same value as JSON.stringify, with `sections` written last. */
export function nodeText(node: VisitForm | VisitSection): string {
  const known = cached.get(node);
  if (known !== undefined) return known;
  const inner = Object.entries(node.sections ?? {})
    .map(([id, section]) => entryText(id, section))
    .join(',');
  const text = `${openingText(node)}${inner}}}`;
  cached.set(node, text);
  return text;
}

/** The forms as JSON text; parts of forms written before are reused. */
export function formsText(forms: VisitData): string {
  return `{${Object.entries(forms)
    .map(([id, form]) => `${JSON.stringify(id)}:${nodeText(form)}`)
    .join(',')}}`;
}

/** The forms back from their text (or from a copy stored before the text: `forms` as objects). */
export function formsFromStore(stored: { formsJson?: unknown; forms?: unknown }): VisitData | null {
  if (typeof stored.formsJson === 'string') return JSON.parse(stored.formsJson) as VisitData;
  return stored.forms && typeof stored.forms === 'object' ? (stored.forms as VisitData) : null;
}
