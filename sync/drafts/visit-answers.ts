/**
 * Answers typed into a visit, held between a keystroke and the draft's next
 * settle (issue 22: a keystroke costs what the browser costs). Putting each
 * keystroke into the visit's tree copies the path of the field, up to a form
 * that may hold 4,000 sections, and wakes every screen that follows the draft;
 * the inputs typed in are uncontrolled, so they need neither. The draft
 * applies what is held, all at once, when typing pauses, before any other
 * change, before a write or a save, and when the screen moves elsewhere.
 */
import { withKey } from '../contract/copied-record';
import type { VisitData, VisitField, VisitSection } from '../contract/visit-data';

export type FieldChange = (field: VisitField) => VisitField;

/** Where a section is: its form, and the ids of the sections from the form down to it. */
interface Place {
  formId: string;
  path: string[];
}

/** The section at a place, if it is still there. */
function sectionAt(forms: VisitData, { formId, path }: Place): VisitSection | undefined {
  let sections = forms[formId]?.sections;
  let section: VisitSection | undefined;
  for (const id of path) {
    section = sections?.[id];
    sections = section?.sections;
  }
  return section;
}

/** A copy of the data where the section at `place` is `change(section)`, its path copied. */
function updateAt(forms: VisitData, { formId, path }: Place, change: (s: VisitSection) => VisitSection): VisitData {
  const copy = (sections: Record<string, VisitSection>, depth: number): Record<string, VisitSection> => {
    const id = path[depth]!;
    const section = sections[id]!;
    return withKey(sections, id, depth === path.length - 1 ? change(section) : { ...section, sections: copy(section.sections, depth + 1) });
  };
  const form = forms[formId]!;
  return { ...forms, [formId]: { ...form, sections: copy(form.sections, 0) } };
}

/** The place of the first section `pick` accepts, found anywhere (a walk over the whole data). */
function findPlace(forms: VisitData, pick: (id: string, section: VisitSection) => boolean): Place | null {
  const path: string[] = [];
  const walk = (sections: Record<string, VisitSection>): boolean => {
    for (const id in sections) {
      const section = sections[id]!;
      path.push(id);
      if (pick(id, section) || walk(section.sections)) return true;
      path.pop();
    }
    return false;
  };
  for (const formId in forms) if (walk(forms[formId]!.sections)) return { formId, path };
  return null;
}

/** A copy of the data where the first section `pick` accepts (found anywhere) is `change(section)`, its path copied. */
function updateSectionWhere(forms: VisitData, pick: (id: string, section: VisitSection) => boolean, change: (s: VisitSection) => VisitSection): VisitData {
  const place = findPlace(forms, pick);
  return place ? updateAt(forms, place, change) : forms;
}

/**
 * The section of each field answered: typing pauses put answers in at each word, and finding the
 * field again walked up to 4,000 sections (checked before use: a section moved or removed is sought again).
 */
const fieldPlaces = new Map<string, Place>();

/** A copy of the data where one section (found anywhere) is replaced by `change(section)`. */
export const updateSection = (forms: VisitData, sectionId: string, change: (s: VisitSection) => VisitSection): VisitData =>
  updateSectionWhere(forms, (id) => id === sectionId, change);

/**
 * A copy of the data where one field (found in any section) is replaced by `change(field)`: a photo
 * kept after its reduction lands in its own field, even if another section is shown by then.
 */
export function updateField(forms: VisitData, fieldId: string, change: FieldChange): VisitData {
  let place = fieldPlaces.get(fieldId);
  const known = place && sectionAt(forms, place);
  if (!known || !Object.hasOwn(known.fields, fieldId)) {
    place = findPlace(forms, (_id, section) => Object.hasOwn(section.fields, fieldId)) ?? undefined;
    if (!place) return forms;
    if (fieldPlaces.size > 100_000) fieldPlaces.clear();
    fieldPlaces.set(fieldId, place);
  }
  return updateAt(forms, place!, (section) => ({ ...section, fields: { ...section.fields, [fieldId]: change(section.fields[fieldId]!) } }));
}

/** Changes per field, in the order typed: a comment then a value on one field keep both. */
export function createAnswerBuffer() {
  const held = new Map<string, FieldChange[]>();
  return {
    get size() {
      return held.size;
    },
    add(fieldId: string, change: FieldChange): void {
      const changes = held.get(fieldId);
      if (changes) changes.push(change);
      else held.set(fieldId, [change]);
    },
    /** The data with every held change applied (one walk per field), the fields as changed, and the buffer emptied. */
    applyTo(forms: VisitData): { forms: VisitData; fields: VisitField[] } {
      let next = forms;
      const fields: VisitField[] = [];
      for (const [fieldId, changes] of held)
        next = updateField(next, fieldId, (field) => {
          const changed = changes.reduce((f, change) => change(f), field);
          fields.push(changed);
          return changed;
        });
      held.clear();
      return { forms: next, fields };
    },
    clear(): void {
      held.clear();
    },
  };
}
