/**
 * Contract of the intervention calls (spec part 1 §3, §4, §7 "Interventions",
 * "Messaging, notifications, dashboards"): paths, payloads, answers, and the
 * workflow's transition table as a pure function that the server enforces
 * and the client uses to offer only the steps that will be accepted.
 */
import { messagingCountPath } from './paths-shared';

export const interventionPaths = {
  /** GET ?itemsPerPage&page&order[id]=desc&place[] — the list screen (page 10). */
  list: 'api/intervention_requests/list/undetailed',
  /** GET ?realEstate&requestedBy&place */
  search: 'api/intervention_requests',
  detail: (id: number | string) => `api/intervention_requests/${id}`,
  create: 'api/post_intervention_requests',
  update: (id: number | string) => `api/post_intervention_requests/${id}`,
  medias: (id: number | string) => `api/intervention_requests/${id}/medias`,
  goToStep: 'api/workflows/go_to_step',
  /** GET ?status&interventionRequest; POST a proposal. */
  appointments: 'api/intervention_requests/appointments',
  appointmentStatus: 'api/intervention_requests/appointments/status/change',
  refuseAppointments: (id: number | string) => `api/intervention_requests/${id}/refuse_appointments`,
  /** GET ?interventionRequest&order[dateEnd]=desc; POST a new one. */
  debriefings: 'api/intervention_request/debriefings',
  debriefing: (id: number | string) => `api/intervention_request/debriefings/${id}`,
  debriefingMedias: (id: number | string) => `api/intervention_request/debriefings/${id}/medias`,
  ratings: 'api/intervention_request/ratings',
  /** GET ?interventionRequest&order[date]=asc (reading marks the thread read). */
  messages: 'api/intervention_request/messages',
  newConversation: 'api/intervention_request/messages/new_conversation',
  /** GET ?itemsPerPage&page (page 30): threads of interventions and OS. */
  threads: 'api/message/user_messages',
  unreadCount: messagingCountPath,
  /** GET ?itemsPerPage&page&order[date]=asc&date[after]&date[before]&interventionRequest */
  planning: 'api/intervention_request/appointments',
  ownerDashboard: 'api/dashboards/owners/0',
  providerDashboard: 'api/dashboards/providers/0',
} as const;

export const INTERVENTION_WORKFLOW = 'intervention_requests';

export type InterventionPlace = 'start' | 'waiting' | 'planning' | 'planned' | 'in_progress' | 'debriefing' | 'done' | 'closed' | 'reclaim';
export const INTERVENTION_PLACE_LIST: readonly InterventionPlace[] = [
  'start',
  'waiting',
  'planning',
  'planned',
  'in_progress',
  'debriefing',
  'done',
  'closed',
  'reclaim',
];

export type Side = 'manager' | 'provider';

/**
 * The step graph (spec part 1 §4): which place each side may move a request to
 * from each place. Accepting an appointment moves planning → planned on the
 * server (not a step); a finished debriefing allows in_progress → debriefing.
 */
const TRANSITIONS: Record<InterventionPlace, Partial<Record<InterventionPlace, Side>>> = {
  start: { waiting: 'manager', planning: 'provider' },
  waiting: { planning: 'provider' },
  planning: { planning: 'provider' },
  planned: { in_progress: 'provider' },
  in_progress: { debriefing: 'provider' },
  debriefing: { done: 'provider' },
  done: { closed: 'manager', reclaim: 'manager' },
  closed: {},
  reclaim: { in_progress: 'provider', planning: 'provider' },
};

/** The places a side may move a request to from `place` (a step to the same place is a harmless replay). */
export function nextPlaces(place: InterventionPlace, side: Side): InterventionPlace[] {
  return (Object.entries(TRANSITIONS[place] ?? {}) as [InterventionPlace, Side][]).filter(([, who]) => who === side).map(([to]) => to);
}

/** Why a step is refused, as the error code the server answers (null: allowed). */
export function stepRefusal(from: InterventionPlace, to: string, side: Side | null): '010001' | '010003' | '010004' | null {
  if (!(INTERVENTION_PLACE_LIST as readonly string[]).includes(to)) return '010001';
  if (from === to) return null;
  const who = TRANSITIONS[from]?.[to as InterventionPlace];
  if (!who) return '010003';
  return who === side ? null : '010004';
}

/** Ratings are open once the work is done. */
export const ratingEnabledIn = (place: InterventionPlace) => place === 'done' || place === 'closed';

export interface NamedRef {
  id: number;
  name: string;
}

