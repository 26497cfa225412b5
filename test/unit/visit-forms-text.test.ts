import { describe, expect, it } from 'vitest';
import { formsFromStore, formsText } from '../../sync/drafts/visit-forms-text';
import type { VisitData, VisitField, VisitSection } from '../../sync/contract/visit-data';
import { field, section } from '../visit-fixtures';

/** A text field with a name that needs escaping in JSON, and a section holding fields and subsections. */
const text = (id: string, value: string[]): VisitField => field(id, { name: `Champ « ${id} » "guillemets" \\ é`, field_type: 'text', field_value: value });
const node = (id: string, fields: VisitField[], sections: VisitSection[] = []): VisitSection =>
  section(id, {
    name: `Section ${id}`,
    is_iterable: true,
    fields: Object.fromEntries(fields.map((f) => [f.id, f])),
    sections: Object.fromEntries(sections.map((s) => [s.id, s])),
  });

const visit = (): VisitData => ({
  '7': {
    form_id: '7',
    form_name: 'Parties communes',
    sections: { a: node('a', [text('a1', ['x'])], [node('a.b', [text('b1', [])]), node('c', [])]), d: node('d', [text('d1', ['1', '2'])]) },
  },
  '8': { form_id: '8', form_name: 'Vide', sections: {} },
});

describe('visit forms as JSON text', () => {
  it('gives back the same forms, keys in the same order', () => {
    const forms = visit();
    const back = JSON.parse(formsText(forms)) as VisitData;
    expect(back).toEqual(forms);
    expect(Object.keys(back['7']!.sections)).toEqual(['a', 'd']);
    expect(Object.keys(back['7']!.sections.a!.sections)).toEqual(['a.b', 'c']);
  });

  it('follows an edit made by replacing the section and its ancestors (the cached parts of the rest reused)', () => {
    const forms = visit();
    formsText(forms);
    const a = forms['7']!.sections.a!;
    const inner = a.sections['a.b']!;
    const edited: VisitData = {
      ...forms,
      '7': {
        ...forms['7']!,
        sections: { ...forms['7']!.sections, a: { ...a, sections: { ...a.sections, 'a.b': { ...inner, fields: { b1: text('b1', ['Fissure']) } } } } },
      },
    };
    expect(JSON.parse(formsText(edited))).toEqual(edited);
    expect(JSON.parse(formsText(forms))).toEqual(visit()); // the older version is untouched
  });

  it('reads the text, or the forms of a copy stored before the text', () => {
    const forms = visit();
    expect(formsFromStore({ formsJson: formsText(forms) })).toEqual(forms);
    expect(formsFromStore({ forms })).toBe(forms);
    expect(formsFromStore({})).toBeNull();
  });
});
