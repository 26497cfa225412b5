/**
 * Required fields (field_config) left without an answer (spec part 2 §5): the
 * counts the drawer's tree shows at every pause in typing, and the list the
 * 'Terminer' dialog shows. A visit may hold 20,000 fields: a section's own
 * missing fields are kept per `fields` record, which a change elsewhere leaves
 * as it is (updates copy only the path to the changed field), so a walk after
 * a keystroke counts again the one section typed in, not every field.
 */
import { isAnswered, isRequired, type VisitData, type VisitField, type VisitSection } from './visit-data';

export interface MissingField {
  formId: string;
  sectionId: string;
  field: VisitField;
  /** Form name, then the section names down to the field's section. */
  path: string[];
  /** The ids of the sections on that path, the field's own last. */
  sectionIds: string[];
}

const ownMissingOf = new WeakMap<Record<string, VisitField>, VisitField[]>();

/** A section's own required fields still without an answer. */
function ownMissing(section: VisitSection): VisitField[] {
  let missing = ownMissingOf.get(section.fields);
  if (!missing) {
    missing = Object.values(section.fields).filter((field) => !field.is_hidden && isRequired(field) && !isAnswered(field));
    ownMissingOf.set(section.fields, missing);
  }
  return missing;
}

/**
 * The required fields left without an answer, in the navigation order. A hidden field or a field
 * of a hidden section is not asked for: hiding is how an inspector says an item is not there.
 */
export function missingRequiredFields(data: VisitData): MissingField[] {
  const out: MissingField[] = [];
  // One walk with shared stacks; paths are copied only for a section with a missing field.
  const path: string[] = [];
  const ids: string[] = [];
  const walk = (formId: string, sections: Record<string, VisitSection>) => {
    for (const section of Object.values(sections)) {
      if (section.is_hidden) continue;
      path.push(section.name);
      ids.push(section.id);
      const missing = ownMissing(section);
      if (missing.length > 0) {
        const here = [...path];
        const hereIds = [...ids];
        for (const field of missing) out.push({ formId, sectionId: section.id, field, path: here, sectionIds: hereIds });
      }
      walk(formId, section.sections);
      path.pop();
      ids.pop();
    }
  };
  for (const form of Object.values(data)) {
    path.push(form.form_name);
    walk(form.form_id, form.sections);
    path.pop();
  }
  return out;
}

/**
 * How many required fields are left without an answer under each form and visible section id
 * (ids without any are absent): what missingRequiredFields would count, without building its list.
 */
export function missingRequiredCounts(data: VisitData): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (sections: Record<string, VisitSection>): number => {
    let total = 0;
    for (const key in sections) {
      const section = sections[key]!;
      if (section.is_hidden) continue;
      const here = ownMissing(section).length + walk(section.sections);
      if (here > 0) counts.set(section.id, here);
      total += here;
    }
    return total;
  };
  for (const form of Object.values(data)) {
    const total = walk(form.sections);
    if (total > 0) counts.set(form.form_id, total);
  }
  return counts;
}
