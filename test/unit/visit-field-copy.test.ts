/**
 * Iterable visit fields duplicated like sections (spec part 2 §4.2, §5), and
 * required fields left empty: the contract's rules, and the reference
 * server's merge accepting a field copy only of an iterable field.
 */
import { describe, expect, it } from 'vitest';
import { buildChecklist } from '../../server/modules/visits/checklists';
import { mergeVisitData } from '../../server/modules/visits/merge';
import {
  chooseOption,
  duplicateField,
  duplicateSection,
  flattenSections,
  withFieldAfter,
  type VisitData,
  type VisitField,
  type VisitSection,
} from '../../sync/contract/visit-data';
import { missingRequiredCounts, missingRequiredFields } from '../../sync/contract/visit-required';
import { updateField, updateSection } from '../../sync/drafts/visit-answers';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
let n = 0;
const newId = () => `new-${++n}`;

/** The seeded checklist with 'Observations' (Hall d'entrée) iterable, and where to find it. */
function world() {
  const data = buildChecklist('t');
  const form = Object.values(data)[0]!;
  const hall = Object.values(form.sections).find((s) => s.name === 'Hall d’entrée')!;
  const observations = Object.values(hall.fields).find((f) => f.name === 'Observations')!;
  observations.is_iterable = true;
  return { data, form, hall, observations };
}

const fieldNames = (s: VisitSection) => Object.values(s.fields).map((f) => f.name);
const bodyWith = (data: VisitData, formId: string, hallId: string, change: (hall: VisitSection) => VisitSection): VisitData => {
  const body = clone(data);
  body[formId]!.sections[hallId] = change(body[formId]!.sections[hallId]!);
  return body;
};
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('duplicating an iterable field', () => {
  it('copies the definition with a new id, the answer emptied and the label entered, placed after its model', () => {
    const { observations, hall } = world();
    const answered: VisitField = { ...observations, field_value: ['Carreaux fendus'], field_answer_id: 'a9', comment: 'vu', alert_flag: true };
    const copy = duplicateField(answered, 'Observations (2)', () => 'new-x');
    expect(copy).toMatchObject({
      id: 'new-x',
      name: 'Observations (2)',
      field_value: [],
      field_answer_id: null,
      comment: '',
      alert_flag: false,
      is_iterable: true,
    });
    expect(copy.field_type).toBe(observations.field_type);
    const fields = withFieldAfter(hall.fields, observations.id, copy);
    const names = Object.values(fields).map((f) => f.name);
    expect(names.indexOf('Observations (2)')).toBe(names.indexOf('Observations') + 1);
    expect(names).toHaveLength(Object.keys(hall.fields).length + 1);
  });

  it('the server stores a copy of an iterable field after its model, with its answer and an answer id', () => {
    const { data, form, hall, observations } = world();
    const copy = { ...duplicateField(observations, 'Observations – escalier B', newId), field_value: ['Peinture écaillée'] };
    const body = bodyWith(data, form.form_id, hall.id, (h) => ({ ...h, fields: withFieldAfter(h.fields, observations.id, copy) }));
    const merged = mergeVisitData(clone(data), body, () => 'a1');
    const stored = merged[form.form_id]!.sections[hall.id]!;
    expect(fieldNames(stored)).toEqual(fieldNames(hall).flatMap((name) => (name === 'Observations' ? [name, 'Observations – escalier B'] : [name])));
    expect(stored.fields[copy.id]).toMatchObject({ field_value: ['Peinture écaillée'], field_answer_id: 'a1', field_type: 'textarea', is_iterable: true });
    // Saved again with the copy known, and copied once more after the copy.
    const again = { ...duplicateField(stored.fields[copy.id]!, 'Observations – escalier C', newId), field_value: ['RAS'] };
    const body2 = bodyWith(merged, form.form_id, hall.id, (h) => ({ ...h, fields: withFieldAfter(h.fields, copy.id, again) }));
    expect(fieldNames(mergeVisitData(clone(merged), body2, () => 'a2')[form.form_id]!.sections[hall.id]!)).toContain('Observations – escalier C');
  });

  it('refuses a new field that copies no iterable field, or that retypes its model', () => {
    const { data, form, hall, observations } = world();
    const floors = Object.values(hall.fields).find((f) => f.name === 'État des sols')!;
    const notIterable = duplicateField(floors, 'État des sols (2)', newId);
    const body = bodyWith(data, form.form_id, hall.id, (h) => ({ ...h, fields: withFieldAfter(h.fields, floors.id, notIterable) }));
    expect(refusal(() => mergeVisitData(clone(data), body, () => 'a'))).toMatch(/^Champ inconnu/);
    const retyped = { ...duplicateField(observations, 'Observations (2)', newId), field_type: 'text' as const };
    const body2 = bodyWith(data, form.form_id, hall.id, (h) => ({ ...h, fields: withFieldAfter(h.fields, observations.id, retyped) }));
    expect(refusal(() => mergeVisitData(clone(data), body2, () => 'a'))).toMatch(/^Champ inconnu/);
  });

  it('a section copied and a field copied in it before one save are both accepted', () => {
    const { data } = world();
    const form = Object.values(data)[1]!;
    const extinguishers = Object.values(form.sections).find((s) => s.name === 'Extincteurs')!;
    const place = Object.values(extinguishers.fields).find((f) => f.name === 'Emplacement')!;
    place.is_iterable = true;
    const section = duplicateSection(extinguishers, 'Extincteur n° 2', newId);
    const model = Object.values(section.fields).find((f) => f.name === 'Emplacement')!;
    const fieldCopy = duplicateField(model, 'Emplacement (autre)', newId);
    const withCopy = { ...section, fields: withFieldAfter(section.fields, model.id, fieldCopy) };
    const body = clone(data);
    body[form.form_id]!.sections[withCopy.id] = withCopy;
    const merged = mergeVisitData(clone(data), body, () => 'a');
    expect(fieldNames(merged[form.form_id]!.sections[withCopy.id]!)).toContain('Emplacement (autre)');
  });
});

