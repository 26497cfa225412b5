/**
 * The core of the demo world: companies, demo accounts, real estates with
 * their building trees, the business-area tree and request types. Module
 * seeders (server/modules/<m>/seed.ts) add their objects on top of it.
 */
import type { AppContext } from '../context';
import { hashPassword } from '../http/auth';
import type { Role } from '../../sync/contract/roles';
import { demoPng } from './images';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  key: string;
  email: string;
  firstname: string;
  lastname: string;
  roles: Role[];
  company: 'owner' | 'owner2' | 'firm' | 'provider0' | 'provider1' | 'provider2' | null;
  isManager?: boolean;
  /** Role shown in the README. */
  description: string;
}

export const DEMO_ACCOUNTS = [
  {
    key: 'gestionnaire',
    email: 'gestionnaire@demo.fr',
    firstname: 'camille',
    lastname: 'Martin',
    roles: ['ROLE_OWNER_ADMIN'],
    company: 'owner',
    isManager: true,
    description: 'gestionnaire (ROLE_OWNER_ADMIN), interventions et droits OS',
  },
  {
    key: 'prestataire',
    email: 'prestataire@demo.fr',
    firstname: 'karim',
    lastname: 'Benali',
    roles: ['ROLE_SERVICE_PROVIDER_ADMIN'],
    company: 'provider0',
    description: 'prestataire (ROLE_SERVICE_PROVIDER_ADMIN), Technis Services',
  },
  {
    key: 'inspecteur',
    email: 'inspecteur@demo.fr',
    firstname: 'julie',
    lastname: 'Lefèvre',
    roles: ['ROLE_VISIT_TECHNICIAN'],
    company: 'firm',
    description: 'inspectrice (ROLE_VISIT_TECHNICIAN)',
  },
  {
    key: 'inspecteur2',
    email: 'inspecteur2@demo.fr',
    firstname: 'thomas',
    lastname: 'Girard',
    roles: ['ROLE_VISIT_TECHNICIAN'],
    company: 'firm',
    description: 'inspecteur (ROLE_VISIT_TECHNICIAN)',
  },
  {
    key: 'echopark',
    email: 'echopark@demo.fr',
    firstname: 'sophie',
    lastname: 'Moreau',
    roles: ['ROLE_ECHOPARK'],
    company: 'owner',
    description: 'echopark (ROLE_ECHOPARK), deux communautés',
  },
  {
    key: 'admin',
    email: 'admin@demo.fr',
    firstname: 'nicolas',
    lastname: 'Roux',
    roles: ['ROLE_ADMIN'],
    company: 'owner',
    isManager: true,
    description: 'administrateur (ROLE_ADMIN), tous les modules',
  },
  {
    key: 'gt',
    email: 'gt@demo.fr',
    firstname: 'antoine',
    lastname: 'Dubois',
    roles: ['ROLE_FIRM_TECHNICAL_MANAGER'],
    company: 'firm',
    description: 'OS : gestionnaire technique (GT)',
  },
  {
    key: 'gl',
    email: 'gl@demo.fr',
    firstname: 'léa',
    lastname: 'Petit',
    roles: ['ROLE_FIRM_RENTAL_MANAGER'],
    company: 'firm',
    description: 'OS : gestionnaire locatif (GL)',
  },
  {
    key: 'at',
    email: 'at@demo.fr',
    firstname: 'hugo',
    lastname: 'Fontaine',
    roles: ['ROLE_FIRM_TECHNICAL_ASSISTANT'],
    company: 'firm',
    description: 'OS : assistant technique (AT)',
  },
  {
    key: 'dp',
    email: 'dp@demo.fr',
    firstname: 'claire',
    lastname: 'Mercier',
    roles: ['ROLE_FIRM_REAL_ESTATE_DIRECTOR'],
    company: 'firm',
    description: 'OS : directeur du patrimoine (DP)',
  },
  {
    key: 'dt',
    email: 'dt@demo.fr',
    firstname: 'olivier',
    lastname: 'Lambert',
    roles: ['ROLE_FIRM_TECHNICAL_DIRECTOR'],
    company: 'firm',
    description: 'OS : directeur technique (DT)',
  },
  {
    key: 'gestionnaire2',
    email: 'gestionnaire2@demo.fr',
    firstname: 'pauline',
    lastname: 'Garnier',
    roles: ['ROLE_OWNER'],
    company: 'owner2',
    isManager: true,
    description: "gestionnaire d'un autre propriétaire (contrôle d'accès)",
  },
  {
    key: 'prestataire2',
    email: 'prestataire2@demo.fr',
    firstname: 'marc',
    lastname: 'Rousseau',
    roles: ['ROLE_SERVICE_PROVIDER'],
    company: 'provider1',
    description: "prestataire d'une autre entreprise (contrôle d'accès)",
  },
] as const satisfies readonly DemoAccount[];

