/**
 * Contract of the visit calls (spec part 2 §3.2, §4.2, §7 "Visits"): paths,
 * list and info answers, states and their labels. The visit data itself is
 * in visit-data.ts.
 */
export type VisitState = 'todo' | 'start' | 'draft' | 'terminate';

export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  todo: 'A faire',
  start: 'En cours',
  draft: 'En pause (sauvegardé sur le serveur)',
  terminate: 'Terminé - en attente de validation',
};

/** The send modes of POST api/visit/state/{mode}/{id}. `save` is ours (see below). */
export type VisitSendMode = 'draft' | 'terminate' | 'save';

export const visitPaths = {
  /** ?assignedToUser=true|false */
  list: 'api/visits',
  informations: (id: number | string) => `api/visit/informations/${id}`,
  forms: (id: number | string) => `api/visit/forms/${id}`,
  formsWithData: (id: number | string) => `api/visit/forms-with-data/${id}`,
  fiche: (id: number | string) => `api/visit/fiche/${id}`,
  start: (id: number | string) => `api/visit/state/start/${id}`,
  /**
   * Sends the visit data. draft (Pause) and terminate (Terminer) are the spec's; the spec does not
   * give the path of a save that keeps the visit started (autosave, save button): we use `save`.
   */
  send: (mode: VisitSendMode, id: number | string) => `api/visit/state/${mode}/${id}`,
  assign: (id: number | string) => `api/visit/assign/${id}`,
  files: (id: number | string) => `api/visit/get-list-files/${id}`,
  download: (visitId: number | string, fileId: number | string) => `api/visit/download-file/${visitId}/${fileId}`,
  upload: (id: number | string) => `api/visit/files/${id}`,
  dashboard: 'api/visit/dashboards/visit_owners/0',
} as const;

export interface VisitListVisit {
  id: number;
  name: string;
  state: VisitState;
  late: boolean;
  date_begin: { date: string };
  date_end: { date: string };
  assigned_to: number | null;
}

export interface VisitProperty {
  id: number;
  name: string;
  address: string;
  postal_code: string;
  city: string;
  visits: VisitListVisit[];
}

export interface VisitInfo {
  visit_name: string;
  realestate_name: string;
  realestate_address: string;
  realestate_postal_code: string;
  realestate_city: string;
  visit_assigned_to: number | null;
  visit_state: VisitState;
}

export interface VisitFileEntry {
  id: number;
  visit_id: number;
  name: string;
  originalName: string;
  type: string;
}

export interface VisitDashboard {
  countMyVisitsToDo: number;
  countAllVisitsToDo: number;
  canAnswerVisit: boolean;
}

/** "To do" on the dashboard: not yet handed in. */
export const TO_DO_STATES: readonly VisitState[] = ['todo', 'start', 'draft'];

/** Spec part 2 §4.2: mine when assigned to me and not started (by someone, on some device). */
export const isMine = (visit: Pick<VisitListVisit, 'assigned_to' | 'state'>, userId: number) => visit.assigned_to === userId && visit.state !== 'start';

type VisitStateOf = Pick<VisitListVisit, 'assigned_to' | 'state'>;

/**
 * Why the server refuses `POST state/start` (null: it accepts), shared with the client so that
 * 'Démarrer' and 'Reprendre sur cet appareil' are offered only where the server takes them. Only
 * the assignee starts (010004); a handed-in visit waits for validation and is never restarted
 * (010003). A visit already started is started again by its assignee: its copy was on a device
 * that is lost or wiped, and they resume it on another one from what the server has.
 */
export function startRefusal(visit: VisitStateOf, userId: number): '010003' | '010004' | null {
  if (visit.assigned_to !== userId) return '010004';
  if (visit.state === 'terminate') return '010003';
  return null;
}

/**
 * Why the server refuses `POST assign` ('Récupérer la visite'; null: it accepts). A handed-in visit
 * is closed to everyone; a started one is not taken from the inspector filling it in (spec part 2
 * §4.2: "Any user can take over a visit that is not started").
 */
export function assignRefusal(visit: VisitStateOf, userId: number): '010003' | null {
  if (visit.state === 'terminate') return '010003';
  if (visit.state === 'start' && visit.assigned_to !== userId) return '010003';
  return null;
}

/** 'Récupérer la visite' is offered on someone else's visit that the server lets the user take. */
export const canTakeOver = (visit: VisitStateOf, userId: number) => visit.assigned_to !== userId && assignRefusal(visit, userId) === null;

/**
 * 'Reprendre sur cet appareil': the user's own visit, started on some device (the server says
 * `start`), whose started copy is not on this one. The client adds what only it knows (no started
 * copy here, no other visit started here).
 */
export const canResume = (visit: VisitStateOf, userId: number) => visit.state === 'start' && startRefusal(visit, userId) === null;
