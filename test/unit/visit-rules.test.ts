/** Visit rules shared by client and server (spec part 2 §3.2, §4.2, §5, §9) and the list's actions. */
import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  duplicateSection,
  formNote,
  formProgress,
  generatedFileName,
  noteTone,
  toggleOption,
  type VisitForm,
} from '../../sync/contract/visit-data';
import { filterVisits, visitActions, NO_FILTERS } from '../../src/domain/visits';
import { field, section } from '../visit-fixtures';
import type { VisitListDoc } from '../../sync/pull/visits';

describe('answers', () => {
  it('radio and select take value, id and note from the choice; clearing empties all three', () => {
    const chosen = chooseOption(field('f'), 'c2');
    expect([chosen.field_value, chosen.field_value_id, chosen.field_value_note]).toEqual([['À surveiller'], ['c2'], 40]);
    const cleared = chooseOption(chosen, null);
    expect([cleared.field_value, cleared.field_value_id, cleared.field_value_note]).toEqual([[], [], null]);
  });
  it('checkbox holds several values', () => {
    const both = toggleOption(toggleOption(field('f', { field_type: 'checkbox' }), 'c1'), 'c2');
    expect(both.field_value).toEqual(['Bon état', 'À surveiller']);
    expect(toggleOption(both, 'c1').field_value_id).toEqual(['c2']);
  });
  it('names generated files with a millisecond timestamp before the extension', () => {
    expect(generatedFileName('photo.hall.jpg', 1732267200123)).toBe('photo.hall_1732267200123.jpg');
    expect(generatedFileName('sans-extension', 5)).toBe('sans-extension_5');
  });
});

describe('progress, note and colours', () => {
  const form: VisitForm = {
    form_id: 'form',
    form_name: 'Parties communes',
    sections: {
      a: section('a', { complete: true, fields: { f1: field('f1', { field_value_note: 100 }) } }),
      b: section('b', { fields: { f2: field('f2', { field_value_note: 40 }) }, sections: { c: section('c', { complete: true }) } }),
      h: section('h', { is_hidden: true, complete: true, fields: { f3: field('f3', { field_value_note: 0 }) } }),
    },
  };
  it('counts visible sections, rounds the percent, and means the visible notes', () => {
    expect(formProgress(form)).toEqual({ complete: 2, total: 3, percent: 67 });
    expect(formNote(form)).toBe(70);
  });
  it('colours: 60 and above green, 41–59 warning, 40 and below red', () => {
    expect([noteTone(100), noteTone(60), noteTone(59), noteTone(41), noteTone(40), noteTone(0)]).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'error',
      'error',
    ]);
  });
});

describe('duplication', () => {
  it('copies with new unique ids everywhere, answers and answer ids emptied, the chosen label', () => {
    const original = section('s', {
      is_iterable: true,
      section_answer_id: 'a9',
      comment: 'vu',
      fields: { f: field('f', { field_value: ['Bon état'], field_value_id: ['c1'], field_value_note: 100, field_answer_id: 'a1' }) },
      sections: { k: section('k', { fields: { g: field('g', { field_answer_id: 'a2' }) } }) },
    });
    let n = 0;
    const copy = duplicateSection(original, 'Extincteur n° 2', () => `n${n++}`);
    const ids = [copy.id, ...Object.keys(copy.fields), ...Object.values(copy.sections).flatMap((s) => [s.id, ...Object.keys(s.fields)])];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => ['s', 'f', 'k', 'g'].includes(id))).toBe(false);
    expect(copy.name).toBe('Extincteur n° 2');
    expect(copy.section_answer_id).toBeNull();
    const copied = Object.values(copy.fields)[0]!;
    expect([copied.field_answer_id, copied.field_value, copied.field_value_note]).toEqual([null, [], null]);
    expect(Object.values(Object.values(copy.sections)[0]!.fields)[0]!.field_answer_id).toBeNull();
    expect(original.fields.f!.field_answer_id).toBe('a1');
  });
});

describe('visit list', () => {
  const doc = (id: number, state: 'todo' | 'start' | 'draft' | 'terminate', assigned: number | null, late = false): VisitListDoc => ({
    visit: {
      id,
      name: `Visite ${id}`,
      state,
      late,
      date_begin: { date: '2026-11-22T08:00:00Z' },
      date_end: { date: '2026-11-22T12:00:00Z' },
      assigned_to: assigned,
    },
    property: { id: 1, name: 'Tour Atlantique', address: '2 rue de la Loire', postal_code: '44200', city: 'Nantes' },
  });
  const none = { downloaded: false, startedHere: false, otherStarted: false };
  it('offers download, start, take-over and pause as spec part 2 §4.2 says', () => {
    expect(visitActions(doc(1, 'todo', 7).visit, 7, none)).toMatchObject({ download: true, start: false, takeOver: false, pause: false });
    expect(visitActions(doc(1, 'todo', 7).visit, 7, { ...none, downloaded: true })).toMatchObject({ download: false, start: true });
    expect(visitActions(doc(1, 'todo', 7).visit, 7, { ...none, downloaded: true, otherStarted: true }).start).toBe(false);
    expect(visitActions(doc(1, 'start', 7).visit, 7, { ...none, downloaded: true, startedHere: true })).toMatchObject({
      start: false,
      pause: true,
      terminate: true,
      takeOver: false,
    });
    expect(visitActions(doc(1, 'todo', 8).visit, 7, none)).toMatchObject({ download: false, takeOver: true });
    expect(visitActions(doc(1, 'start', 8).visit, 7, none).takeOver).toBe(false);
    expect(visitActions(doc(1, 'terminate', 8).visit, 7, none).takeOver).toBe(false);
  });
  it('filters by site, name, state, lateness and mine', () => {
    const items = [doc(1, 'todo', 7, true), doc(2, 'draft', 8), doc(3, 'terminate', 7)];
    expect(filterVisits(items, { ...NO_FILTERS, lateOnly: true }, 7).map((d) => d.visit.id)).toEqual([1]);
    expect(filterVisits(items, { ...NO_FILTERS, mine: true }, 7).map((d) => d.visit.id)).toEqual([1, 3]);
    expect(filterVisits(items, { ...NO_FILTERS, state: 'draft' }, 7).map((d) => d.visit.id)).toEqual([2]);
    expect(filterVisits(items, { ...NO_FILTERS, site: 'nantes', name: 'visite 3' }, 7).map((d) => d.visit.id)).toEqual([3]);
  });
});
