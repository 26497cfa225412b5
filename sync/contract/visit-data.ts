/**
 * The visit data (spec part 2 §3.2): forms → nested sections → fields, with
 * their answers, exactly as the API sends and receives them (snake_case), and
 * the pure rules both sides need: walking the tree, progress and mean note,
 * duplication of iterable sections and fields, choice answers, required
 * fields left empty, generated file names.
 */
export const FIELD_TYPES = [
  'title',
  'description',
  'text',
  'email',
  'number',
  'date',
  'tel',
  'url',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'boolean',
  'file',
  'image',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldChoice {
  field_choice_name: string;
  field_choice_note: number;
}

export interface FieldFile {
  name: string;
  originalName: string;
  size: number;
  type: string;
  new: boolean;
  deleted: boolean;
}

export interface VisitField {
  id: string;
  name: string;
  field_type: FieldType;
  /** JSON text: { placeholder?: string, required?: boolean }. */
  field_config: string;
  field_choices: Record<string, FieldChoice>;
  field_value: string[];
  field_value_id: string[];
  field_value_note: number | null;
  is_hidden: boolean;
  is_iterable: boolean;
  comment: string;
  add_comment: boolean;
  alert_flag: boolean;
  field_answer_id: string | null;
  files: FieldFile[];
}

export interface VisitSection {
  id: string;
  name: string;
  complete: boolean;
  is_hidden: boolean;
  is_iterable: boolean;
  comment: string;
  add_comment: boolean;
  section_answer_id: string | null;
  fields: Record<string, VisitField>;
  sections: Record<string, VisitSection>;
}

export interface VisitForm {
  form_id: string;
  form_name: string;
  sections: Record<string, VisitSection>;
}

/** The whole visit data: forms by id. */
export type VisitData = Record<string, VisitForm>;

export interface FieldConfig {
  placeholder?: string;
  required?: boolean;
}

export function fieldConfig(field: Pick<VisitField, 'field_config'>): FieldConfig {
  try {
    const parsed: unknown = JSON.parse(field.field_config || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as FieldConfig) : {};
  } catch {
    return {};
  }
}

/** Every section of a form or section tree, depth first (the navigation order). */
export function flattenSections(sections: Record<string, VisitSection>, out: VisitSection[] = []): VisitSection[] {
  for (const section of Object.values(sections)) {
    out.push(section);
    flattenSections(section.sections, out);
  }
  return out;
}

/** Progress of a form: complete and total sections, not counting hidden ones. */
export function formProgress(form: VisitForm): { complete: number; total: number; percent: number } {
  const visible = flattenSections(form.sections).filter((s) => !s.is_hidden);
  const complete = visible.filter((s) => s.complete).length;
  return { complete, total: visible.length, percent: visible.length === 0 ? 0 : Math.round((complete / visible.length) * 100) };
}

/** The rounded mean of the answered notes of a form, out of 100 (null when none). */
export function formNote(form: VisitForm): number | null {
  const notes: number[] = [];
  for (const section of flattenSections(form.sections)) {
    if (section.is_hidden) continue;
    for (const field of Object.values(section.fields)) if (!field.is_hidden && typeof field.field_value_note === 'number') notes.push(field.field_value_note);
  }
  return notes.length === 0 ? null : Math.round(notes.reduce((a, b) => a + b, 0) / notes.length);
}

/**
 * Colour of a note or progress (spec part 2 §9): 60 and above green, 41 to 60 warning,
 * 40 and below red. The two first ranges share 60: the first rule wins (green).
 */
export function noteTone(value: number): 'success' | 'warning' | 'error' {
  if (value >= 60) return 'success';
  return value >= 41 ? 'warning' : 'error';
}

/** A radio or select answer: value, id and note from the choice; null clears all three. */
export function chooseOption(field: VisitField, choiceId: string | null): VisitField {
  const choice = choiceId === null ? undefined : field.field_choices[choiceId];
  if (!choice) return { ...field, field_value: [], field_value_id: [], field_value_note: null };
  return { ...field, field_value: [choice.field_choice_name], field_value_id: [choiceId!], field_value_note: choice.field_choice_note };
}

/** Checkbox: toggles one choice; the note is the mean of the checked choices' notes. */
export function toggleOption(field: VisitField, choiceId: string): VisitField {
  const ids = field.field_value_id.includes(choiceId) ? field.field_value_id.filter((id) => id !== choiceId) : [...field.field_value_id, choiceId];
  const choices = ids.map((id) => field.field_choices[id]).filter((c): c is FieldChoice => c !== undefined);
  const note = choices.length ? Math.round(choices.reduce((a, c) => a + c.field_choice_note, 0) / choices.length) : null;
  return { ...field, field_value_id: ids, field_value: choices.map((c) => c.field_choice_name), field_value_note: note };
}

export const DUPLICATE_WARNING = "Attention, vous êtes sur le point de dupliquer l'élément. Cette action ne peut pas être annulée !";

/**
 * A copy of an iterable section for a new item: new unique ids everywhere,
 * answer ids emptied, answers cleared, the label the user chose.
 */
export function duplicateSection(section: VisitSection, label: string, newId: () => string): VisitSection {
  const copySection = (s: VisitSection, name: string): VisitSection => {
    const fields: Record<string, VisitField> = {};
    for (const f of Object.values(s.fields)) {
      const id = newId();
      fields[id] = { ...f, id, field_answer_id: null, field_value: [], field_value_id: [], field_value_note: null, comment: '', files: [], alert_flag: false };
    }
    const sections: Record<string, VisitSection> = {};
    for (const child of Object.values(s.sections)) {
      const copy = copySection(child, child.name);
      sections[copy.id] = copy;
    }
    return { ...s, id: newId(), name, complete: false, comment: '', section_answer_id: null, fields, sections };
  };
  return copySection(section, label);
}

/**
 * A copy of an iterable field for a new item (spec part 2 §4.2 "duplicating iterable items"): a new
 * unique id, the answer emptied, the label the user chose; the definition (type, config, choices)
 * is the model's, which is how the server recognises a copy.
 */
export function duplicateField(field: VisitField, label: string, newId: () => string): VisitField {
  return {
    ...field,
    id: newId(),
    name: label,
    field_answer_id: null,
    field_value: [],
    field_value_id: [],
    field_value_note: null,
    comment: '',
    files: [],
    alert_flag: false,
  };
}

/** The section's fields with `copy` placed right after the field `afterId` (the copy reads next to its model). */
export function withFieldAfter(fields: Record<string, VisitField>, afterId: string, copy: VisitField): Record<string, VisitField> {
  const out: Record<string, VisitField> = {};
  for (const [id, field] of Object.entries(fields)) {
    out[id] = field;
    if (id === afterId) out[copy.id] = copy;
  }
  if (!Object.hasOwn(out, copy.id)) out[copy.id] = copy;
  return out;
}

const NOT_ANSWERED_TYPES: readonly FieldType[] = ['title', 'description'];

/** Whether a field holds an answer: a choice, a file not deleted, or a text that is not blank. */
export function isAnswered(field: VisitField): boolean {
  if (field.field_type === 'radio' || field.field_type === 'select' || field.field_type === 'checkbox') return field.field_value_id.length > 0;
  if (field.field_type === 'file' || field.field_type === 'image') return field.files.some((f) => !f.deleted);
  return field.field_value.some((v) => v.trim() !== '');
}

/** field_config texts already read: a visit repeats a few configs over thousands of fields, read again at each keystroke. */
const requiredByConfig = new Map<string, boolean>();

/** Whether field_config marks the field required and it can hold an answer. */
export function isRequired(field: VisitField): boolean {
  if (NOT_ANSWERED_TYPES.includes(field.field_type)) return false;
  let required = requiredByConfig.get(field.field_config);
  if (required === undefined) {
    required = fieldConfig(field).required === true;
    if (requiredByConfig.size < 10_000) requiredByConfig.set(field.field_config, required);
  }
  return required;
}

/** 'photo.jpg' at 1732267200123 → 'photo_1732267200123.jpg' (a millisecond timestamp before the extension). */
export function generatedFileName(originalName: string, now = Date.now()): string {
  const dot = originalName.lastIndexOf('.');
  return dot > 0 ? `${originalName.slice(0, dot)}_${now}${originalName.slice(dot)}` : `${originalName}_${now}`;
}

/** Finds a section anywhere in the data, with its form id (a walk that stops at it, no list built). */
export function findSection(data: VisitData, sectionId: string): { formId: string; section: VisitSection } | null {
  const inside = (sections: Record<string, VisitSection>): VisitSection | null => {
    const direct = sections[sectionId];
    if (direct) return direct;
    for (const key in sections) {
      const found = inside(sections[key]!.sections);
      if (found) return found;
    }
    return null;
  };
  for (const form of Object.values(data)) {
    const found = inside(form.sections);
    if (found) return { formId: form.form_id, section: found };
  }
  return null;
}