export type DemoKey = (typeof DEMO_ACCOUNTS)[number]['key'];

export interface SeededRealEstate {
  id: number;
  name: string;
  ownerCompanyId: number;
  contactId: number;
  city: string;
  /** Every building of the real estate, parents first. */
  buildingIds: number[];
  /** Buildings without children, the ones interventions usually target. */
  leafBuildingIds: number[];
}

export interface World {
  users: Record<DemoKey, number>;
  companies: { owner: number; owner2: number; firm: number; providers: [number, number, number] };
  realEstates: SeededRealEstate[];
  /** Business areas; leaves are the ones requests use. */
  businessAreas: { id: number; name: string; parentId: number | null }[];
  requestTypes: { id: number; name: string }[];
  /** Stores a generated image and returns its media id. */
  addImage(name: string, seed: number, date: Date, uploadedBy: number | null): number;
}

const REAL_ESTATES = [
  { name: 'Résidence Les Terrasses du Parc', address: '12 rue Garibaldi', postalCode: '69006', city: 'Lyon', lat: 45.7676, lng: 4.852, owner: 'owner' },
  { name: 'Immeuble Le Confluent', address: '45 quai Rambaud', postalCode: '69002', city: 'Lyon', lat: 45.7405, lng: 4.8177, owner: 'owner' },
  { name: "Centre d'affaires Euralille Nord", address: '8 avenue Le Corbusier', postalCode: '59800', city: 'Lille', lat: 50.6369, lng: 3.0752, owner: 'owner' },
  {
    name: 'Résidence Port-Marianne',
    address: '150 avenue Raymond Dugrand',
    postalCode: '34000',
    city: 'Montpellier',
    lat: 43.6035,
    lng: 3.8977,
    owner: 'owner',
  },
  { name: 'Tour Atlantique', address: '2 rue de la Loire', postalCode: '44200', city: 'Nantes', lat: 47.2058, lng: -1.5414, owner: 'owner' },
  { name: 'Les Jardins de la Garonne', address: '30 quai de Bacalan', postalCode: '33300', city: 'Bordeaux', lat: 44.8625, lng: -0.553, owner: 'owner' },
  { name: 'Campus Saint-Charles', address: '18 boulevard Voltaire', postalCode: '13001', city: 'Marseille', lat: 43.3035, lng: 5.383, owner: 'owner' },
  { name: 'Immeuble Haussmann 112', address: '112 boulevard Haussmann', postalCode: '75008', city: 'Paris', lat: 48.8747, lng: 2.3145, owner: 'owner2' },
  { name: 'Le Carré Bellecour', address: '3 place Antonin Poncet', postalCode: '69002', city: 'Lyon', lat: 45.7558, lng: 4.8331, owner: 'owner2' },
] as const;

const BUSINESS_AREAS: [string, string[]][] = [
  ['Plomberie', ["Fuite d'eau", 'Sanitaires', 'Chauffe-eau', 'Canalisations']],
  ['Électricité', ['Éclairage des parties communes', 'Tableau électrique', 'Prises et interrupteurs']],
  ['CVC', ['Chauffage', 'Climatisation', 'Ventilation']],
  ['Ascenseurs', ['Panne', 'Maintenance', 'Portes palières']],
  ['Sécurité incendie', ['Extincteurs', 'Désenfumage', 'Alarme incendie']],
  ['Serrurerie', ['Portes et accès', "Contrôle d'accès"]],
  ['Espaces verts', ['Tonte et taille', 'Arrosage']],
  ['Nettoyage', ['Parties communes', 'Vitrerie']],
];

const REQUEST_TYPES = ['Dépannage', 'Maintenance préventive', "Travaux d'amélioration", 'Mise en conformité'];

