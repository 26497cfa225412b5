/**
 * Checks visit data sent by an inspector against the visit's stored data (its
 * template and answers) and merges it. Known forms, sections and fields keep
 * their definition; only answers change, and the labels of sections and
 * fields, which the spec lets the inspector edit in edit mode (part 2 §4.2). What the save leaves out stays as
 * stored (a form sent with `sections: {}` erased its template and answers).
 * A new section is accepted only as a copy of an iterable section of the same
 * place (duplicateSection on the client): its fields and subsections must
 * match the model's, and take the model's definitions. A new field likewise
 * only as a copy of an iterable field of the same section (duplicateField):
 * same definition, no answer id, placed after its model or an earlier copy
 * of it. Anything else unknown is refused with a clear French 400. Keys are looked up as own properties
 * only, so a form keyed `constructor` is just an unknown form.
 */
import { badRequest } from '../../http/errors';
import { assertBoundedJson } from '../../http/bounded';
import { duplicateField, type VisitData, type VisitField, type VisitSection } from '../../../sync/contract/visit-data';
import { MAX_COMMENT, answerText, editedLabel, isObject, mergeField, sameDefinition } from './merge-field';

/** Fields of a raw section, in order (the order duplicateSection keeps). */
const entriesOf = (raw: unknown): [string, unknown][] => (isObject(raw) ? Object.entries(raw) : []);

const sectionLabel = (raw: Record<string, unknown>, stored: string) => editedLabel(raw.name, stored, 'de la section');

function sectionAnswers(raw: Record<string, unknown>, name: string) {
  return {
    complete: raw.complete === true,
    is_hidden: raw.is_hidden === true,
    comment: answerText(raw.comment, name, MAX_COMMENT),
    add_comment: raw.add_comment === true,
  };
}

function rawSection(raw: unknown, where: string): Record<string, unknown> & { fields: Record<string, unknown>; sections: Record<string, unknown> } {
  if (!isObject(raw) || !isObject(raw.fields) || (raw.sections !== undefined && !isObject(raw.sections))) throw badRequest(`Section invalide dans ${where}.`);
  return { ...raw, fields: raw.fields, sections: (raw.sections ?? {}) as Record<string, unknown> };
}

/** Fields one section may hold once a save adds copies of its iterable fields (the sections' bound, issue 21). */
export const MAX_FIELDS_PER_SECTION = 500;

/** Whether a raw new field is a copy of `model`: an iterable field's definition, with no answer id yet. */
const isFieldCopy = (model: VisitField | undefined, raw: unknown): model is VisitField =>
  model !== undefined &&
  model.is_iterable &&
  sameDefinition(model, raw) &&
  isObject(raw) &&
  (raw.field_answer_id === null || raw.field_answer_id === undefined);

/** The model emptied under a new id: the client's own duplicateField rule (shared), the label the model's until merged. */
const blankOf = (model: VisitField, id: string): VisitField => duplicateField(model, model.name, () => id);

/** A known section with the client's answers; omitted fields and subsections keep their stored state; new fields copy an iterable one. */
function mergeSection(known: VisitSection, raw: unknown, where: string): VisitSection {
  const r = rawSection(raw, where);
  const name = sectionLabel(r, known.name);
  // New fields, by the known field they follow in the body (their model): they are stored right after it.
  const copiesAfter = new Map<string, [string, unknown][]>();
  let model: VisitField | undefined;
  let count = Object.keys(known.fields).length;
  for (const [id, f] of Object.entries(r.fields)) {
    if (Object.hasOwn(known.fields, id)) {
      model = known.fields[id];
      continue;
    }
    if (!isFieldCopy(model, f)) throw badRequest(`Champ inconnu « ${id.slice(0, 80)} » dans la section « ${known.name} ».`);
    if (++count > MAX_FIELDS_PER_SECTION)
      throw badRequest(
        `Le champ « ${model.name.slice(0, 80)} » ne peut pas être copié davantage : ${MAX_FIELDS_PER_SECTION} champs au plus dans la section « ${known.name} ».`,
      );
    copiesAfter.set(model.id, [...(copiesAfter.get(model.id) ?? []), [id, f]]);
  }
  const fields: Record<string, VisitField> = {};
  for (const [id, field] of Object.entries(known.fields)) {
    fields[id] = Object.hasOwn(r.fields, id) ? mergeField(field, r.fields[id], known.name) : field;
    for (const [copyId, f] of copiesAfter.get(id) ?? []) fields[copyId] = mergeField(blankOf(field, copyId), f, known.name);
  }
  return { ...known, name, ...sectionAnswers(r, known.name), fields, sections: mergeSections(known.sections, r.sections, `la section « ${known.name} »`) };
}

/**
 * The model field of each raw field of a copied section, in order: the model's own fields, each
 * possibly followed by copies of it when it is iterable; null when the shapes differ.
 */
function alignFields(models: readonly VisitField[], raw: [string, unknown][]): VisitField[] | null {
  const out: VisitField[] = [];
  let next = 0;
  for (const [, f] of raw) {
    if (next < models.length && sameDefinition(models[next]!, f)) out.push(models[next++]!);
    else if (next > 0 && isFieldCopy(models[next - 1], f)) out.push(models[next - 1]!);
    else return null;
  }
  return next === models.length ? out : null;
}

