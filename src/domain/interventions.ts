/**
 * What the intervention screens show, as pure functions: the list filters of
 * spec part 1 §4 (chips 1–7 → places), the status label and the hint each side
 * reads for each place, and the dashboard cards by role. Tested without a browser.
 */
/** The dashboard answer's fields (spec part 1 §3 "Intervention dashboard fields"). */
export interface DashboardCounts {
  countAppointments?: number;
  canValidateAppointment?: boolean;
  countInProgressInterventionRequests?: number;
  canHandleReclaim?: boolean;
  countReclaims?: number;
  canHandleInterventionRequestToPlanned?: boolean;
  countInterventionRequestToPlanned?: number;
  canHandleInterventionRequestPlanned?: boolean;
  countInterventionRequestPlanned?: number;
}

export const INTERVENTION_PLACES = ['start', 'waiting', 'planning', 'planned', 'in_progress', 'debriefing', 'done', 'closed', 'reclaim'] as const;
export type InterventionPlace = (typeof INTERVENTION_PLACES)[number];

export type ListFilter = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface FilterChip {
  status: ListFilter;
  label: string;
  places: readonly InterventionPlace[];
  managersOnly?: boolean;
}

export const LIST_FILTERS: readonly FilterChip[] = [
  { status: 1, label: 'Toutes', places: INTERVENTION_PLACES },
  { status: 2, label: 'À planifier', places: ['planning', 'waiting'] },
  { status: 3, label: 'En cours', places: ['in_progress'] },
  { status: 4, label: 'Réclamations', places: ['reclaim'] },
  { status: 5, label: 'Planifiées', places: ['planned'] },
  { status: 6, label: 'RDV à valider', places: ['planning'], managersOnly: true },
  { status: 7, label: 'Terminées', places: ['done', 'closed'] },
];

/** The chips a user sees: 'RDV à valider' (6) only for managers. */
export const filtersFor = (manager: boolean) => LIST_FILTERS.filter((f) => manager || !f.managersOnly);

/** A `?status=` value or a remembered one, made safe: unknown or forbidden values fall back to 1. */
export function parseFilter(value: unknown, manager: boolean): ListFilter {
  const n = Number(value);
  return filtersFor(manager).some((f) => f.status === n) ? (n as ListFilter) : 1;
}

export const placesOf = (filter: ListFilter): readonly InterventionPlace[] => LIST_FILTERS.find((f) => f.status === filter)!.places;

export const PLACE_LABELS: Record<InterventionPlace, string> = {
  start: 'Nouvelle',
  waiting: 'En attente',
  planning: 'En planification',
  planned: 'Planifiée',
  in_progress: 'En cours',
  debriefing: 'Compte-rendu',
  done: 'Terminée',
  closed: 'Clôturée',
  reclaim: 'Réclamation',
};

export const placeLabel = (place: string) => PLACE_LABELS[place as InterventionPlace] ?? place;

/** The colour family of a place's badge (CSS modifier). */
export function placeTone(place: string): 'new' | 'todo' | 'planned' | 'progress' | 'done' | 'alert' {
  switch (place) {
    case 'start':
    case 'waiting':
      return 'new';
    case 'planning':
      return 'todo';
    case 'planned':
      return 'planned';
    case 'in_progress':
    case 'debriefing':
      return 'progress';
    case 'reclaim':
      return 'alert';
    default:
      return 'done';
  }
}

const MANAGER_HINTS: Record<InterventionPlace, string> = {
  start: 'Votre demande est enregistrée. Elle sera transmise au prestataire.',
  // 'waitingDate': the manager waits for the provider's appointment proposal.
  waiting: 'En attente d’une proposition de date par le prestataire.',
  planning: 'Le prestataire a proposé un ou plusieurs rendez-vous : acceptez-en un ou refusez-les.',
  planned: 'Le rendez-vous est confirmé. Le prestataire interviendra à la date prévue.',
  in_progress: 'L’intervention est en cours.',
  debriefing: 'Le prestataire rédige son compte-rendu.',
  done: 'L’intervention est terminée. Vous pouvez la noter.',
  closed: 'L’intervention est clôturée.',
  reclaim: 'Votre réclamation a été transmise au prestataire.',
};

const PROVIDER_HINTS: Record<InterventionPlace, string> = {
  start: 'Nouvelle demande : elle vous sera bientôt attribuée.',
  waiting: 'Proposez un rendez-vous au gestionnaire dans l’onglet RDV.',
  planning: 'Votre proposition de rendez-vous attend la validation du gestionnaire.',
  planned: 'Le rendez-vous est confirmé. Le jour venu, indiquez que les travaux ont commencé.',
  in_progress: 'Rédigez le compte-rendu de l’intervention dans l’onglet CR.',
  debriefing: 'Votre compte-rendu est en cours de validation.',
  done: 'L’intervention est terminée. Vous pouvez noter le gestionnaire.',
  closed: 'L’intervention est clôturée.',
  reclaim: 'Le gestionnaire a émis une réclamation : reprenez l’intervention.',
};

