/**
 * Checks visit data sent by an inspector against the visit's stored data and
 * merges it: known forms, sections and fields keep their type and choices;
 * sections the client duplicated (new ids, no answer id) are accepted with
 * their fields; anything else unknown is refused with a clear French 400.
 * Answered fields and sections get their answer ids.
 */
import { badRequest } from '../../http/errors';
import { FIELD_TYPES, type VisitData, type VisitField, type VisitSection } from '../../../sync/contract/visit-data';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function checkField(raw: unknown, known: VisitField | undefined, where: string): VisitField {
  if (!isObject(raw) || typeof raw.id !== 'string') throw badRequest(`Champ invalide dans ${where}.`);
  if (!known && !FIELD_TYPES.includes(raw.field_type as never)) throw badRequest(`Type de champ inconnu « ${String(raw.field_type)} » dans ${where}.`);
  if (!strings(raw.field_value ?? []) || !strings(raw.field_value_id ?? [])) throw badRequest(`Réponse invalide pour le champ « ${String(raw.name ?? raw.id)} ».`);
  const note = raw.field_value_note;
  if (note !== null && note !== undefined && typeof note !== 'number') throw badRequest(`Note invalide pour le champ « ${String(raw.name ?? raw.id)} ».`);
  const base = known ?? (raw as unknown as VisitField);
  return {
    ...base,
    name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : base.name,
    field_value: (raw.field_value as string[]) ?? [],
    field_value_id: (raw.field_value_id as string[]) ?? [],
    field_value_note: (note as number | null | undefined) ?? null,
    is_hidden: raw.is_hidden === true,
    comment: typeof raw.comment === 'string' ? raw.comment : '',
    add_comment: raw.add_comment === true,
    alert_flag: raw.alert_flag === true,
    field_answer_id: typeof raw.field_answer_id === 'string' ? raw.field_answer_id : null,
    files: Array.isArray(raw.files) ? (raw.files as VisitField['files']) : [],
  };
}

function checkSection(raw: unknown, known: VisitSection | undefined, where: string, allowNew: boolean): VisitSection {
  if (!isObject(raw) || typeof raw.id !== 'string' || !isObject(raw.fields) || !isObject(raw.sections ?? {})) throw badRequest(`Section invalide dans ${where}.`);
  const isNew = !known;
  if (isNew && (!allowNew || (raw.section_answer_id !== null && raw.section_answer_id !== undefined))) throw badRequest(`Section inconnue « ${String(raw.name ?? raw.id)} » dans ${where}.`);
  const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name : (known?.name ?? 'Section');
  const fields: Record<string, VisitField> = {};
  for (const [id, f] of Object.entries(raw.fields)) {
    const knownField = known?.fields[id];
    if (!isNew && !knownField) throw badRequest(`Champ inconnu « ${id} » dans la section « ${name} ».`);
    fields[id] = checkField(f, knownField, `la section « ${name} »`);
  }
  const sections: Record<string, VisitSection> = {};
  for (const [id, child] of Object.entries((raw.sections ?? {}) as Record<string, unknown>)) {
    sections[id] = checkSection(child, known?.sections[id], `la section « ${name} »`, true);
  }
  return {
    ...(known ?? (raw as unknown as VisitSection)),
    name,
    complete: raw.complete === true,
    is_hidden: raw.is_hidden === true,
    comment: typeof raw.comment === 'string' ? raw.comment : '',
    add_comment: raw.add_comment === true,
    section_answer_id: typeof raw.section_answer_id === 'string' ? raw.section_answer_id : null,
    fields,
    sections,
  };
}

/** The merged data, or a 400 that says what is wrong. `nextId` hands out answer ids. */
export function mergeVisitData(stored: VisitData, body: unknown, nextId: () => string): VisitData {
  if (!isObject(body)) throw badRequest('Les données de la visite doivent être un objet de formulaires.');
  const merged: VisitData = { ...stored };
  for (const [formId, rawForm] of Object.entries(body)) {
    const form = stored[formId];
    if (!form) throw badRequest(`Formulaire inconnu « ${formId} ».`);
    if (!isObject(rawForm) || !isObject(rawForm.sections)) throw badRequest(`Formulaire invalide « ${form.form_name} ».`);
    const sections: Record<string, VisitSection> = {};
    for (const [id, raw] of Object.entries(rawForm.sections)) sections[id] = checkSection(raw, form.sections[id], `le formulaire « ${form.form_name} »`, true);
    merged[formId] = { ...form, sections };
  }
  const assign = (s: VisitSection) => {
    s.section_answer_id ??= nextId();
    for (const f of Object.values(s.fields)) if (f.field_answer_id === null && (f.field_value.length > 0 || f.comment || f.files.length > 0)) f.field_answer_id = nextId();
    Object.values(s.sections).forEach(assign);
  };
  for (const form of Object.values(merged)) Object.values(form.sections).forEach(assign);
  return merged;
}
