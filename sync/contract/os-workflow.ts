/**
 * The OS approval workflow (spec part 1 §4 "OS places and paths") as pure
 * functions shared by the server (which enforces them) and the client (which
 * offers only what will be accepted): the path by price, the role acting at
 * each place, the step codes allowed from a place, and the list filters.
 */
import { WORKFLOW_ROLES, type WorkflowRole } from './roles';

export const OS_WORKFLOW = 'work_validation_requests';
/** Inclusive: a price of exactly 10000 takes the short path. */
export const OS_PRICE_THRESHOLD = 10_000;

export type OsPlace =
  | 'start'
  | 'request_init'
  | 'request_completion'
  | 'purchase_order_dp'
  | 'purchase_order_dt'
  | 'os_creation'
  | 'n1_signature'
  | 'n2_signature'
  | 'request_intervention_provider'
  | 'closed';

const SHORT: OsPlace[] = ['request_init', 'request_completion', 'os_creation', 'n1_signature', 'request_intervention_provider', 'closed'];
const LONG: OsPlace[] = [
  'request_init',
  'request_completion',
  'purchase_order_dp',
  'purchase_order_dt',
  'os_creation',
  'n1_signature',
  'n2_signature',
  'request_intervention_provider',
  'closed',
];

/** A draft without a price yet is on the short path until it has one. */
export const osPath = (price: number | null): OsPlace[] => ((price ?? 0) > OS_PRICE_THRESHOLD ? LONG : SHORT);

/** Who acts at each place (the role that moves the OS on from there). */
export const ROLE_AT: Partial<Record<OsPlace, WorkflowRole>> = {
  start: 'GT',
  request_init: 'GT',
  request_completion: 'GL',
  purchase_order_dp: 'DP',
  purchase_order_dt: 'DT',
  os_creation: 'AT',
  n1_signature: 'GT',
  n2_signature: 'DT',
  request_intervention_provider: 'AT',
};

/** Places where the acting role accepts or refuses instead of simply advancing. */
export const DECISION_PLACES: readonly OsPlace[] = ['purchase_order_dp', 'purchase_order_dt', 'n1_signature', 'n2_signature'];
/** Where a refusal sends the OS back: to completion, with an automatic message saying who refused. */
export const REFUSAL_TARGET: OsPlace = 'request_completion';

export interface StepCode {
  code: string;
  name: string;
}

const PLACE_NAMES: Record<OsPlace, string> = {
  start: 'Brouillon',
  request_init: 'Demande initiée',
  request_completion: 'Demande à compléter',
  purchase_order_dp: 'Bon de commande (DP)',
  purchase_order_dt: 'Bon de commande (DT)',
  os_creation: 'OS à créer',
  n1_signature: 'Signature N1',
  n2_signature: 'Signature N2',
  request_intervention_provider: 'OS à envoyer au prestataire',
  closed: 'Clôturée',
};
export const osPlaceLabel = (place: string) => PLACE_NAMES[place as OsPlace] ?? place;

/** The step codes available from a place, whoever may use them. */
export function stepsFrom(place: OsPlace, price: number | null): StepCode[] {
  if (DECISION_PLACES.includes(place)) {
    return [
      { code: `${place}_validated`, name: 'Valider' },
      { code: `${place}_refused`, name: 'Refuser' },
    ];
  }
  const path = osPath(price);
  const next = place === 'start' ? 'request_init' : path[path.indexOf(place) + 1];
  return next ? [{ code: next, name: PLACE_NAMES[next] }] : [];
}

/** Every step code the workflow defines (anything else is unknown: 010001). */
export const OS_STEP_CODES: readonly string[] = [...LONG, ...DECISION_PLACES.flatMap((p) => [`${p}_validated`, `${p}_refused`])];
export const isKnownStepCode = (code: string) => OS_STEP_CODES.includes(code);

/** Where a step code leads from a place, or null when it is not a step of that place. */
export function targetOf(place: OsPlace, price: number | null, code: string): OsPlace | null {
  if (!stepsFrom(place, price).some((s) => s.code === code)) return null;
  if (code.endsWith('_refused')) return REFUSAL_TARGET;
  if (code.endsWith('_validated')) {
    const path = osPath(price);
    return path[path.indexOf(place) + 1] ?? null;
  }
  return code as OsPlace;
}

/** Whether a user with these roles acts at this place (owner admins and admins act everywhere). */
export function mayActAt(place: OsPlace, roles: readonly string[]): boolean {
  if (roles.includes('ROLE_OWNER_ADMIN') || roles.includes('ROLE_ADMIN')) return true;
  const role = ROLE_AT[place];
  return role !== undefined && roles.includes(WORKFLOW_ROLES[role]);
}

/** OS list filters 1–7 → places (spec part 1 §4). */
export const OS_LIST_FILTERS: Record<number, readonly OsPlace[]> = {
  1: ['start', ...LONG],
  2: ['request_init', 'request_completion'],
  3: ['purchase_order_dp', 'purchase_order_dt'],
  4: ['os_creation'],
  5: ['n1_signature', 'n2_signature'],
  6: ['request_intervention_provider'],
  7: ['closed'],
};
export const OS_PLACES: readonly OsPlace[] = OS_LIST_FILTERS[1]!;

/** Who creates OS: whoever acts at request_init (GT), owner admins and admins. */
export const mayCreateOs = (roles: readonly string[]) => mayActAt('request_init', roles);

/** Whether an OS in this place can still be modified (PUT api/post_work_validation_requests/{id}). */
export const isEditablePlace = (place: OsPlace) => place === 'start' || place === 'request_init' || place === 'request_completion';
