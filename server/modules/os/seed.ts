/**
 * About 30 demo OS around "now", over every place of both paths (prices from
 * 850.00 to 48,500.00 around the 10,000 threshold), with documents and
 * messages (automatic ones included).
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import { OS_PLACES, osPath, type OsPlace } from '../../../sync/contract/os-workflow';
import { osNumber } from './routes';

const WORKS = [
  'Remplacement de la chaudière collective, devis joint.',
  'Réfection de l’étanchéité de la toiture terrasse.',
  'Mise en conformité du système de sécurité incendie.',
  'Remplacement des portes palières coupe-feu.',
  'Ravalement de la façade côté cour.',
  'Modernisation de l’ascenseur principal.',
  'Reprise des canalisations en sous-sol.',
  'Installation d’un contrôle d’accès par badge.',
];
const SHORT_PRICES = [850, 2_400.5, 6_800, 9_990, 10_000];
const LONG_PRICES = [12_500, 18_750.4, 26_000, 48_500];
const DAY = 86_400_000;
/** Any price above the threshold, to get the long path. */
const OS_PRICE_LONG = 20_000;

export function seedOs(ctx: AppContext, world: World, { now }: SeedOptions): void {
  const { db } = ctx;
  const insert = db.prepare(
    `INSERT INTO work_validation_requests (number, place, price, information, created_at, real_estate_id, business_area_id, request_type_id, provider_company_id, contact_id, requested_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setNumber = db.prepare(`UPDATE work_validation_requests SET number = ? WHERE id = ?`);
  const building = db.prepare(`INSERT INTO work_validation_buildings (request_id, building_id) VALUES (?, ?)`);
  const media = db.prepare(`INSERT INTO work_validation_media (request_id, media_id) VALUES (?, ?)`);
  const message = db.prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES ('os', ?, ?, ?, ?)`);
  const estates = world.realEstates;
  const leaves = world.businessAreas.filter((a) => a.parentId !== null);
  let n = 0;
  const add = (place: OsPlace, price: number) => {
    const estate = estates[n % estates.length]!;
    const createdAt = new Date(now.getTime() - (3 + n * 2) * DAY).toISOString();
    const requester = estate.ownerCompanyId === world.companies.owner2 ? world.users.gestionnaire2 : n % 2 ? world.users.gt : world.users.gestionnaire;
    const id = Number(
      insert.run(`seed-os-${n}`, place, price, WORKS[n % WORKS.length]!, createdAt, estate.id, leaves[(n * 3) % leaves.length]!.id, world.requestTypes[n % world.requestTypes.length]!.id, world.companies.providers[n % 3]!, estate.contactId, requester).lastInsertRowid,
    );
    setNumber.run(osNumber(id, createdAt), id);
    building.run(id, estate.leafBuildingIds[0] ?? estate.buildingIds[0]!);
    message.run(id, 'Demande de validation de travaux créée', createdAt, null);
    if (n % 2 === 0) message.run(id, 'Le devis du prestataire est joint, merci de valider rapidement.', new Date(Date.parse(createdAt) + DAY).toISOString(), requester);
    if (n % 3 === 0) media.run(id, world.addImage(`devis-${id}.png`, 500 + id, new Date(createdAt), requester));
    n++;
  };
  // Every place of each path, then more of the busy ones, so that each list filter and dashboard line has work.
  for (const [prices, path] of [
    [SHORT_PRICES, osPath(1)],
    [LONG_PRICES, osPath(OS_PRICE_LONG)],
  ] as const) {
    path.forEach((place, i) => add(place, prices[i % prices.length]!));
  }
  for (const place of ['request_completion', 'n1_signature', 'purchase_order_dp', 'os_creation', 'request_intervention_provider', 'request_init', 'n2_signature', 'purchase_order_dt', 'closed', 'start'] as OsPlace[]) {
    add(place, (place === 'n2_signature' || place.startsWith('purchase') ? LONG_PRICES : SHORT_PRICES)[n % 4]!);
  }
  for (let i = 0; n < 30 && i < OS_PLACES.length; i++) add(OS_PLACES[i]!, SHORT_PRICES[i % 5]!);
}
