/** Visit data built by hand for the tests of its rules: one field or section, every key set, overridable. */
import type { VisitField, VisitSection } from '../sync/contract/visit-data';

export const field = (id: string, extra: Partial<VisitField> = {}): VisitField => ({
  id,
  name: id,
  field_type: 'radio',
  field_config: '{}',
  field_choices: { c1: { field_choice_name: 'Bon état', field_choice_note: 100 }, c2: { field_choice_name: 'À surveiller', field_choice_note: 40 } },
  field_value: [],
  field_value_id: [],
  field_value_note: null,
  is_hidden: false,
  is_iterable: false,
  comment: '',
  add_comment: false,
  alert_flag: false,
  field_answer_id: null,
  files: [],
  ...extra,
});

export const section = (id: string, extra: Partial<VisitSection> = {}): VisitSection => ({
  id,
  name: id,
  complete: false,
  is_hidden: false,
  is_iterable: false,
  comment: '',
  add_comment: false,
  section_answer_id: null,
  fields: {},
  sections: {},
  ...extra,
});
