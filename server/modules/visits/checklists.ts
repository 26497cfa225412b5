/**
 * Believable French inspection checklists (forms → nested sections → fields of
 * all 15 types, iterable sections, choices with notes), built as visit data,
 * and the generator of a big visit (1,000 fields, 200 duplicated sections)
 * used by tests and benchmarks.
 */
import type { FieldType, VisitData, VisitField, VisitSection } from '../../../sync/contract/visit-data';

type FieldSpec = [name: string, type: FieldType, config?: { placeholder?: string; required?: boolean }, choices?: [string, number][], iterable?: boolean];
interface SectionSpec {
  name: string;
  iterable?: boolean;
  fields: FieldSpec[];
  sections?: SectionSpec[];
}

const STATE: [string, number][] = [
  ['Bon état', 100],
  ['Usure normale', 70],
  ['À surveiller', 40],
  ['Hors service', 0],
];
const YES_NO: [string, number][] = [
  ['Conforme', 100],
  ['Non conforme', 0],
];

const FORMS: { name: string; sections: SectionSpec[] }[] = [
  {
    name: 'Parties communes',
    sections: [
      {
        name: 'Hall d’entrée',
        fields: [
          ['Hall d’entrée', 'title'],
          ['Vérifier l’état général, la propreté et l’éclairage du hall.', 'description'],
          ['État des sols', 'radio', { required: true }, STATE],
          ['Éclairage', 'select', { placeholder: 'Choisir un état' }, STATE],
          ['Boîtes aux lettres conformes', 'boolean'],
          // Iterable: one observation per defect, duplicated on site.
          ['Observations', 'textarea', { placeholder: 'Décrivez ce que vous constatez' }, [], true],
          ['Photo du hall', 'image'],
        ],
        sections: [
          {
            name: 'Interphone et contrôle d’accès',
            fields: [
              ['Interphone fonctionnel', 'radio', {}, YES_NO],
              ['Numéro du dépanneur', 'tel', { placeholder: '0612345678' }],
              ['Dernière maintenance', 'date'],
            ],
          },
        ],
      },
      {
        name: 'Cages d’escalier',
        iterable: true,
        fields: [
          ['Repère de l’escalier', 'text', { placeholder: 'Ex. : escalier A', required: true }],
          ['Main courante', 'radio', {}, STATE],
          [
            'Défauts constatés',
            'checkbox',
            {},
            [
              ['Marches abîmées', 40],
              ['Peinture écaillée', 60],
              ['Éclairage insuffisant', 30],
            ],
          ],
          ['Nombre de paliers', 'number', { placeholder: '0' }],
        ],
      },
    ],
  },
  {
    name: 'Sécurité incendie',
    sections: [
      {
        name: 'Extincteurs',
        iterable: true,
        fields: [
          ['Emplacement', 'text', { placeholder: 'Ex. : palier du 2e étage', required: true }],
          ['Date du dernier contrôle', 'date', { required: true }],
          ['Pression correcte', 'radio', {}, YES_NO],
          ['Étiquette de contrôle', 'image'],
        ],
      },
      {
        name: 'Désenfumage et alarme',
        fields: [
          ['Ouvrants de désenfumage', 'select', {}, STATE],
          ['Alarme testée', 'boolean'],
          ['Rapport du mainteneur', 'file'],
          ['Contact de l’entreprise de maintenance', 'email', { placeholder: 'contact@entreprise.fr' }],
        ],
        sections: [
          {
            name: 'Plans d’évacuation',
            fields: [
              ['Plans affichés à chaque niveau', 'radio', {}, YES_NO],
              ['Lien vers le registre de sécurité', 'url', { placeholder: 'https://' }],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Toiture et façades',
    sections: [
      {
        name: 'Toiture',
        fields: [
          ['État de l’étanchéité', 'radio', { required: true }, STATE],
          ['Gouttières et descentes', 'select', {}, STATE],
          ['Photo de la toiture', 'image'],
        ],
        sections: [
          {
            name: 'Accès en toiture',
            fields: [
              ['Garde-corps en place', 'boolean'],
              ['Remarques sur l’accès', 'textarea'],
            ],
            sections: [
              {
                name: 'Équipements techniques en toiture',
                iterable: true,
                fields: [
                  ['Équipement', 'text'],
                  ['État', 'radio', {}, STATE],
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Façades',
        fields: [
          ['Fissures visibles', 'radio', {}, YES_NO],
          ['Surface concernée (m²)', 'number'],
        ],
      },
    ],
  },
  {
    name: 'Locaux techniques',
    sections: [
      {
        name: 'Chaufferie',
        fields: [
          ['Chaudière', 'radio', { required: true }, STATE],
          ['Température de départ (°C)', 'number', { placeholder: '65' }],
          ['Carnet d’entretien présent', 'boolean'],
        ],
      },
      {
        name: 'Local poubelles',
        fields: [
          ['Propreté', 'select', {}, STATE],
          ['Ventilation', 'radio', {}, YES_NO],
        ],
      },
    ],
  },
];

/** Builds visit data from the templates with fresh ids (`prefix` keeps ids unique across visits). */
export function buildChecklist(prefix: string): VisitData {
  let counter = 0;
  const id = (kind: string) => `${prefix}-${kind}${++counter}`;
  const field = ([name, type, config = {}, choices = [], iterable = false]: FieldSpec): VisitField => {
    const fieldId = id('f');
    return {
      id: fieldId,
      name,
      field_type: type,
      field_config: JSON.stringify(config),
      field_choices: Object.fromEntries(choices.map(([label, note], i) => [`${fieldId}-c${i + 1}`, { field_choice_name: label, field_choice_note: note }])),
      field_value: [],
      field_value_id: [],
      field_value_note: null,
      is_hidden: false,
      is_iterable: iterable,
      comment: '',
      add_comment: false,
      alert_flag: false,
      field_answer_id: null,
      files: [],
    };
  };
  const section = (spec: SectionSpec): VisitSection => {
    const sectionId = id('s');
    const fields = spec.fields.map(field);
    const children = (spec.sections ?? []).map(section);
    return {
      id: sectionId,
      name: spec.name,
      complete: false,
      is_hidden: false,
      is_iterable: spec.iterable ?? false,
      comment: '',
      add_comment: false,
      section_answer_id: null,
      fields: Object.fromEntries(fields.map((f) => [f.id, f])),
      sections: Object.fromEntries(children.map((c) => [c.id, c])),
    };
  };
  const data: VisitData = {};
  for (const form of FORMS) {
    const formId = id('form');
    const sections = form.sections.map(section);
    data[formId] = { form_id: formId, form_name: form.name, sections: Object.fromEntries(sections.map((s) => [s.id, s])) };
  }
  return data;
}

/**
 * A big visit for scale checks: 200 items of an iterable section of 5 fields
 * each (1,000 fields), as if duplicated by the inspector on site.
 */
export function buildBigVisit(prefix: string, items = 200, fieldsPerItem = 5): VisitData {
  const data = buildChecklist(prefix);
  const form = Object.values(data)[1]!;
  const template = Object.values(form.sections)[0]!;
  const sections: Record<string, VisitSection> = {};
  for (let i = 0; i < items; i++) {
    const sectionId = `${prefix}-big-s${i}`;
    const fields: Record<string, VisitField> = {};
    const base = Object.values(template.fields);
    for (let j = 0; j < fieldsPerItem; j++) {
      const model = base[j % base.length]!;
      const fieldId = `${sectionId}-f${j}`;
      fields[fieldId] = { ...model, id: fieldId, field_choices: Object.fromEntries(Object.values(model.field_choices).map((c, k) => [`${fieldId}-c${k}`, c])) };
    }
    sections[sectionId] = { ...template, id: sectionId, name: `Extincteur n° ${i + 1}`, fields, sections: {} };
  }
  form.sections = sections;
  return data;
}