/** Whether a raw section has the shape of a copy of `model`: same fields (and copies of iterable ones) and subsections, in order. */
function copies(model: VisitSection, raw: unknown): boolean {
  if (!isObject(raw) || !isObject(raw.fields)) return false;
  const fields = entriesOf(raw.fields);
  if (fields.length > MAX_FIELDS_PER_SECTION || !alignFields(Object.values(model.fields), fields)) return false;
  const children = entriesOf(raw.sections ?? {});
  const childModels = Object.values(model.sections);
  return children.length === childModels.length && children.every(([, c], i) => copies(childModels[i]!, c));
}

/** A new section built from its model's definitions and the client's answers (ids and label are the client's). */
function fromModel(model: VisitSection, id: string, raw: unknown): VisitSection {
  const r = rawSection(raw, `la section « ${model.name} »`);
  // A copy's label is the one the user entered (its subsections' too, once edited).
  const name = sectionLabel(r, model.name);
  const entries = entriesOf(r.fields);
  const models = alignFields(Object.values(model.fields), entries)!;
  const fields: Record<string, VisitField> = {};
  entries.forEach(([fieldId, f], i) => (fields[fieldId] = mergeField(blankOf(models[i]!, fieldId), f, name)));
  const childModels = Object.values(model.sections);
  const sections: Record<string, VisitSection> = {};
  entriesOf(r.sections).forEach(([childId, c], i) => (sections[childId] = fromModel(childModels[i]!, childId, c)));
  return { ...model, id, name, ...sectionAnswers(r, name), section_answer_id: null, fields, sections };
}

/**
 * Sections one place may hold once a save adds copies to it (issue 21: saves
 * could add any number of copies of an iterable section). A template may hold
 * more; then no copy is added there.
 */
export const MAX_SECTIONS_PER_PLACE = 500;
/** The stored data of one visit, as JSON: a 20,000-field visit is about 10 MB with its answers. */
export const MAX_VISIT_BYTES = 16 * 1024 * 1024;

/** Stored sections of one place merged with the raw ones; new ones must copy an iterable stored sibling. */
function mergeSections(stored: Record<string, VisitSection>, raw: Record<string, unknown>, where: string): Record<string, VisitSection> {
  const merged: Record<string, VisitSection> = {};
  for (const [id, section] of Object.entries(stored)) merged[id] = Object.hasOwn(raw, id) ? mergeSection(section, raw[id], where) : section;
  const models = Object.values(stored).filter((s) => s.is_iterable);
  let count = Object.keys(stored).length;
  for (const [id, section] of Object.entries(raw)) {
    if (Object.hasOwn(stored, id)) continue;
    if (++count > MAX_SECTIONS_PER_PLACE) {
      const name = models.find((m) => copies(m, section))?.name ?? id;
      throw badRequest(`La section « ${name.slice(0, 80)} » ne peut pas être copiée davantage : ${MAX_SECTIONS_PER_PLACE} sections au plus dans ${where}.`);
    }
    const model =
      isObject(section) && (section.section_answer_id === null || section.section_answer_id === undefined) ? models.find((m) => copies(m, section)) : undefined;
    if (!model)
      throw badRequest(`Section inconnue « ${String(isObject(section) && typeof section.name === 'string' ? section.name : id).slice(0, 80)} » dans ${where}.`);
    merged[id] = fromModel(model, id, section);
  }
  return merged;
}

/** The merged data, or a 400 that says what is wrong. `nextId` hands out answer ids. */
export function mergeVisitData(stored: VisitData, body: unknown, nextId: () => string): VisitData {
  if (!isObject(body)) throw badRequest('Les données de la visite doivent être un objet de formulaires.');
  assertBoundedJson(body, { depth: 80, nodes: 2_000_000, text: 10_000 }, 'Les données de la visite');
  const merged: VisitData = { ...stored };
  for (const [formId, rawForm] of Object.entries(body)) {
    const form = Object.hasOwn(stored, formId) ? stored[formId] : undefined;
    if (!form) throw badRequest(`Formulaire inconnu « ${formId.slice(0, 80)} ».`);
    if (!isObject(rawForm) || !isObject(rawForm.sections)) throw badRequest(`Formulaire invalide « ${form.form_name} ».`);
    merged[formId] = { ...form, sections: mergeSections(form.sections, rawForm.sections, `le formulaire « ${form.form_name} »`) };
  }
  const assign = (s: VisitSection) => {
    s.section_answer_id ??= nextId();
    for (const f of Object.values(s.fields))
      if (f.field_answer_id === null && (f.field_value.length > 0 || f.comment || f.files.length > 0)) f.field_answer_id = nextId();
    Object.values(s.sections).forEach(assign);
  };
  // `stored` is parsed afresh for each save, so assign may write answer ids into its objects.
  for (const form of Object.values(merged)) Object.values(form.sections).forEach(assign);
  return merged;
}

/** The merged data as stored: JSON of at most MAX_VISIT_BYTES (a French 400 beyond, nothing stored). */
export function storedVisitJson(merged: VisitData): string {
  const json = JSON.stringify(merged);
  if (Buffer.byteLength(json) > MAX_VISIT_BYTES) {
    throw badRequest(
      `Les données de la visite dépasseraient ${MAX_VISIT_BYTES / 1024 / 1024} Mo : retirez des copies de sections ou raccourcissez des réponses.`,
    );
  }
  return json;
}
