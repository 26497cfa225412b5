/**
 * Echopark rules without a browser (spec part 2 §2.1, §4.1, §5, §9): property
 * search, the 10 nearest with fixed coordinates and a known order, distances
 * in French, the timeline's filter and order, the progress form's rule per
 * field type (as yup runs it for formik), debriefing dates to unix seconds,
 * the list's search and filters, and the step panel's choices.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TILE_URL,
  matchesProperty,
  nearestProperties,
  timelineMessages,
  type EchoparkForm,
  type EchoparkFormField,
  type EchoparkListItem,
  type EchoparkProperty,
} from '../../sync/index';
import {
  filterOptions,
  filterRequests,
  formatDebriefDate,
  formatDistance,
  formPayload,
  groupChoices,
  initialFormValues,
  matchingDomains,
  nearestWithDistance,
  NO_FILTERS,
  parseDebriefDate,
  progressFormSchema,
  propertyPath,
  stepChoices,
} from '../../src/domain/echopark';
import { tileUrlMatcher } from '../../sync/contract/echopark';

const prop = (id: number, name: string, lat: number, lng: number, extra: Partial<EchoparkProperty> = {}): EchoparkProperty => ({
  id,
  name,
  address: null,
  postalCode: null,
  city: null,
  latitude: lat,
  longitude: lng,
  level: 2,
  parent: null,
  children: [],
  ...extra,
});

// A user standing at Lyon Part-Dieu (45.7606, 4.8594); properties placed due north at growing distances.
const HERE = { lat: 45.7606, lng: 4.8594 };
const north = (km: number) => HERE.lat + km / 111.195;
const tree: EchoparkProperty[] = [
  prop(1, 'Métropole de Lyon', north(50), HERE.lng, {
    level: 1,
    children: [
      prop(2, 'Le Confluent', north(3), HERE.lng, {
        address: '12 quai Perrache',
        postalCode: '69002',
        city: 'Lyon',
        parent: 1,
        children: [prop(3, 'Bâtiment A', north(3.1), HERE.lng, { level: 3, parent: 2 })],
      }),
      prop(4, 'Gerland', north(0.4), HERE.lng, { address: '60 avenue Tony Garnier', postalCode: '69007', city: 'LYON', parent: 1 }),
    ],
  }),
  ...[7, 1.5, 12, 25, 0.05, 9, 18, 30, 2].map((km, i) => prop(10 + i, `Site ${km}`, north(km), HERE.lng, { city: 'Villeurbanne' })),
];

describe('property search', () => {
  it('matches name, address, postal code and city, case-insensitively', () => {
    const gerland = tree[0]!.children[1]!;
    expect(matchesProperty(gerland, 'tony garnier')).toBe(true);
    expect(matchesProperty(gerland, '69007')).toBe(true);
    expect(matchesProperty(gerland, 'lyon')).toBe(true);
    expect(matchesProperty(gerland, 'GERL')).toBe(true);
    expect(matchesProperty(gerland, 'villeurbanne')).toBe(false);
    expect(matchesProperty(gerland, '  ')).toBe(true);
  });
  it('gives the path of a property through its ancestors', () => {
    expect(propertyPath(tree, 3).map((p) => p.name)).toEqual(['Métropole de Lyon', 'Le Confluent', 'Bâtiment A']);
  });
});

describe('nearest properties', () => {
  it('returns the 10 closest, nearest first, with great-circle distances', () => {
    const near = nearestWithDistance(tree, HERE.lat, HERE.lng);
    expect(near).toHaveLength(10);
    expect(near.map((n) => n.property.name)).toEqual([
      'Site 0.05',
      'Gerland',
      'Site 1.5',
      'Site 2',
      'Le Confluent',
      'Bâtiment A',
      'Site 7',
      'Site 9',
      'Site 12',
      'Site 18',
    ]);
    expect(near[1]!.km).toBeCloseTo(0.4, 2);
    expect(near[9]!.km).toBeCloseTo(18, 1);
    // Same order as the contract's rule the server shares.
    expect(nearestProperties(tree, HERE.lat, HERE.lng).map((p) => p.id)).toEqual(near.map((n) => n.property.id));
  });
  it('knows a real distance: Lyon to Paris Notre-Dame is about 392 km', () => {
    const [paris] = nearestWithDistance([prop(1, 'Notre-Dame', 48.853, 2.3499)], 45.764, 4.8357, 1);
    expect(paris!.km).toBeGreaterThan(389);
    expect(paris!.km).toBeLessThan(395);
  });
  it('formats distances in French', () => {
    expect(formatDistance(0.35)).toBe('350\u00a0m');
    expect(formatDistance(0.0001)).toBe('1\u00a0m');
    expect(formatDistance(1.234)).toBe('1,2\u00a0km');
    expect(formatDistance(12.6)).toBe('13\u00a0km');
    expect(formatDistance(1234.4)).toBe('1\u00a0234\u00a0km');
  });
});

describe('timeline', () => {
  it('keeps message types 0, 1, 4, 5 and 12, newest first', () => {
    const messages = [0, 1, 2, 3, 4, 5, 12, 7].map((messageType, i) => ({
      id: i + 1,
      messageType,
      createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
    }));
    expect(timelineMessages(messages).map((m) => m.messageType)).toEqual([12, 5, 4, 1, 0]);
    const sameTime = [
      { id: 1, messageType: 4, createdAt: '2026-11-10T10:00:00Z' },
      { id: 2, messageType: 1, createdAt: '2026-11-10T10:00:00Z' },
    ];
    expect(timelineMessages(sameTime).map((m) => m.id)).toEqual([2, 1]);
  });
});

const field = (id: number, type: EchoparkFormField['type'], extra: Partial<EchoparkFormField> = {}): EchoparkFormField => ({
  id,
  label: `Champ ${id}`,
  key: `k${id}`,
  type,
  choices: [],
  disabled: false,
  config: { obligatoire: 1 },
  fieldsetFieldEntity: id,
  value: null,
  ...extra,
});
const choices = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];
const form: EchoparkForm = {
  id: 9,
  label: 'Suivi',
  groups: [
    {
      id: 1,
      label: 'G',
      formFieldsetEntity: 1,
      fields: [
        field(1, 'checkbox'),
        field(2, 'combo', { choices }),
        field(3, 'list', { choices }),
        field(4, 'upload'),
        field(5, 'date'),
        field(6, 'timestamp'),
        field(7, 'time'),
        field(8, 'integer'),
        field(9, 'number'),
        field(10, 'textarea'),
        field(11, 'text'),
        field(12, 'email'),
        field(13, 'text', { disabled: true, value: 'figé' }),
        field(14, 'text', { config: { obligatoire: 0 } }),
      ],
    },
  ],
};

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await progressFormSchema(form).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('progress form rules', () => {
  it('requires every obligatoire field, not the disabled or optional ones', async () => {
    const errors = await errorsOf(initialFormValues(form));
    expect(Object.keys(errors).sort()).toEqual(['f1', 'f10', 'f11', 'f12', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9']);
    expect(errors.f1).toBe('Le champ « Champ 1 » est obligatoire.');
    expect(initialFormValues(form).f13).toBe('figé');
  });
  it('checks each type', async () => {
    const bad = {
      f1: true,
      f2: 'z',
      f3: ['a', 'z'],
      f4: 'x',
      f5: '2026-02-31',
      f6: 'hier',
      f7: '25:00',
      f8: '1.5',
      f9: 'abc',
      f10: 'x'.repeat(5001),
      f11: 'x'.repeat(256),
      f12: 'pas-un-mail',
    };
    const errors = await errorsOf(bad);
    expect(errors).toEqual({
      f2: 'Le champ « Champ 2 » doit être un des choix proposés.',
      f3: 'Le champ « Champ 3 » doit être une liste de choix proposés.',
      f4: 'Le champ « Champ 4 » doit désigner une photo de la demande.',
      f5: 'Le champ « Champ 5 » doit être une date (AAAA-MM-JJ).',
      f6: 'Le champ « Champ 6 » doit être une date et heure (secondes Unix).',
      f7: 'Le champ « Champ 7 » doit être une heure (HH:mm).',
      f8: 'Le champ « Champ 8 » doit être un nombre entier.',
      f9: 'Le champ « Champ 9 » doit être un nombre.',
      f10: 'Le champ « Champ 10 » doit être un texte de 5000 caractères au plus.',
      f11: 'Le champ « Champ 11 » doit être un texte de 255 caractères au plus.',
      f12: "Le champ « Champ 12 » n'est pas une adresse e-mail valide.",
    });
  });
  it('accepts good values and builds the push payload with normalised values', async () => {
    const good = {
      f1: true,
      f2: 'b',
      f3: ['a', 'b', 'a'],
      f4: '7',
      f5: '2026-11-23',
      f6: '2026-11-23T08:30',
      f7: '08:05',
      f8: '3',
      f9: '2,5',
      f10: 'Long texte',
      f11: 'Nacelle',
      f12: ' ref@site.fr ',
      f13: 'figé',
      f14: '',
    };
    expect(await errorsOf(good)).toEqual({});
    const payload = formPayload(form, good, 42, 4);
    expect(payload.requestId).toBe(42);
    expect(payload.step).toBe(4);
    const values = Object.fromEntries(payload.form.groups![0]!.fields!.map((f) => [f.id, f.value]));
    expect(values).toMatchObject({ 1: true, 2: 'b', 3: ['a', 'b'], 4: 7, 5: '2026-11-23', 7: '08:05', 8: 3, 9: 2.5, 12: 'ref@site.fr', 14: null });
    expect(values[6]).toBe(Math.floor(new Date('2026-11-23T08:30').getTime() / 1000));
    expect(13 in values).toBe(false);
  });
});

describe('debriefing dates', () => {
  it('parses DD-MM-YYYY HH:mm (local time) into unix seconds', () => {
    expect(parseDebriefDate('23-11-2026 08:30')).toBe(Math.floor(new Date(2026, 10, 23, 8, 30).getTime() / 1000));
    expect(parseDebriefDate(' 01-01-2027 00:00 ')).toBe(Math.floor(new Date(2027, 0, 1).getTime() / 1000));
  });
  it('refuses anything else', () => {
    for (const bad of ['', '2026-11-23 08:30', '31-02-2026 10:00', '23-11-2026', '23/11/2026 08:30', '23-11-2026 24:00', '23-13-2026 10:00'])
      expect(parseDebriefDate(bad), bad).toBeNull();
  });
  it('writes a date back in the entry format', () => {
    expect(formatDebriefDate(new Date(2026, 10, 3, 7, 5))).toBe('03-11-2026 07:05');
    expect(parseDebriefDate(formatDebriefDate(new Date(2026, 10, 3, 7, 5)))).toBe(Math.floor(new Date(2026, 10, 3, 7, 5).getTime() / 1000));
  });
});

const item = (id: number, number: string, step: string, type: string, domain: string, property: string, urgency: string) =>
  ({
    id,
    number,
    step: { id: 1, name: step, typeName: '' },
    domain: { name: domain, parentName: null, requestTypeName: type, requestTypeId: 1 },
    realEstate: { id: 1, name: property, label: property, city: null },
    urgencyName: urgency,
  }) as unknown as EchoparkListItem;

describe('list search and filters', () => {
  const items = [
    item(1, 'EP-2026-00012', 'Nouvelle demande', 'Propreté', 'Encombrants', 'Le Confluent', 'Normale'),
    item(2, 'EP-2026-00120', 'Clôturée', 'Éclairage', 'Candélabre éteint', 'Gerland', 'Urgente'),
    item(3, 'EP-2026-00003', 'Nouvelle demande', 'Éclairage', 'Mât endommagé', 'Gerland', 'Urgente'),
  ];
  it('searches the number by substring', () => {
    expect(filterRequests(items, '012', NO_FILTERS).map((i) => i.id)).toEqual([1, 2]);
    expect(filterRequests(items, 'ep-2026-00003', NO_FILTERS).map((i) => i.id)).toEqual([3]);
  });
  it('combines the filters and offers the values present, sorted in French', () => {
    expect(filterRequests(items, '', { ...NO_FILTERS, type: 'Éclairage', urgency: 'Urgente', step: 'Nouvelle demande' }).map((i) => i.id)).toEqual([3]);
    expect(filterOptions(items).type).toEqual(['Éclairage', 'Propreté']);
    expect(filterOptions(items).property).toEqual(['Gerland', 'Le Confluent']);
  });
  it('searches domains by name', () => {
    const domains = [
      { id: 1, name: 'Tags et graffitis', arboid: 1, parent: null },
      { id: 2, name: 'Dépôts sauvages', arboid: 2, parent: null },
    ];
    expect(matchingDomains(domains, 'GRAF').map((d) => d.id)).toEqual([1]);
    expect(matchingDomains(domains, '')).toHaveLength(2);
  });
});

describe('step panel choices', () => {
  const steps = [
    { stepId: 3, stepName: 'Transmise au prestataire', groupId: 11, groupName: 'Technis', roleId: 2 },
    { stepId: 3, stepName: 'Transmise au prestataire', groupId: 12, groupName: 'Élec', roleId: 2 },
    { stepId: 7, stepName: 'Rejetée', groupId: null, groupName: null, roleId: null },
  ];
  it('lists each step once, then the groups of the chosen step', () => {
    expect(stepChoices(steps)).toEqual([
      { id: 3, name: 'Transmise au prestataire' },
      { id: 7, name: 'Rejetée' },
    ]);
    expect(groupChoices(steps, 3).map((g) => g.name)).toEqual(['Technis', 'Élec']);
    expect(groupChoices(steps, 7)).toEqual([]);
  });
});

describe('map tiles', () => {
  it('the worker recognises tiles of the configured template only', () => {
    const osm = tileUrlMatcher(DEFAULT_TILE_URL);
    expect(osm('https://a.tile.openstreetmap.org/12/2104/1461.png')).toBe(true);
    expect(osm('https://tile.openstreetmap.org.evil.fr/1/2/3.png')).toBe(false);
    expect(osm('https://a.tile.openstreetmap.org/api/media/4')).toBe(false);
    const own = tileUrlMatcher('https://tiles.example.fr/styles/{z}/{x}/{y}@2x.png?key=abc');
    expect(own('https://tiles.example.fr/styles/5/16/11@2x.png?key=abc')).toBe(true);
    expect(own('https://tiles.example.fr/other/5/16/11@2x.png')).toBe(false);
  });
});