export function placeHint(place: string, manager: boolean): string | null {
  return (manager ? MANAGER_HINTS : PROVIDER_HINTS)[place as InterventionPlace] ?? null;
}

export const APPOINTMENT_STATUS_LABELS: Record<number, string> = { 1: 'Proposé', 2: 'Accepté', 3: 'Refusé' };
export const DEBRIEFING_STATUS_LABELS: Record<number, string> = { 0: 'Brouillon', 1: 'Terminé', 2: 'À poursuivre' };

/** The provider is asked whether work is under way once the accepted appointment has begun. */
export function askWorkStarted(place: string, acceptedStart: string | null | undefined, now = Date.now()): boolean {
  return place === 'planned' && !!acceptedStart && Date.parse(acceptedStart) <= now;
}

/** Appointment form rule of spec part 1 §5: the end after the start. */
export function appointmentError(date: string, dateEnd: string): string | null {
  if (!date || !dateEnd) return null;
  return Date.parse(dateEnd) > Date.parse(date) ? null : 'La date de fin doit être supérieure à la date de début';
}

export const INFORMATION_REQUIRED = "Merci de compléter les informations relatives à votre demande d'intervention.";

export type PlanningFilter = 'all' | 'today' | 'nextWeek';

/**
 * Planning ranges of spec part 1 §9, in local time: all = from today; today =
 * today to tomorrow; next week = the start of the next ISO week (Monday) to the
 * start of the one after.
 */
export function planningRange(filter: PlanningFilter, now = new Date()): { after: string; before?: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const day = (offset: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset).toISOString();
  if (filter === 'all') return { after: today.toISOString() };
  if (filter === 'today') return { after: today.toISOString(), before: day(1) };
  const isoWeekday = (today.getDay() + 6) % 7; // Monday 0 … Sunday 6
  return { after: day(7 - isoWeekday), before: day(14 - isoWeekday) };
}

export interface DashCard {
  key: string;
  title: string;
  count: number | null;
  to?: { to: string; search?: Record<string, number> };
  action?: string;
  tone: 'orange' | 'teal' | 'blue' | 'green' | 'violet';
}

/** The cards each side sees, from the dashboard's counts and can-flags. */
export function dashboardCards(d: DashboardCounts | null, manager: boolean): DashCard[] {
  const n = (v: number | undefined) => (d ? (v ?? 0) : null);
  if (manager) {
    const cards: DashCard[] = [];
    if (d?.canValidateAppointment)
      cards.push({
        key: 'appointments',
        title: 'Rendez-vous à valider',
        count: n(d.countAppointments),
        to: { to: '/requests', search: { status: 6 } },
        action: 'Valider',
        tone: 'orange',
      });
    if ((d?.countInProgressInterventionRequests ?? 0) > 0)
      cards.push({
        key: 'in-progress',
        title: 'Interventions en cours',
        count: n(d?.countInProgressInterventionRequests),
        to: { to: '/requests', search: { status: 3 } },
        action: 'Voir',
        tone: 'teal',
      });
    cards.push(
      // The tenders index (/tenders) from the running tenders' card; adding a tender opens /dashboard-add (spec part 1 §2:
      // a tender, not yet available, or a contract; its X comes back here), the one way the route table gives to it.
      { key: 'tenders-running', title: 'Appels d’offres en cours', count: 0, to: { to: '/tenders' }, action: 'Voir', tone: 'blue' },
      { key: 'quotes', title: 'Devis à valider', count: 0, tone: 'violet' },
      { key: 'add-tender', title: 'Ajouter un appel d’offres', count: null, to: { to: '/dashboard-add' }, action: 'Ajouter', tone: 'blue' },
      { key: 'add-contract', title: 'Ajouter une intervention sous contrat', count: null, to: { to: '/requests-create' }, action: 'Ajouter', tone: 'orange' },
      { key: 'reporting', title: 'Reporting', count: null, to: { to: '/reporting' }, action: 'Consulter', tone: 'green' },
    );
    return cards;
  }
  const cards: DashCard[] = [];
  if (d?.canHandleReclaim)
    cards.push({
      key: 'reclaims',
      title: 'Réclamations',
      count: n(d.countReclaims),
      to: { to: '/requests', search: { status: 4 } },
      action: 'Traiter',
      tone: 'orange',
    });
  if (d?.canHandleInterventionRequestToPlanned)
    cards.push({
      key: 'to-plan',
      title: 'Interventions à planifier',
      count: n(d.countInterventionRequestToPlanned),
      to: { to: '/requests', search: { status: 2 } },
      action: 'Planifier',
      tone: 'teal',
    });
  if (d?.canHandleInterventionRequestPlanned)
    cards.push({
      key: 'planned',
      title: 'Interventions planifiées',
      count: n(d.countInterventionRequestPlanned),
      to: { to: '/requests', search: { status: 5 } },
      action: 'Voir',
      tone: 'blue',
    });
  cards.push({ key: 'tenders', title: 'Appels d’offres', count: 0, tone: 'violet' });
  return cards;
}
