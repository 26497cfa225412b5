/**
 * Answers typed into a visit, held between a keystroke and the draft's next
 * settle (issue 22: a keystroke costs what the browser costs). Putting each
 * keystroke into the visit's tree copies the path of the field, up to a form
 * that may hold 4,000 sections, and wakes every screen that follows the draft;
 * the inputs typed in are uncontrolled, so they need neither. The draft
 * applies what is held, all at once, when typing pauses, before any other
 * change, before a write or a save, and when the screen moves elsewhere.
 */
import type { VisitData, VisitField, VisitSection } from '../contract/visit-data';

export type FieldChange = (field: VisitField) => VisitField;

/** A copy of the data where the first section `pick` accepts (found anywhere) is `change(section)`, its path copied. */
function updateSectionWhere(forms: VisitData, pick: (id: string, section: VisitSection) => boolean, change: (s: VisitSection) => VisitSection): VisitData {
  const walk = (sections: Record<string, VisitSection>): Record<string, VisitSection> | null => {
    for (const id in sections) {
      const section = sections[id]!;
      if (pick(id, section)) return { ...sections, [id]: change(section) };
      const inner = walk(section.sections);
      if (inner) return { ...sections, [id]: { ...section, sections: inner } };
    }
    return null;
  };
  for (const [formId, form] of Object.entries(forms)) {
    const sections = walk(form.sections);
    if (sections) return { ...forms, [formId]: { ...form, sections } };
  }
  return forms;
}

/** A copy of the data where one section (found anywhere) is replaced by `change(section)`. */
export const updateSection = (forms: VisitData, sectionId: string, change: (s: VisitSection) => VisitSection): VisitData =>
  updateSectionWhere(forms, (id) => id === sectionId, change);

/**
 * A copy of the data where one field (found in any section) is replaced by `change(field)`: a photo
 * kept after its reduction lands in its own field, even if another section is shown by then.
 */
export const updateField = (forms: VisitData, fieldId: string, change: FieldChange): VisitData =>
  updateSectionWhere(
    forms,
    (_id, section) => Object.hasOwn(section.fields, fieldId),
    (section) => ({ ...section, fields: { ...section.fields, [fieldId]: change(section.fields[fieldId]!) } }),
  );

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