export interface AppointmentSummary {
  date: string;
  dateEnd: string;
}

/** An item of the list screen. */
export interface InterventionListItem {
  id: number;
  number: string;
  place: InterventionPlace;
  createdAt: string;
  realEstate: NamedRef;
  businessArea: NamedRef | null;
  serviceProviderCompany: { name: string } | null;
  ownerCompany: { name: string } | null;
  /** The accepted appointment (status 2), if any. */
  validAppointment: AppointmentSummary | null;
  ratingEnabled: boolean;
}

export interface MediaDto {
  id: number;
  name: string;
  type: string;
  md5: string;
  date: string;
}

export interface AppointmentDto {
  id: number;
  date: string;
  dateEnd: string;
  /** 1 proposed, 2 accepted, 3 refused. */
  status: 1 | 2 | 3;
  reason: string | null;
  information: string | null;
  interventionRequest: string;
}

export interface RatingDto {
  id: number;
  /** 1 given by the manager about the provider, 0 by the provider about the manager. */
  type: 0 | 1;
  globalRate: number;
  message: string | null;
  interventionRequest: string;
}

/** The full entity of spec part 1 §3. */
export interface InterventionDetailDto extends InterventionListItem {
  buildings: NamedRef[];
  contact: { address: string; additionalAddress: string | null; postalCode: string; city: string } | null;
  information: string;
  requestedBy: { firstName: string; lastName: string; gsm: string; company: { name: string } | null } | null;
  appointments: AppointmentDto[];
  medias: MediaDto[];
  ratings: RatingDto[];
}

export interface InterventionCreatePayload extends Record<string, unknown> {
  information: string;
  /** Spelled so by the real backend. */
  realEstatId: number;
  businessAreaId: number;
  equipmentIdList: number[];
  buildingIdList: number[];
  contactId: number;
}

export interface GoToStepPayload {
  stepCode: string;
  workflowCode: string;
  objectId: number;
}

export interface AppointmentCreatePayload {
  date: string;
  dateEnd: string;
  interventionRequestId: number;
  information?: string;
  appointmentVisitorsId?: number[];
}

export interface AppointmentStatusPayload {
  appointmentId: number;
  status: 2 | 3;
  reason?: string;
}

export interface DebriefingDto {
  id: number;
  message: string;
  dateBegin: string;
  dateEnd: string;
  /** 0 draft, 1 finished, 2 to continue. */
  status: 0 | 1 | 2;
  doneBy: { firstName: string; lastname: string } | null;
  medias: MediaDto[];
  interventionRequest: string;
}

export interface MessageDto {
  id: number;
  messageText: string;
  date: string;
  /** id 0 or below: an automatic message. */
  sendBy: { id: number; firstName: string; lastName: string };
}

export interface ThreadDto {
  /** The intervention's or OS's id. */
  id: number;
  type: 'InterventionRequest' | 'WorkValidationRequest';
  realEstate: { name: string } | null;
  date: string;
  author: string;
  businessArea: string | null;
  message: string;
  isNew: boolean;
  /** Unread messages in the thread. */
  count: number;
}

export interface PlanningEntry {
  id: number;
  status: 1 | 2 | 3;
  date: string;
  dateEnd: string;
  businessArea: string | null;
  interventionRequest: {
    id: number;
    number: string;
    realEstate: { name: string; mainContact: { address: string; additionalAddress: string | null; postalCode: string; city: string } | null };
  };
}

/** Spec part 1 §3 "Intervention dashboard fields". */
export interface InterventionDashboard {
  countAppointments: number;
  canValidateAppointment: boolean;
  countInProgressInterventionRequests: number;
  canHandleReclaim: boolean;
  countReclaims: number;
  canHandleInterventionRequestToPlanned: boolean;
  countInterventionRequestToPlanned: number;
  canHandleInterventionRequestPlanned: boolean;
  countInterventionRequestPlanned: number;
}

export interface UnreadCount {
  newCount: number;
}

/** Automatic messages written by the server on each step (sendBy.id 0). */
export const STEP_MESSAGES: Record<InterventionPlace, string> = {
  start: 'Demande créée',
  waiting: 'Demande transmise au prestataire',
  planning: 'Rendez-vous proposé par le prestataire',
  planned: 'Intervention planifiée',
  in_progress: 'Intervention en cours',
  debriefing: 'Compte-rendu final transmis',
  done: 'Intervention terminée',
  closed: 'Intervention clôturée',
  reclaim: 'Réclamation émise par le gestionnaire',
};
