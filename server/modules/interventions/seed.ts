/**
 * Demo interventions around "now": about 60 scripted requests over the owner's
 * real estates and the three providers (most for Technis Services, the
 * prestataire@demo.fr company), in every place, with appointments in every
 * status (accepted ones already begun, proposals to validate), debriefings in
 * every status, ratings, messages (automatic ones included) and photos; a few
 * for gestionnaire2's and prestataire2's companies so access control shows.
 * `scale` adds generated ones (no media) for benchmarks.
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import { INTERVENTION_PLACE_LIST, STEP_MESSAGES, type InterventionPlace } from '../../../sync/contract/interventions';
import { interventionNumber } from './access';

const PROBLEMS = [
  'Fuite d’eau sous l’évier de la loge du gardien, le placard est trempé.',
  'L’éclairage du hall d’entrée ne fonctionne plus depuis hier soir.',
  'Ascenseur bloqué au 3e étage, les résidents signalent un bruit anormal.',
  'Radiateurs froids dans les bureaux du 2e étage malgré la mise en chauffe.',
  'Porte du parking qui ne se referme plus, risque d’intrusion.',
  'Extincteurs à vérifier : date de contrôle dépassée sur le palier du 1er.',
  'Odeur d’égout persistante dans les sanitaires du rez-de-chaussée.',
  'Climatisation de la salle de réunion en panne, 31 °C relevés.',
  'Interphone hors service au bâtiment B, les livreurs ne peuvent plus entrer.',
  'Chasse d’eau qui coule en continu dans les toilettes communes.',
  'Bouche d’extraction VMC très bruyante dans le couloir du 4e.',
  'Tableau électrique qui disjoncte plusieurs fois par jour.',
];

const CHAT = [
  'Bonjour, pouvez-vous nous donner une estimation du délai ?',
  'Bonjour, notre technicien passera dans la semaine.',
  'Merci de prévenir le gardien avant votre passage.',
  'C’est noté, nous appellerons la loge la veille.',
  'Les résidents s’impatientent, merci de faire au plus vite.',
];

const DAY = 86_400_000;

/** How many scripted requests per place; every place is present. */
const PLAN: [InterventionPlace, number][] = [
  ['start', 3],
  ['waiting', 9],
  ['planning', 8],
  ['planned', 8],
  ['in_progress', 8],
  ['debriefing', 4],
  ['done', 8],
  ['closed', 6],
  ['reclaim', 4],
];

