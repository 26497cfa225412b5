/**
 * The demo OS, written by hand so that the demo tells believable stories:
 * every place of both paths (short ≤ 10,000 €, long above), a few refusals
 * sent back to completion, prices from 850.00 to 48,500.00.
 */
import type { OsPlace } from '../../../sync/contract/os-workflow';

export interface SeedOs {
  place: OsPlace;
  price: number;
  information: string;
  /** Days before "now" the request was created. */
  age: number;
  /** A decision place that refused it once before it reached its place. */
  refusedAt?: OsPlace;
}

export const SEED_OS: readonly SeedOs[] = [
  // Short path (≤ 10,000 €).
  { place: 'start', price: 1_890, age: 1, information: 'Brouillon : remplacement de la serrure du local poubelles.' },
  { place: 'request_init', price: 850, age: 2, information: 'Remplacement de deux blocs d’éclairage de secours dans le hall.' },
  { place: 'request_init', price: 3_200, age: 4, information: 'Débouchage et curage de la colonne d’eaux usées, bâtiment A.' },
  { place: 'request_completion', price: 1_250.5, age: 6, information: 'Réparation de la porte automatique du parking souterrain.' },
  {
    place: 'request_completion',
    price: 6_800,
    age: 12,
    refusedAt: 'n1_signature',
    information: 'Reprise des joints de la toiture terrasse après infiltration.',
  },
  { place: 'request_completion', price: 9_200, age: 9, information: 'Remplacement du ballon d’eau chaude de la loge du gardien.' },
  { place: 'os_creation', price: 2_400, age: 8, information: 'Mise en peinture de la cage d’escalier A1.' },
  { place: 'os_creation', price: 7_450.8, age: 11, information: 'Remplacement de la pompe de relevage du niveau -2.' },
  { place: 'n1_signature', price: 3_780, age: 14, information: 'Contrôle et remise en état des extincteurs et RIA.' },
  { place: 'n1_signature', price: 10_000, age: 10, information: 'Remplacement de l’interphone et des platines d’appel.' },
  { place: 'request_intervention_provider', price: 4_990, age: 18, information: 'Élagage des arbres de la cour intérieure.' },
  { place: 'request_intervention_provider', price: 8_900, age: 16, information: 'Remise en état des garde-corps de la toiture B.' },
  { place: 'closed', price: 5_600, age: 45, information: 'Nettoyage des gaines de ventilation des parties communes.' },
  { place: 'closed', price: 9_990, age: 60, information: 'Remplacement des portes palières coupe-feu, étage 3.' },
  // Long path (above 10,000 €).
  { place: 'request_init', price: 11_250, age: 3, information: 'Installation d’un contrôle d’accès par badge sur les trois entrées.' },
  { place: 'request_completion', price: 16_900, age: 7, information: 'Remplacement de la production d’eau chaude sanitaire collective.' },
  {
    place: 'request_completion',
    price: 27_640,
    age: 20,
    refusedAt: 'purchase_order_dt',
    information: 'Réfection complète de l’étanchéité de la toiture terrasse.',
  },
  { place: 'purchase_order_dp', price: 12_500, age: 9, information: 'Mise en conformité du système de sécurité incendie (SSI).' },
  { place: 'purchase_order_dp', price: 48_500, age: 13, information: 'Modernisation de l’ascenseur principal : machinerie et cabine.' },
  { place: 'purchase_order_dt', price: 14_870.5, age: 12, information: 'Reprise des canalisations en sous-sol, lot plomberie.' },
  { place: 'purchase_order_dt', price: 31_450, age: 15, information: 'Remplacement de la chaudière collective, devis joint.' },
  { place: 'os_creation', price: 18_750.4, age: 17, information: 'Ravalement de la façade côté cour.' },
  { place: 'os_creation', price: 22_300, age: 19, information: 'Remplacement des menuiseries extérieures des parties communes.' },
  { place: 'n1_signature', price: 19_999.99, age: 21, information: 'Création d’un local vélos sécurisé au niveau -1.' },
  { place: 'n2_signature', price: 26_000, age: 23, information: 'Rénovation de l’éclairage du parking en LED avec détection.' },
  { place: 'n2_signature', price: 41_200, age: 26, refusedAt: 'n2_signature', information: 'Désamiantage et réfection des sols du hall d’entrée.' },
  { place: 'request_intervention_provider', price: 23_500, age: 28, information: 'Remplacement de la centrale de traitement d’air, bâtiment B.' },
  { place: 'request_intervention_provider', price: 35_800, age: 30, information: 'Réfection des réseaux de chauffage en chaufferie.' },
  { place: 'closed', price: 38_900, age: 75, information: 'Mise aux normes PMR des accès et de l’ascenseur.' },
  { place: 'closed', price: 44_100, age: 90, information: 'Isolation thermique par l’extérieur du pignon nord.' },
];

/** Human messages of the threads, in turn: [author role, text]. */
export const SEED_TALK: readonly (readonly ['requester' | 'actor', string])[] = [
  ['requester', 'Le devis du prestataire est joint, merci de valider rapidement : le locataire relance.'],
  ['actor', 'Pouvez-vous préciser le délai d’intervention annoncé par l’entreprise ?'],
  ['requester', 'Intervention possible sous dix jours ouvrés après réception de l’OS.'],
  ['actor', 'Merci, c’est noté. Je fais suivre.'],
];
