/**
 * Answers typed into a visit, held between a keystroke and the draft's next
 * settle (issue 22: a keystroke costs what the browser costs). Putting each
 * keystroke into the visit's tree copies the path of the field, up to a form
 * that may hold 4,000 sections, and wakes every screen that follows the draft;
 * the inputs typed in are uncontrolled, so they need neither. The draft takes
 * what is held at each local write (the fields alone, for the disk), and puts
 * it in the forms once typing has paused a while, before any other change or
 * a save, and when the screen moves elsewhere (visit-draft.ts).
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

/** The place of a field's section (remembered), or null when the field is nowhere. */
function placeOfField(forms: VisitData, fieldId: string): Place | null {
  const place = fieldPlaces.get(fieldId);
  const known = place && sectionAt(forms, place);
  if (known && Object.hasOwn(known.fields, fieldId)) return place;
  const found = findPlace(forms, (_id, section) => Object.hasOwn(section.fields, fieldId));
  if (!found) return null;
  if (fieldPlaces.size > 100_000) fieldPlaces.clear();
  fieldPlaces.set(fieldId, found);
  return found;
}

/** A field as it is in the data, found in any section; undefined when it is not there. */
export function fieldIn(forms: VisitData, fieldId: string): VisitField | undefined {
  const place = placeOfField(forms, fieldId);
  return place ? sectionAt(forms, place)!.fields[fieldId] : undefined;
}

/**
 * A copy of the data where one field (found in any section) is replaced by `change(field)`: a photo
 * kept after its reduction lands in its own field, even if another section is shown by then.
 */
export function updateField(forms: VisitData, fieldId: string, change: FieldChange): VisitData {
  const place = placeOfField(forms, fieldId);
  if (!place) return forms;
  return updateAt(forms, place, (section) => ({ ...section, fields: { ...section.fields, [fieldId]: change(section.fields[fieldId]!) } }));
}

/**
 * What is typed, without its structure: fields by id and sections' comments by section id, each in
 * its latest state. Put into the forms when typing pauses (the draft's settle), and kept on disk
 * beside the copy meanwhile (visit-answers-store.ts).
 */
export class TypedAnswers {
  readonly fields = new Map<string, VisitField>();
  readonly comments = new Map<string, string>();
  get size(): number {
    return this.fields.size + this.comments.size;
  }
  add(from: TypedAnswers): void {
    for (const [id, field] of from.fields) this.fields.set(id, field);
    for (const [id, comment] of from.comments) this.comments.set(id, comment);
  }
  clear(): void {
    this.fields.clear();
    this.comments.clear();
  }
  /** These answers put into the forms, each field and section found wherever it is now (a path copy each). */
  applyTo(forms: VisitData): VisitData {
    let out = forms;
    for (const field of this.fields.values()) out = updateField(out, field.id, () => field);
    for (const [sectionId, comment] of this.comments) out = updateSection(out, sectionId, (s) => ({ ...s, comment }));
    return out;
  }
}

/** Changes per field, in the order typed (a comment then a value on one field keep both); sections' comments as last typed. */
export function createAnswerBuffer() {
  const held = new Map<string, FieldChange[]>();
  const comments = new Map<string, string>();
  return {
    get size() {
      return held.size + comments.size;
    },
    add(fieldId: string, change: FieldChange): void {
      const changes = held.get(fieldId);
      if (changes) changes.push(change);
      else held.set(fieldId, [change]);
    },
    comment(sectionId: string, text: string): void {
      comments.set(sectionId, text);
    },
    /**
     * The fields with their held changes applied, each to its latest state (`current`: a field gone
     * since is left out), the sections' comments, and the buffer emptied. The forms are not copied:
     * that is the draft's settle, when typing has paused (a copy of a form of 4,000 sections costs 1.2 ms).
     */
    take(current: (fieldId: string) => VisitField | undefined): TypedAnswers {
      const taken = new TypedAnswers();
      for (const [fieldId, changes] of held) {
        const field = current(fieldId);
        if (field)
          taken.fields.set(
            fieldId,
            changes.reduce((f, change) => change(f), field),
          );
      }
      for (const [sectionId, text] of comments) taken.comments.set(sectionId, text);
      held.clear();
      comments.clear();
      return taken;
    },
    clear(): void {
      held.clear();
      comments.clear();
    },
  };
}