export function seedInterventions(ctx: AppContext, world: World, { now, scale }: SeedOptions): void {
  const { db } = ctx;
  const at = (days: number, hour = 9) => new Date(Math.floor(now.getTime() / DAY) * DAY + days * DAY + hour * 3_600_000).toISOString();
  const insert = db.prepare(
    `INSERT INTO intervention_requests (number, place, created_at, real_estate_id, business_area_id, contact_id, information, requested_by, provider_company_id, owner_company_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setNumber = db.prepare(`UPDATE intervention_requests SET number = ? WHERE id = ?`);
  const link = db.prepare(`INSERT INTO intervention_buildings (intervention_id, building_id) VALUES (?, ?)`);
  const media = db.prepare(`INSERT INTO intervention_media (intervention_id, media_id) VALUES (?, ?)`);
  const appointment = db.prepare(
    `INSERT INTO appointments (intervention_id, date, date_end, status, reason, information, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const debriefing = db.prepare(`INSERT INTO debriefings (intervention_id, message, date_begin, date_end, status, done_by) VALUES (?, ?, ?, ?, ?, ?)`);
  const debriefingMedia = db.prepare(`INSERT INTO debriefing_media (debriefing_id, media_id) VALUES (?, ?)`);
  const rating = db.prepare(`INSERT INTO ratings (intervention_id, type, global_rate, message, author_id) VALUES (?, ?, ?, ?, ?)`);
  const message = db.prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES ('intervention', ?, ?, ?, ?)`);
  const leaves = world.businessAreas.filter((a) => a.parentId !== null);
  const owned = world.realEstates.filter((r) => r.ownerCompanyId === world.companies.owner);
  const owned2 = world.realEstates.filter((r) => r.ownerCompanyId === world.companies.owner2);
  const [technis, hydro, elec] = world.companies.providers;
  const u = world.users;

  let n = 0;
  const create = (
    place: InterventionPlace,
    ageDays: number,
    estate = owned[n % owned.length]!,
    provider = [technis, technis, hydro, technis, elec][n % 5]!,
    requester: number = u.gestionnaire,
  ) => {
    const createdAt = at(-ageDays, 8 + (n % 9));
    const id = Number(
      insert.run(
        `seed-${n}`,
        place,
        createdAt,
        estate.id,
        leaves[n % leaves.length]!.id,
        estate.contactId,
        PROBLEMS[n % PROBLEMS.length]!,
        requester,
        provider,
        estate.ownerCompanyId,
      ).lastInsertRowid,
    );
    setNumber.run(interventionNumber(id, createdAt), id);
    link.run(id, estate.leafBuildingIds[n % estate.leafBuildingIds.length] ?? estate.buildingIds[0]!);
    n++;
    return { id, createdAt, provider };
  };
  const providerUser = (company: number) => (company === technis ? u.prestataire : company === hydro ? u.prestataire2 : null);

  for (const [place, count] of PLAN) {
    for (let i = 0; i < count; i++) {
      const index = INTERVENTION_PLACE_LIST.indexOf(place);
      const age = 2 + i * 3 + index;
      const { id, createdAt, provider } = create(place, age);
      const pro = providerUser(provider);
      message.run(id, STEP_MESSAGES.waiting, createdAt, null);
      if (i % 2 === 0) message.run(id, CHAT[(id + 0) % CHAT.length]!, at(-age + 1, 10), u.gestionnaire);
      if (i % 2 === 0 && pro) message.run(id, CHAT[(id + 1) % CHAT.length]!, at(-age + 1, 14), pro);
      if (i % 3 === 0) media.run(id, world.addImage(`photo-${id}.png`, id, new Date(createdAt), u.gestionnaire));

      if (place === 'planning') {
        appointment.run(id, at(1 + i, 9), at(1 + i, 11), 1, null, 'Intervention d’un technicien, prévoir l’accès au local technique.', pro);
        if (i % 2 === 0) appointment.run(id, at(2 + i, 14), at(2 + i, 16), 1, null, null, pro);
        if (i % 3 === 0) appointment.run(id, at(-1, 9), at(-1, 10), 3, 'Le gardien est absent ce jour-là.', null, pro);
        message.run(id, STEP_MESSAGES.planning, at(-1, 18), null);
      }
      const pastDays = Math.min(age - 1, 3);
      if (place === 'planned') {
        // Half have begun already: the provider is asked whether the work is under way.
        const start = i % 2 === 0 ? at(-1, 15) : at(1 + i, 9);
        appointment.run(id, start, new Date(Date.parse(start) + 3 * 3_600_000).toISOString(), 2, null, null, pro);
        message.run(id, STEP_MESSAGES.planned, at(-pastDays, 18), null);
      }
      if (['in_progress', 'debriefing', 'done', 'closed', 'reclaim'].includes(place)) {
        appointment.run(id, at(-pastDays, 9), at(-pastDays, 12), 2, null, null, pro);
        message.run(id, STEP_MESSAGES.in_progress, at(-pastDays, 9), null);
      }
      if (['in_progress', 'debriefing', 'done', 'closed', 'reclaim'].includes(place)) {
        const status = place === 'in_progress' ? (i % 3 === 0 ? 0 : i % 3 === 1 ? 2 : 0) : 1;
        if (place !== 'in_progress' || i % 2 === 0) {
          const d = Number(
            debriefing.run(
              id,
              'Recherche de panne effectuée, pièce défectueuse remplacée. Essais concluants.',
              at(-pastDays, 9),
              at(-pastDays, 12),
              status,
              pro,
            ).lastInsertRowid,
          );
          if (i % 2 === 0) debriefingMedia.run(d, world.addImage(`cr-${d}.png`, 1000 + d, new Date(at(-pastDays, 12)), pro));
        }
        if (place === 'in_progress' && i === 1)
          debriefing.run(id, 'Première visite : diagnostic posé, commande de pièces en cours.', at(-pastDays, 9), at(-pastDays, 11), 2, pro);
      }
      if (place === 'done' || place === 'closed') {
        message.run(id, STEP_MESSAGES.done, at(-pastDays, 13), null);
        if (i % 2 === 0) rating.run(id, 1, 4 + (i % 2), 'Intervention rapide et propre, merci.', u.gestionnaire);
        if (place === 'closed' && pro) rating.run(id, 0, 5, 'Accès facilité par le gardien.', pro);
        if (place === 'closed') message.run(id, STEP_MESSAGES.closed, at(-pastDays + 1, 9), null);
      }
      if (place === 'reclaim') message.run(id, STEP_MESSAGES.reclaim, at(-1, 9), null);
    }
  }

  // Another owner's requests, one of them with prestataire2's company: invisible to the main demo accounts.
  for (const [i, place] of (['waiting', 'planning', 'in_progress', 'done'] as const).entries()) {
    const { id, createdAt } = create(place, 3 + i, owned2[i % owned2.length]!, i % 2 === 0 ? hydro : elec, u.gestionnaire2);
    message.run(id, STEP_MESSAGES.waiting, createdAt, null);
    if (place === 'planning') appointment.run(id, at(2, 9), at(2, 11), 1, null, null, u.prestataire2);
  }

  for (let i = 0; i < scale; i++) {
    const place = INTERVENTION_PLACE_LIST[i % INTERVENTION_PLACE_LIST.length]!;
    const estate = owned[i % owned.length]!;
    const createdAt = at(-(i % 700), i % 24);
    const id = Number(
      insert.run(
        `gen-${i}`,
        place,
        createdAt,
        estate.id,
        leaves[i % leaves.length]!.id,
        estate.contactId,
        PROBLEMS[i % PROBLEMS.length]!,
        u.gestionnaire,
        world.companies.providers[i % 3]!,
        estate.ownerCompanyId,
      ).lastInsertRowid,
    );
    setNumber.run(interventionNumber(id, createdAt), id);
  }
}
