/**
 * The scripted echopark requests: each is created around `now`, then walked
 * along the workflow to its step, leaving the history a real one would have
 * (step changes, closures, messages, photos, form answers, debriefings).
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import { ECHOPARK_MESSAGE_TYPES } from '../../../sync/contract/echopark';
import { addHistory } from './access';
import { nextSteps } from './serializers';
import { requestNumber } from './request-routes';
import type { CommunityKey } from './seed-data';

export interface SeedRefs {
  communities: Record<CommunityKey, number>;
  /** By site name, or "site / building". */
  properties: Map<string, number>;
  /** By "type / domain". */
  domainTree: Map<string, number>;
  types: Map<string, number>;
  /** Step ids by position - 1. */
  steps: number[];
  fields: Map<string, number>;
  users: { echopark: number; admin: number; sud: number };
}

interface Script {
  community: CommunityKey;
  type: string;
  domain: string;
  site: string;
  by: keyof SeedRefs['users'];
  step: number;
  days: number;
  message: string;
  /** Message to the provider once the request reached it. */
  note?: string;
}

const SCRIPTS: Script[] = [
  {
    community: 'lyon',
    type: 'Propreté',
    domain: 'Encombrants',
    site: 'Résidence Les Terrasses du Parc / Bâtiment B',
    by: 'echopark',
    step: 1,
    days: 0.2,
    message: "Un canapé et une dizaine de cartons ont été déposés devant l'entrée du bâtiment B ce matin.",
  },
  {
    community: 'lyon',
    type: 'Éclairage',
    domain: 'Candélabre éteint',
    site: 'Immeuble Le Confluent / Bâtiment A',
    by: 'echopark',
    step: 2,
    days: 2,
    message: "Le candélabre à l'angle du quai est éteint depuis trois nuits, le passage est très sombre.",
  },
  {
    community: 'lyon',
    type: 'Stationnement',
    domain: 'Devant un accès pompiers',
    site: "Parc d'activités de Gerland",
    by: 'admin',
    step: 3,
    days: 4,
    message: "Un utilitaire blanc stationne chaque soir devant l'accès pompiers du bâtiment Marcel Mérieux.",
    note: 'Le gardien est présent de 7 h à 19 h et peut vous ouvrir la barrière.',
  },
  {
    community: 'lyon',
    type: 'Espaces verts',
    domain: 'Arbre dangereux',
    site: 'Résidence Les Terrasses du Parc',
    by: 'echopark',
    step: 4,
    days: 6,
    message: "Une grosse branche du platane côté parking menace de tomber depuis l'orage de lundi.",
    note: 'Prévoir une nacelle : la branche est à environ six mètres de hauteur.',
  },
  {
    community: 'lyon',
    type: 'Propreté',
    domain: 'Tags et graffitis',
    site: 'Le Carré Bellecour',
    by: 'echopark',
    step: 5,
    days: 9,
    message: 'Tags sur la façade côté place, environ 4 m² sur la pierre.',
    note: 'Façade en pierre de taille : nettoyage basse pression uniquement.',
  },
  {
    community: 'lyon',
    type: 'Éclairage',
    domain: 'Éclairage des parkings',
    site: 'Immeuble Le Confluent / Parking souterrain',
    by: 'admin',
    step: 6,
    days: 15,
    message: 'Trois tubes néon hors service au niveau -1, travée C.',
  },
  {
    community: 'lyon',
    type: 'Stationnement',
    domain: 'Véhicule ventouse',
    site: 'Résidence Les Terrasses du Parc / Parking souterrain',
    by: 'echopark',
    step: 7,
    days: 12,
    message: "Une berline grise n'a pas bougé de la place 14 depuis trois semaines.",
  },
  {
    community: 'lyon',
    type: 'Espaces verts',
    domain: 'Tonte',
    site: "Parc d'activités de Gerland / Parking P2",
    by: 'echopark',
    step: 4,
    days: 3,
    message: "L'herbe des îlots du parking P2 dépasse 30 cm et gêne la visibilité en sortie.",
  },
  {
    community: 'lyon',
    type: 'Propreté',
    domain: 'Corbeilles pleines',
    site: 'Immeuble Le Confluent',
    by: 'admin',
    step: 2,
    days: 1,
    message: 'Les corbeilles du parvis débordent depuis le week-end.',
  },
  {
    community: 'ouest',
    type: 'Éclairage',
    domain: 'Mât endommagé',
    site: 'Tour Atlantique',
    by: 'echopark',
    step: 3,
    days: 5,
    message: "Un mât d'éclairage a été percuté par un véhicule et penche dangereusement vers l'allée.",
    note: 'La zone est balisée avec des barrières, le mât reste sous tension.',
  },
  {
    community: 'ouest',
    type: 'Propreté',
    domain: 'Feuilles mortes',
    site: 'Les Jardins de la Garonne',
    by: 'echopark',
    step: 1,
    days: 0.5,
    message: 'Les allées sont couvertes de feuilles mouillées, plusieurs résidents ont glissé.',
  },
  {
    community: 'ouest',
    type: 'Stationnement',
    domain: 'Borne hors service',
    site: 'Bassins à flot / Parking du quai',
    by: 'admin',
    step: 5,
    days: 8,
    message: 'La borne de recharge n° 3 affiche une erreur et ne délivre plus de courant.',
  },
  {
    community: 'ouest',
    type: 'Espaces verts',
    domain: 'Arrosage défectueux',
    site: 'Technopole de la Chantrerie',
    by: 'echopark',
    step: 6,
    days: 20,
    message: "Un arroseur automatique fuit en continu près de l'entrée du pôle Atlanpole.",
  },
  {
    community: 'ouest',
    type: 'Éclairage',
    domain: 'Éclairage permanent de jour',
    site: 'Les Jardins de la Garonne',
    by: 'admin',
    step: 4,
    days: 4,
    message: "L'éclairage de l'allée principale reste allumé en plein jour.",
  },
  {
    community: 'sud',
    type: 'Propreté',
    domain: 'Déchets verts',
    site: 'Campus Saint-Charles',
    by: 'sud',
    step: 2,
    days: 2,
    message: 'Des sacs de tonte ont été abandonnés derrière le bâtiment A.',
  },
  {
    community: 'sud',
    type: 'Espaces verts',
    domain: 'Taille des haies',
    site: 'Résidence Port-Marianne',
    by: 'sud',
    step: 4,
    days: 7,
    message: "La haie le long de l'avenue déborde sur le trottoir et gêne les poussettes.",
  },
];

