/**
 * The echopark demo world as data: communities, regions and extra sites (the
 * world's real estates are reused as sites), request types with their domain
 * trees, roles and groups, the step workflow, the progress form (all 12 field
 * types), instructions and the scripted requests. seed.ts turns it into rows.
 */
import type { FormFieldType } from '../../../sync/contract/echopark';

export type CommunityKey = 'lyon' | 'ouest' | 'sud';

export const COMMUNITIES: Record<CommunityKey, string> = {
  lyon: 'Communauté Lyon Métropole',
  ouest: 'Communauté Grand Ouest',
  sud: 'Communauté Sud Méditerranée',
};

/** A user of the third community only, so that each side can check it never sees the other's requests. */
export const SUD_ACCOUNT = { email: 'echopark.sud@demo.fr', firstname: 'marion', lastname: 'Blanc', gsm: '0612345199' };

interface Site {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  lng: number;
  buildings: string[];
}

/** Regions with real centre coordinates; sites are the world's real estates of `cities` plus `extraSites`. */
export const REGIONS: { community: CommunityKey; name: string; city: string; lat: number; lng: number; cities: string[]; extraSites: Site[] }[] = [
  {
    community: 'lyon',
    name: 'Métropole de Lyon',
    city: 'Lyon',
    lat: 45.764,
    lng: 4.8357,
    cities: ['Lyon'],
    extraSites: [
      {
        name: "Parc d'activités de Gerland",
        address: '60 avenue Tony Garnier',
        postalCode: '69007',
        city: 'Lyon',
        lat: 45.7312,
        lng: 4.833,
        buildings: ['Bâtiment Marcel Mérieux', 'Parking P2'],
      },
    ],
  },
  {
    community: 'ouest',
    name: 'Pays de la Loire',
    city: 'Nantes',
    lat: 47.2184,
    lng: -1.5536,
    cities: ['Nantes'],
    extraSites: [
      {
        name: 'Technopole de la Chantrerie',
        address: 'rue Christian Pauc',
        postalCode: '44300',
        city: 'Nantes',
        lat: 47.282,
        lng: -1.52,
        buildings: ['Pôle Atlanpole', 'Parking visiteurs'],
      },
    ],
  },
  {
    community: 'ouest',
    name: 'Nouvelle-Aquitaine',
    city: 'Bordeaux',
    lat: 44.8378,
    lng: -0.5792,
    cities: ['Bordeaux'],
    extraSites: [
      {
        name: 'Bassins à flot',
        address: 'quai Armand Lalande',
        postalCode: '33300',
        city: 'Bordeaux',
        lat: 44.865,
        lng: -0.556,
        buildings: ['Hangar G2', 'Parking du quai'],
      },
    ],
  },
  { community: 'sud', name: "Provence-Alpes-Côte d'Azur", city: 'Marseille', lat: 43.2965, lng: 5.3698, cities: ['Marseille'], extraSites: [] },
  { community: 'sud', name: 'Occitanie', city: 'Montpellier', lat: 43.6108, lng: 3.8767, cities: ['Montpellier'], extraSites: [] },
];

/** [domain, urgency (default Normale), children]. */
type DomainSpec = [string, string | null, DomainSpec[]];