describe('required fields left empty (field_config.required)', () => {
  it('lists them with their place, not once answered, hidden or in a hidden section', () => {
    let current = world().data;
    const path = (m: { path: string[]; field: VisitField }) => [...m.path, m.field.name].join(' › ');
    const missing = () => missingRequiredFields(current).map(path);
    const formOf = Object.values(current)[0]!;
    const hallNow = Object.values(formOf.sections).find((s) => s.name === 'Hall d’entrée')!;
    expect(missing()).toContain('Parties communes › Hall d’entrée › État des sols');
    expect(missing()).toContain('Sécurité incendie › Extincteurs › Date du dernier contrôle');
    // Changes go through the app's own updates (a copy of the path): the counts kept per section see them.
    const floors = Object.values(hallNow.fields).find((f) => f.name === 'État des sols')!;
    current = updateField(current, floors.id, (f) => chooseOption(f, Object.keys(f.field_choices)[0]!));
    expect(missing()).not.toContain('Parties communes › Hall d’entrée › État des sols');
    const stairs = flattenSections(formOf.sections).find((s) => s.name === 'Cages d’escalier')!;
    expect(missing()).toContain('Parties communes › Cages d’escalier › Repère de l’escalier');
    current = updateSection(current, stairs.id, (s) => ({ ...s, is_hidden: true }));
    expect(missing()).not.toContain('Parties communes › Cages d’escalier › Repère de l’escalier');
    const all = missingRequiredFields(current);
    expect(all.every((m) => m.field.field_type !== 'title' && m.field.field_type !== 'description')).toBe(true);
  });

  it('counts them under each section and form as the list does, following each answer', () => {
    let data = world().data;
    const fromList = () => {
      const counts = new Map<string, number>();
      for (const m of missingRequiredFields(data)) for (const id of [m.formId, ...m.sectionIds]) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    };
    expect(missingRequiredCounts(data)).toEqual(fromList());
    const form = Object.values(data)[0]!;
    const hall = Object.values(form.sections).find((s) => s.name === 'Hall d’entrée')!;
    const before = missingRequiredCounts(data).get(hall.id)!;
    const formBefore = missingRequiredCounts(data).get(form.form_id)!;
    expect(before).toBeGreaterThan(0);
    const floors = Object.values(hall.fields).find((f) => f.name === 'État des sols')!;
    data = updateField(data, floors.id, (f) => chooseOption(f, Object.keys(f.field_choices)[0]!));
    const after = missingRequiredCounts(data);
    expect(after.get(hall.id) ?? 0).toBe(before - 1);
    expect(after.get(form.form_id)).toBe(formBefore - 1);
    expect(after).toEqual(fromList());
  });
});

describe('an answer put into the data (updateField)', () => {
  it('lands in its field wherever the field is, the path copied and the rest shared, even after its section moved', () => {
    const { data, form, hall } = world();
    const floors = Object.values(hall.fields).find((f) => f.name === 'État des sols')!;
    const set = (d: VisitData, text: string) => updateField(d, floors.id, (f) => ({ ...f, field_value: [text] }));
    const first = set(data, 'Carrelage');
    const firstForm = first[form.form_id]!;
    expect(firstForm.sections[hall.id]!.fields[floors.id]!.field_value).toEqual(['Carrelage']);
    const other = Object.keys(form.sections).find((id) => id !== hall.id)!;
    expect(firstForm.sections[other]).toBe(form.sections[other]); // shared, not copied
    expect(data[form.form_id]!.sections[hall.id]!.fields[floors.id]!.field_value).not.toEqual(['Carrelage']); // not changed in place
    // The hall moved under another section: the next answer still finds its field.
    const { [hall.id]: moved, ...rest } = firstForm.sections;
    const parent = rest[other]!;
    const reshaped: VisitData = {
      ...first,
      [form.form_id]: { ...firstForm, sections: { ...rest, [other]: { ...parent, sections: { ...parent.sections, [hall.id]: moved! } } } },
    };
    const second = set(reshaped, 'Parquet');
    expect(second[form.form_id]!.sections[other]!.sections[hall.id]!.fields[floors.id]!.field_value).toEqual(['Parquet']);
    expect(updateField(second, 'absent', (f) => f)).toBe(second);
  });
});