const PATHS: Record<number, number[]> = { 1: [], 2: [2], 3: [2, 3], 4: [2, 3, 4], 5: [2, 3, 4, 5], 6: [2, 3, 4, 5, 6], 7: [7] };
const STEP_COMMENTS: Record<number, string> = {
  2: 'Demande prise en charge par la cellule de gestion, qualification en cours.',
  3: 'Demande transmise au prestataire pour intervention.',
  4: 'Intervention planifiée, équipe en route.',
  5: 'Travaux réalisés, merci de procéder au contrôle.',
  6: 'Contrôle effectué sur place : demande clôturée.',
  7: "Demande rejetée : le véhicule appartient à un résident disposant d'un emplacement.",
};

type Event = { kind: 'picture' } | { kind: 'step'; to: number } | { kind: 'note' } | { kind: 'form' } | { kind: 'debrief'; done: boolean } | { kind: 'done' };

function events(s: Script, index: number): Event[] {
  const list: Event[] = [];
  if (s.step >= 2 || index % 2 === 0) list.push({ kind: 'picture' });
  for (const to of PATHS[s.step]!) {
    list.push({ kind: 'step', to });
    if (to === 3 && s.note) list.push({ kind: 'note' });
    if (to === 4 && (s.step > 4 || s.days > 3.5)) list.push({ kind: 'picture' }, { kind: 'form' }, { kind: 'debrief', done: s.step > 4 });
    if (to === 5) list.push({ kind: 'done' });
  }
  return list;
}

