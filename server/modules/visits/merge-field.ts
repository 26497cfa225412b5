/**
 * One field of a visit save, checked against its stored definition: the
 * definition (type, choices, config) is the server's and cannot be retyped by
 * a save; the label is the inspector's to edit in edit mode (spec part 2
 * §4.2, like sections'); the answer comes from the client, and a
 * choice answer must name the field's choices (its value and note are derived
 * from them, as chooseOption and toggleOption do on the client).
 */
import { badRequest } from '../../http/errors';
import type { FieldFile, VisitField } from '../../../sync/contract/visit-data';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CHOICE_TYPES = new Set(['radio', 'select', 'checkbox']);
const NO_ANSWER_TYPES = new Set(['title', 'description']);
/**
 * Bounds of one answer (issue 21: 100 values of 10,000 characters per field let
 * four saves store 72 MB). A checkbox's values are its ticked choices, a text
 * field's one text; the client's longest field is a textarea.
 */
export const MAX_VALUES = 50;
export const MAX_VALUE_LENGTH = 5_000;
/** All values of one field together. */
export const MAX_FIELD_TEXT = 10_000;
export const MAX_COMMENT = 5_000;
const MAX_FILES = 50;

function strings(raw: unknown, label: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string')) throw badRequest(`Réponse invalide pour le champ « ${label} ».`);
  if (raw.length > MAX_VALUES) throw badRequest(`Le champ « ${label} » ne peut pas avoir plus de ${MAX_VALUES} valeurs.`);
  let total = 0;
  for (const value of raw as string[]) {
    if (value.length > MAX_VALUE_LENGTH) throw badRequest(`Une réponse du champ « ${label} » dépasse ${MAX_VALUE_LENGTH.toLocaleString('fr-FR')} caractères.`);
    total += value.length;
  }
  if (total > MAX_FIELD_TEXT) throw badRequest(`Les réponses du champ « ${label} » dépassent ${MAX_FIELD_TEXT.toLocaleString('fr-FR')} caractères au total.`);
  return raw as string[];
}

export const MAX_LABEL = 200;

/** A label sent for a field or section: trimmed, at most 200 characters; empty or absent keeps `stored`. */
export function editedLabel(raw: unknown, stored: string, what: 'du champ' | 'de la section'): string {
  if (raw !== undefined && typeof raw !== 'string') throw badRequest(`Libellé invalide pour ${what === 'du champ' ? 'le champ' : 'la section'} « ${stored} ».`);
  const label = typeof raw === 'string' ? raw.trim() : '';
  if (label.length > MAX_LABEL) throw badRequest(`Le libellé ${what} ne doit pas dépasser ${MAX_LABEL} caractères.`);
  return label || stored;
}

/** A text property of an answer: absent is empty, too long is refused. */
export function answerText(raw: unknown, label: string, max = MAX_COMMENT): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string' || raw.length > max) throw badRequest(`Le commentaire de « ${label} » doit être un texte de ${max} caractères au plus.`);
  return raw;
}

function files(raw: unknown, label: string): FieldFile[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > MAX_FILES) throw badRequest(`Fichiers invalides pour le champ « ${label} ».`);
  return raw.map((f) => {
    if (!isObject(f) || typeof f.name !== 'string' || f.name.length > 255) throw badRequest(`Fichier invalide pour le champ « ${label} ».`);
    const short = (v: unknown) => (typeof v === 'string' ? v.slice(0, 255) : '');
    // Only the known keys are kept: nothing else of the client's object is stored.
    return {
      name: f.name,
      originalName: short(f.originalName),
      size: typeof f.size === 'number' && Number.isSafeInteger(f.size) && f.size >= 0 ? f.size : 0,
      type: short(f.type),
      new: f.new === true,
      deleted: f.deleted === true,
    };
  });
}

/** The answer of a choice field from its choice ids: unknown ids and a second radio answer are refused. */
function choiceAnswer(known: VisitField, ids: string[], values: string[]): Pick<VisitField, 'field_value' | 'field_value_id' | 'field_value_note'> {
  const unique = [...new Set(ids)];
  const outside = () => badRequest(`Réponse hors des choix du champ « ${known.name} ».`);
  if (!unique.every((id) => Object.hasOwn(known.field_choices, id))) throw outside();
  if (known.field_type !== 'checkbox' && unique.length > 1) throw badRequest(`Le champ « ${known.name} » n'accepte qu'un choix.`);
  const choices = unique.map((id) => known.field_choices[id]!);
  const names = choices.map((c) => c.field_choice_name);
  // The text sent must be the chosen choices' names: an answer is never free text on a choice field.
  if (values.length > 0 && (values.length !== names.length || values.some((v, i) => v !== names[i]))) throw outside();
  const note = choices.length === 0 ? null : Math.round(choices.reduce((sum, c) => sum + c.field_choice_note, 0) / choices.length);
  return { field_value: names, field_value_id: unique, field_value_note: note };
}

/** The stored field with the client's answer; the definition stays the stored one. */
export function mergeField(known: VisitField, raw: unknown, sectionName: string): VisitField {
  if (!isObject(raw)) throw badRequest(`Champ invalide dans la section « ${sectionName} ».`);
  if (raw.field_type !== undefined && raw.field_type !== known.field_type) throw badRequest(`Le type du champ « ${known.name} » ne peut pas changer.`);
  const values = strings(raw.field_value, known.name);
  const ids = strings(raw.field_value_id, known.name);
  const answer = CHOICE_TYPES.has(known.field_type)
    ? choiceAnswer(known, ids, values)
    : { field_value: NO_ANSWER_TYPES.has(known.field_type) ? [] : values, field_value_id: [], field_value_note: null };
  return {
    ...known,
    name: editedLabel(raw.name, known.name, 'du champ'),
    ...answer,
    is_hidden: raw.is_hidden === true,
    comment: answerText(raw.comment, known.name),
    add_comment: raw.add_comment === true,
    alert_flag: raw.alert_flag === true,
    files: files(raw.files, known.name),
  };
}

/** Same definition (what a duplicated field copies from its model): type, config and choices; the label may be edited. */
export function sameDefinition(model: VisitField, raw: unknown): boolean {
  return (
    isObject(raw) &&
    raw.field_type === model.field_type &&
    (raw.field_config === undefined || raw.field_config === model.field_config) &&
    JSON.stringify(raw.field_choices ?? {}) === JSON.stringify(model.field_choices)
  );
}