export const REQUEST_TYPES: { name: string; domains: DomainSpec[]; consigne: string }[] = [
  {
    name: 'Propreté',
    consigne: 'Précisez la nature et le volume des déchets. Ne manipulez jamais de déchets dangereux (seringues, amiante) : signalez-les seulement.',
    domains: [
      [
        'Dépôts sauvages',
        null,
        [
          ['Encombrants', null, []],
          ['Déchets verts', null, []],
        ],
      ],
      ['Tags et graffitis', null, []],
      [
        'Nettoyage des voiries',
        null,
        [
          ['Feuilles mortes', null, []],
          ['Bris de verre', 'Urgente', []],
        ],
      ],
      ['Corbeilles pleines', null, []],
    ],
  },
  {
    name: 'Stationnement',
    consigne: "Indiquez l'immatriculation si elle est lisible et l'emplacement exact du véhicule.",
    domains: [
      ['Véhicule ventouse', null, []],
      [
        'Stationnement gênant',
        null,
        [
          ['Sur trottoir', null, []],
          ['Devant un accès pompiers', 'Urgente', []],
        ],
      ],
      ['Bornes de recharge', null, [['Borne hors service', null, []]]],
      ["Barrières d'accès", null, [['Barrière bloquée', 'Urgente', []]]],
    ],
  },
  {
    name: 'Éclairage',
    consigne: 'Relevez le numéro inscrit sur la plaque au pied du candélabre.',
    domains: [
      ['Candélabre éteint', null, []],
      ['Éclairage permanent de jour', 'Basse', []],
      ['Mât endommagé', 'Urgente', []],
      ['Éclairage des parkings', null, []],
    ],
  },
  {
    name: 'Espaces verts',
    consigne: "Indiquez la surface concernée et, pour un arbre, l'essence si vous la connaissez.",
    domains: [
      ['Tonte', 'Basse', []],
      ['Taille des haies', 'Basse', []],
      ['Arbre dangereux', 'Urgente', []],
      ['Arrosage défectueux', null, []],
    ],
  },
];

/**
 * Domains a community has closed for new requests: [community, type, domain]. Lawns are not mowed in
 * winter in Lyon: a member of the Lyon community who asks for one meets the refusal (a 2xx answer with
 * data.reason, as the real backend words it). The creation data still lists the domain: a device may
 * hold creation data from before the closure, and the backend decides at creation.
 */
export const CLOSED_DOMAINS: [CommunityKey, string, string][] = [['lyon', 'Espaces verts', 'Tonte']];

/** Instructions more specific than the type's: [type, domain, site name or null, text]. */
export const SPECIFIC_CONSIGNES: [string, string, string | null, string][] = [
  ['Espaces verts', 'Arbre dangereux', null, 'Danger immédiat : balisez la zone, éloignez le public et appelez la cellule de gestion au 04 72 10 30 30.'],
  ['Stationnement', 'Devant un accès pompiers', null, 'Accès pompiers bloqué : prévenez aussi le gardien, qui peut faire appel à la fourrière.'],
  [
    'Éclairage',
    'Éclairage des parkings',
    'Immeuble Le Confluent',
    "Parking du Confluent : l'éclairage est piloté par la GTB, précisez le niveau et la travée.",
  ],
];

export const ROLES = ['Gestionnaire de communauté', 'Prestataire', 'Service technique'] as const;
export type RoleName = (typeof ROLES)[number];

/** Groups of each community: [name, role, company]. */
export const GROUPS: Record<CommunityKey, [string, RoleName, 'owner' | 'firm' | 0 | 1 | 2][]> = {
  lyon: [
    ['Cellule de gestion Lyon Métropole', 'Gestionnaire de communauté', 'owner'],
    ['Technis Services – propreté et espaces verts', 'Prestataire', 0],
    ['Élec & Clim Atlantique – éclairage Rhône', 'Prestataire', 2],
    ['Service technique Atlas Lyon', 'Service technique', 'firm'],
  ],
  ouest: [
    ['Cellule de gestion Grand Ouest', 'Gestionnaire de communauté', 'owner'],
    ['Élec & Clim Atlantique – Nantes', 'Prestataire', 2],
    ['Service technique Atlas Nantes', 'Service technique', 'firm'],
  ],
  sud: [
    ['Cellule de gestion Sud', 'Gestionnaire de communauté', 'owner'],
    ['Technis Services – Méditerranée', 'Prestataire', 0],
  ],
};

/** Who receives a new request: the manager cell, except parking which goes to the technical service where there is one. */
export const ROUTING: Record<CommunityKey, Record<string, number>> = {
  lyon: { Propreté: 0, Stationnement: 3, Éclairage: 0, 'Espaces verts': 0 },
  ouest: { Propreté: 0, Stationnement: 2, Éclairage: 0, 'Espaces verts': 0 },
  // Parking is not handled in the south: the creation data leaves the type out.
  sud: { Propreté: 0, Éclairage: 0, 'Espaces verts': 0 },
};