export function seedRequests(ctx: AppContext, world: World, { now }: SeedOptions, refs: SeedRefs): void {
  const { db } = ctx;
  const insert = db.prepare(
    `INSERT INTO echopark_requests (number, community_id, request_type_id, domain_tree_id, property_id, step_id, initial_group_id, current_group_id, requested_by, message, urgency_name, created_at, modified_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const groupOfRole = (community: number, roleName: string) =>
    (
      db
        .prepare(`SELECT g.id FROM echopark_groups g JOIN echopark_roles r ON r.id = g.role_id WHERE g.community_id = ? AND r.name = ? ORDER BY g.id`)
        .get(community, roleName) as { id: number }
    ).id;

  SCRIPTS.forEach((s, index) => {
    const community = refs.communities[s.community];
    const typeId = refs.types.get(s.type)!;
    const node = refs.domainTree.get(`${s.type} / ${s.domain}`)!;
    const propertyId = refs.properties.get(s.site);
    if (propertyId === undefined) throw new Error(`echopark seed: unknown site ${s.site}`);
    const userId = refs.users[s.by];
    const created = new Date(now.getTime() - s.days * 86_400_000 - (index % 5) * 1_800_000);
    const createdAt = created.toISOString();
    const initial = (
      db.prepare(`SELECT group_id FROM echopark_routing WHERE community_id = ? AND request_type_id = ?`).get(community, typeId) as { group_id: number }
    ).group_id;
    const urgency = (db.prepare(`SELECT urgency_name FROM echopark_domain_tree WHERE id = ?`).get(node) as { urgency_name: string }).urgency_name;
    const id = Number(
      insert.run(
        requestNumber(index + 1, createdAt),
        community,
        typeId,
        node,
        propertyId,
        refs.steps[0],
        initial,
        initial,
        userId,
        s.message,
        urgency,
        createdAt,
        createdAt,
      ).lastInsertRowid,
    );
    addHistory(db, {
      requestId: id,
      type: ECHOPARK_MESSAGE_TYPES.creation,
      stepId: refs.steps[0]!,
      groupId: initial,
      authorId: userId,
      message: s.message,
      at: createdAt,
    });

    const plan = events(s, index);
    // Events are spread over the first 80 % of the request's life, so the last one is still in the past.
    const at = (k: number) => new Date(created.getTime() + ((k + 1) / (plan.length + 1)) * 0.8 * (now.getTime() - created.getTime()));
    let stepId = refs.steps[0]!;
    let groupId: number | null = initial;
    let lastPicture = 0;
    plan.forEach((event, k) => {
      const when = at(k);
      const iso = when.toISOString();
      switch (event.kind) {
        case 'picture': {
          const mediaId = world.addImage(`photo-demande-${id}-${k}.png`, 300 + index * 7 + k, when, userId);
          lastPicture = Number(
            db.prepare(`INSERT INTO echopark_pictures (request_id, media_id, created_at) VALUES (?, ?, ?)`).run(id, mediaId, iso).lastInsertRowid,
          );
          addHistory(db, { requestId: id, type: ECHOPARK_MESSAGE_TYPES.picture, stepId, groupId: null, authorId: userId, message: 'Photo ajoutée.', at: iso });
          break;
        }
        case 'step': {
          const target = refs.steps[event.to - 1]!;
          const options = nextSteps(db, stepId, community).filter((o) => o.stepId === target);
          const option = options[index % options.length];
          if (!option) throw new Error(`echopark seed: no transition to step ${event.to} for request ${index + 1}`);
          stepId = target;
          groupId = option.groupId ?? groupId;
          const closing = event.to >= 6;
          addHistory(db, {
            requestId: id,
            type: closing ? ECHOPARK_MESSAGE_TYPES.closure : ECHOPARK_MESSAGE_TYPES.step,
            stepId,
            groupId: option.groupId,
            roleId: option.roleId,
            authorId: userId,
            message: STEP_COMMENTS[event.to]!,
            at: iso,
          });
          break;
        }
        case 'note':
          addHistory(db, { requestId: id, type: ECHOPARK_MESSAGE_TYPES.message, stepId, groupId, authorId: userId, message: s.note!, at: iso });
          break;
        case 'done': {
          const managers = groupOfRole(community, 'Gestionnaire de communauté');
          addHistory(db, {
            requestId: id,
            type: ECHOPARK_MESSAGE_TYPES.message,
            stepId,
            groupId: managers,
            authorId: userId,
            message: 'Travaux terminés et zone nettoyée, photos jointes au formulaire.',
            at: iso,
          });
          break;
        }
        case 'form': {
          const save = db.prepare(`INSERT INTO echopark_form_answers (request_id, step_id, field_id, value) VALUES (?, ?, ?, ?)`);
          for (const [key, value] of Object.entries(formValues(index, lastPicture, when))) save.run(id, stepId, refs.fields.get(key), JSON.stringify(value));
          addHistory(db, {
            requestId: id,
            type: ECHOPARK_MESSAGE_TYPES.form,
            stepId,
            groupId,
            authorId: userId,
            message: "Formulaire « Suivi d'intervention » soumis.",
            at: iso,
          });
          break;
        }
        case 'debrief': {
          const begin = new Date(when.getTime() - 3 * 3_600_000).toISOString();
          const end = new Date(when.getTime() - 3_600_000).toISOString();
          const comment = event.done
            ? 'Intervention terminée, aucune réserve.'
            : 'Première intervention : mise en sécurité faite, retour prévu pour finir les travaux.';
          db.prepare(
            `INSERT INTO echopark_debriefings (request_id, step_id, begin_at, end_at, comment, done, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(id, stepId, begin, end, comment, event.done ? 1 : 0, userId, iso);
          addHistory(db, { requestId: id, type: ECHOPARK_MESSAGE_TYPES.debriefing, stepId, groupId, authorId: userId, message: comment, at: iso });
          break;
        }
      }
    });
    const last = plan.length > 0 ? at(plan.length - 1).toISOString() : createdAt;
    db.prepare(`UPDATE echopark_requests SET step_id = ?, current_group_id = ?, modified_at = ? WHERE id = ?`).run(stepId, groupId, last, id);
  });
}

/** Believable answers of the progress form, one per type of field. */
function formValues(index: number, pictureId: number, when: Date): Record<string, unknown> {
  const arrival = new Date(when.getTime() - 3 * 3_600_000);
  const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(arrival);
  return {
    constat_nature: String((index % 4) + 1),
    constat_elements: index % 2 === 0 ? ['1', '4'] : ['2', '3'],
    constat_description: 'Constat conforme au signalement, zone accessible sans danger pour le public.',
    ...(pictureId > 0 ? { constat_photo: pictureId } : {}),
    date_passage: arrival.toISOString().slice(0, 10),
    heure_arrivee: paris,
    debut_travaux: Math.floor(arrival.getTime() / 1000) + 900,
    nb_intervenants: 2 + (index % 2),
    duree_heures: 1.5 + (index % 3),
    materiel: index % 2 === 0 ? 'Nacelle 12 m, tronçonneuse' : 'Nettoyeur haute pression',
    zone_securisee: true,
    email_referent: 'gardien@fonciere-horizon.fr',
    reference_bon: `BC-${arrival.getUTCFullYear()}-${String(140 + index).padStart(4, '0')}`,
  };
}
