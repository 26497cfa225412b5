/**
 * The drawer's missing-field counts kept from one version of a visit to the
 * next (missingRequiredCounts with the earlier counts): after any sequence of
 * the editor's changes (answers given and cleared, sections and fields hidden
 * and shown again, sections duplicated, removed and moved), they are exactly
 * the counts of a whole walk, and the earlier map itself comes back when no
 * count changed (the tree's entries wake only for a change). The counts start from the version the
 * screen last counted, which may be a few versions back.
 */
import { describe, expect, it } from 'vitest';
import { buildChecklist } from '../../server/modules/visits/checklists';
import { duplicateSection, flattenSections, isAnswered, isRequired, type VisitData, type VisitSection } from '../../sync/contract/visit-data';
import { missingRequiredCounts, missingRequiredFields, type CountsOf } from '../../sync/contract/visit-required';
import { updateField, updateSection } from '../../sync/drafts/visit-answers';

/** A small deterministic generator (mulberry32): the same sequence at each run, so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The counts of a whole walk, from the 'Terminer' list's own walk (each missing field under its form and sections). */
function wholeWalk(data: VisitData): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of missingRequiredFields(data)) for (const id of [m.formId, ...m.sectionIds]) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

const sectionsOf = (data: VisitData): VisitSection[] => Object.values(data).flatMap((form) => flattenSections(form.sections));

/** The parent record holding `id` (a form's or a section's), replaced through the path-copying updates. */
function withParentOf(data: VisitData, id: string, change: (sections: Record<string, VisitSection>) => Record<string, VisitSection>): VisitData {
  for (const form of Object.values(data)) {
    if (id in form.sections) return { ...data, [form.form_id]: { ...form, sections: change(form.sections) } };
    const parent = flattenSections(form.sections).find((s) => id in s.sections);
    if (parent) return updateSection(data, parent.id, (s) => ({ ...s, sections: change(s.sections) }));
  }
  return data;
}

function edit(data: VisitData, next: () => number, newId: () => string): VisitData {
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(next() * list.length)];
  const sections = sectionsOf(data);
  const section = pick(sections);
  if (!section) return data;
  const field = pick(Object.values(section.fields));
  const kind = Math.floor(next() * 8);
  if (kind <= 1 && field) return updateField(data, field.id, (f) => ({ ...f, field_value: ['réponse'], field_value_id: ['1'] }));
  if (kind === 2 && field) return updateField(data, field.id, (f) => ({ ...f, field_value: [], field_value_id: [] }));
  if (kind === 3 && field) return updateField(data, field.id, (f) => ({ ...f, is_hidden: !f.is_hidden }));
  if (kind === 4) return updateSection(data, section.id, (s) => ({ ...s, is_hidden: !s.is_hidden }));
  if (kind === 5) {
    const copy = duplicateSection(section, `${section.name} bis`, newId);
    return withParentOf(data, section.id, (siblings) => ({ ...siblings, [copy.id]: copy }));
  }
  if (kind === 6) return withParentOf(data, section.id, ({ [section.id]: _removed, ...rest }) => rest);
  // Moved under another section (not into its own subtree).
  const inside = new Set(flattenSections(section.sections).map((s) => s.id));
  const target = pick(sections.filter((s) => s.id !== section.id && !inside.has(s.id)));
  if (!target) return data;
  const without = withParentOf(data, section.id, ({ [section.id]: _moved, ...rest }) => rest);
  return updateSection(without, target.id, (s) => ({ ...s, sections: { ...s.sections, [section.id]: section } }));
}

describe('missing-field counts kept from one version to the next', () => {
  it('equal a whole walk after 400 random changes, 3 seeds', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      let n = 0;
      const newId = () => `s${seed}-${++n}`;
      let data = buildChecklist(`t${seed}`);
      expect(sectionsOf(data).some((s) => Object.values(s.fields).some(isRequired))).toBe(true);
      let kept: CountsOf = { data, counts: missingRequiredCounts(data) };
      for (let step = 0; step < 400; step++) {
        data = edit(data, next, newId);
        const counts = missingRequiredCounts(data, kept);
        expect(counts, `seed ${seed}, step ${step}`).toEqual(wholeWalk(data));
        // A screen may skip versions (React drops renders): the next counts start from an older one.
        if (next() < 0.6) kept = { data, counts };
      }
    }
  });

  it('hands back the earlier map when no count changed, and a new one when one did', () => {
    const data = buildChecklist('same');
    const counts = missingRequiredCounts(data);
    const missing = (f: VisitSection['fields'][string]) => isRequired(f) && !isAnswered(f) && !f.is_hidden;
    const section = sectionsOf(data).find((s) => !s.is_hidden && Object.values(s.fields).some(missing))!;
    const required = Object.values(section.fields).find(missing)!;
    const optional = Object.values(section.fields).find((f) => !isRequired(f) && f.field_type !== 'title');
    if (optional) {
      const commented = updateField(data, optional.id, (f) => ({ ...f, comment: 'vu' }));
      expect(missingRequiredCounts(commented, { data, counts })).toBe(counts);
    }
    const renamed = updateSection(data, section.id, (s) => ({ ...s, name: `${s.name} (2)` }));
    expect(missingRequiredCounts(renamed, { data, counts })).toBe(counts);
    const answered = updateField(data, required.id, (f) => ({ ...f, field_value: ['oui'], field_value_id: ['1'] }));
    const after = missingRequiredCounts(answered, { data, counts });
    expect(after).not.toBe(counts);
    expect(after.get(section.id) ?? 0).toBe((counts.get(section.id) ?? 0) - 1);
    expect(counts).toEqual(wholeWalk(data)); // the earlier map is left as it was
  });
});