export function seedWorld(ctx: AppContext): World {
  const { db } = ctx;
  const insertContact = db.prepare(`INSERT INTO contacts (address, additional_address, postal_code, city) VALUES (?, ?, ?, ?)`);
  const contact = (address: string, postalCode: string, city: string, extra: string | null = null) =>
    Number(insertContact.run(address, extra, postalCode, city).lastInsertRowid);
  const insertCompany = db.prepare(`INSERT INTO companies (name, kind, main_contact_id) VALUES (?, ?, ?)`);
  const company = (name: string, kind: 'owner' | 'provider' | 'firm', contactId: number) => Number(insertCompany.run(name, kind, contactId).lastInsertRowid);

  const companies = {
    owner: company('Foncière Horizon', 'owner', contact('25 rue de la République', '69002', 'Lyon')),
    owner2: company('SCI Les Tilleuls', 'owner', contact('8 rue de Miromesnil', '75008', 'Paris')),
    firm: company('Groupe Immobilier Atlas', 'firm', contact('14 cours Lafayette', '69003', 'Lyon')),
    providers: [
      company('Technis Services', 'provider', contact('7 rue des Artisans', '69100', 'Villeurbanne')),
      company('Hydro Plomberie Lyonnaise', 'provider', contact('52 avenue Jean Jaurès', '69007', 'Lyon')),
      company('Élec & Clim Atlantique', 'provider', contact('3 rue de Strasbourg', '44000', 'Nantes')),
    ] as [number, number, number],
  };
  const companyId = (key: DemoAccount['company']): number | null => {
    if (key === null) return null;
    if (key.startsWith('provider')) return companies.providers[Number(key.slice(-1))]!;
    return companies[key as 'owner' | 'owner2' | 'firm'];
  };

  // One hash for all demo accounts: scrypt is slow on purpose, and they share the password.
  const hash = hashPassword(DEMO_PASSWORD);
  const insertUser = db.prepare(
    `INSERT INTO users (email, password_hash, firstname, lastname, gsm, roles, company_id, is_manager, ia_links) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const iaLinks = JSON.stringify([
    { name: 'Assistant réglementaire', url: 'https://chat.mistral.ai/' },
    { name: 'Assistant rédaction', url: 'https://chatgpt.com/' },
  ]);
  const users = {} as Record<DemoKey, number>;
  DEMO_ACCOUNTS.forEach((account, index) => {
    const gsm = `0612345${100 + index}`;
    const managerFlag = 'isManager' in account && account.isManager ? 1 : 0;
    const links = account.key === 'gestionnaire' || account.key === 'admin' ? iaLinks : '[]';
    users[account.key] = Number(
      insertUser.run(
        account.email,
        hash,
        account.firstname,
        account.lastname,
        gsm,
        JSON.stringify(account.roles),
        companyId(account.company),
        managerFlag,
        links,
      ).lastInsertRowid,
    );
  });

  const insertRealEstate = db.prepare(
    `INSERT INTO real_estates (name, main_contact_id, owner_company_id, has_contract, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertBuilding = db.prepare(`INSERT INTO buildings (name, real_estate_id, parent_id) VALUES (?, ?, ?)`);
  const manage = db.prepare(`INSERT INTO user_real_estates (user_id, real_estate_id) VALUES (?, ?)`);
  const realEstates: SeededRealEstate[] = REAL_ESTATES.map((re, index) => {
    const contactId = contact(re.address, re.postalCode, re.city, index % 3 === 0 ? 'Accès par la rue arrière' : null);
    const ownerCompanyId = companies[re.owner];
    const id = Number(insertRealEstate.run(re.name, contactId, ownerCompanyId, index === 6 ? 0 : 1, re.lat, re.lng).lastInsertRowid);
    const buildingIds: number[] = [];
    const leafBuildingIds: number[] = [];
    const building = (name: string, parent: number | null) => {
      const bid = Number(insertBuilding.run(name, id, parent).lastInsertRowid);
      buildingIds.push(bid);
      return bid;
    };
    for (const letter of index % 2 === 0 ? ['A', 'B'] : ['A', 'B', 'C']) {
      const b = building(`Bâtiment ${letter}`, null);
      const stair = building(`Cage d'escalier ${letter}1`, b);
      leafBuildingIds.push(building(`Hall ${letter}1`, stair), building(`Étages ${letter}1`, stair));
      leafBuildingIds.push(building(`Toiture ${letter}`, b));
    }
    const parking = building('Parking souterrain', null);
    leafBuildingIds.push(building('Niveau -1', parking), building('Niveau -2', parking));
    if (re.owner === 'owner') {
      manage.run(users.gestionnaire, id);
      manage.run(users.admin, id);
      manage.run(users.echopark, id);
    } else {
      manage.run(users.gestionnaire2, id);
    }
    return { id, name: re.name, ownerCompanyId, contactId, city: re.city, buildingIds, leafBuildingIds };
  });

  const insertArea = db.prepare(`INSERT INTO business_areas (name, parent_id) VALUES (?, ?)`);
  const businessAreas: World['businessAreas'] = [];
  for (const [parentName, children] of BUSINESS_AREAS) {
    const parentId = Number(insertArea.run(parentName, null).lastInsertRowid);
    businessAreas.push({ id: parentId, name: parentName, parentId: null });
    for (const child of children) businessAreas.push({ id: Number(insertArea.run(child, parentId).lastInsertRowid), name: child, parentId });
  }

  const insertType = db.prepare(`INSERT INTO request_types (name) VALUES (?)`);
  const requestTypes = REQUEST_TYPES.map((name) => ({ id: Number(insertType.run(name).lastInsertRowid), name }));

  const insertMedia = db.prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, 'image/png', ?, ?, ?, ?)`);
  const addImage = (name: string, seed: number, date: Date, uploadedBy: number | null) => {
    const data = demoPng(seed);
    const md5 = ctx.files.put(data);
    return Number(insertMedia.run(name, md5, data.length, date.toISOString(), uploadedBy).lastInsertRowid);
  };

  return { users, companies, realEstates, businessAreas, requestTypes, addImage };
}