export const STEPS = [
  { name: 'Nouvelle demande', typeName: 'Création', canMessage: 1, debrief: 0, closing: 0, form: false },
  { name: 'En qualification', typeName: 'Analyse', canMessage: 1, debrief: 0, closing: 0, form: false },
  { name: 'Transmise au prestataire', typeName: 'Affectation', canMessage: 1, debrief: 0, closing: 0, form: false },
  { name: 'Intervention en cours', typeName: 'Traitement', canMessage: 1, debrief: 1, closing: 0, form: true },
  { name: 'Intervention réalisée', typeName: 'Contrôle', canMessage: 1, debrief: 1, closing: 0, form: true },
  { name: 'Clôturée', typeName: 'Clôture', canMessage: 0, debrief: 0, closing: 1, form: false },
  { name: 'Rejetée', typeName: 'Clôture', canMessage: 0, debrief: 0, closing: 1, form: false },
] as const;

/** [from position, to position, role or null (closing: nobody receives it)]. */
export const TRANSITIONS: [number, number, RoleName | null][] = [
  [1, 2, 'Gestionnaire de communauté'],
  [1, 7, null],
  [2, 3, 'Prestataire'],
  [2, 4, 'Service technique'],
  [2, 7, null],
  [3, 4, 'Prestataire'],
  [3, 2, 'Gestionnaire de communauté'],
  [4, 5, 'Gestionnaire de communauté'],
  [4, 3, 'Prestataire'],
  [5, 6, null],
  [5, 4, 'Prestataire'],
];

interface FieldSpec {
  key: string;
  label: string;
  type: FormFieldType;
  obligatoire?: boolean;
  disabled?: boolean;
  choices?: string[];
  placeholder?: string;
}

export const PROGRESS_FORM: { label: string; fieldsets: { label: string; fields: FieldSpec[] }[] } = {
  label: "Suivi d'intervention",
  fieldsets: [
    {
      label: 'Constat sur place',
      fields: [
        { key: 'constat_nature', label: 'Nature du constat', type: 'combo', obligatoire: true, choices: ['Dégradation', 'Usure', 'Vandalisme', 'Autre'] },
        {
          key: 'constat_elements',
          label: 'Éléments concernés',
          type: 'list',
          choices: ['Voirie', 'Mobilier urbain', 'Éclairage', 'Végétaux', 'Signalisation'],
        },
        {
          key: 'constat_description',
          label: 'Description du constat',
          type: 'textarea',
          obligatoire: true,
          placeholder: 'Ce que vous avez constaté en arrivant',
        },
        { key: 'constat_photo', label: 'Photo du constat', type: 'upload' },
      ],
    },
    {
      label: 'Intervention',
      fields: [
        { key: 'date_passage', label: 'Date de passage', type: 'date', obligatoire: true },
        { key: 'heure_arrivee', label: "Heure d'arrivée", type: 'time', obligatoire: true },
        { key: 'debut_travaux', label: 'Début des travaux', type: 'timestamp' },
        { key: 'nb_intervenants', label: "Nombre d'intervenants", type: 'integer', obligatoire: true },
        { key: 'duree_heures', label: 'Durée (heures)', type: 'number' },
        { key: 'materiel', label: 'Matériel utilisé', type: 'text', placeholder: 'Nacelle, balayeuse…' },
      ],
    },
    {
      label: 'Clôture',
      fields: [
        { key: 'zone_securisee', label: 'Zone sécurisée après intervention', type: 'checkbox', obligatoire: true },
        { key: 'email_referent', label: 'E-mail du référent sur site', type: 'email' },
        { key: 'reference_bon', label: 'Référence du bon de commande', type: 'text', disabled: true },
      ],
    },
  ],
};
