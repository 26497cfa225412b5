/**
 * What the visit screens offer, as pure functions (spec part 2 §2.2, §4.2):
 * the list filters and the actions allowed for a visit on this device.
 */
import { canResume, canTakeOver, startRefusal, type VisitListDoc, type VisitState } from '../../sync/rules';

export interface VisitFilters {
  site: string;
  name: string;
  state: VisitState | '';
  lateOnly: boolean;
  mine: boolean;
}

export const NO_FILTERS: VisitFilters = { site: '', name: '', state: '', lateOnly: false, mine: false };

/** Whether a section is shown with the drawer's two switches (hidden elements, completed sections). */
export const shownWith = (section: { is_hidden: boolean; complete: boolean }, showHidden: boolean, showCompleted: boolean): boolean =>
  (showHidden || !section.is_hidden) && (showCompleted || !section.complete);

const has = (value: string, needle: string) => value.toLocaleLowerCase('fr').includes(needle.trim().toLocaleLowerCase('fr'));

export function filterVisits(items: readonly VisitListDoc[], f: VisitFilters, userId: number): VisitListDoc[] {
  return items.filter(
    ({ visit, property }) =>
      (!f.site.trim() || has(property.name, f.site) || has(property.city, f.site)) &&
      (!f.name.trim() || has(visit.name, f.name)) &&
      (!f.state || visit.state === f.state) &&
      (!f.lateOnly || visit.late) &&
      (!f.mine || visit.assigned_to === userId),
  );
}

/** Groups visits by property, in the order of their first visit. */
export function byProperty(items: readonly VisitListDoc[]): { property: VisitListDoc['property']; visits: VisitListDoc['visit'][] }[] {
  const groups = new Map<number, { property: VisitListDoc['property']; visits: VisitListDoc['visit'][] }>();
  for (const { visit, property } of items) {
    const group = groups.get(property.id) ?? { property, visits: [] };
    group.visits.push(visit);
    groups.set(property.id, group);
  }
  return [...groups.values()];
}

export interface LocalState {
  downloaded: boolean;
  startedHere: boolean;
  /** Another visit is the one started on this device. */
  otherStarted: boolean;
}

export interface VisitActions {
  download: boolean;
  start: boolean;
  pause: boolean;
  terminate: boolean;
  takeOver: boolean;
  /** 'Reprendre sur cet appareil': my visit started on another device (lost or wiped). */
  resume: boolean;
}

/**
 * What this device offers for a visit. Start, take-over and resume follow the server's rules
 * (sync/contract/visits.ts), so a button is shown only where the server will accept it.
 */
export function visitActions(visit: { state: VisitState; assigned_to: number | null }, userId: number, local: LocalState): VisitActions {
  const assignedToMe = visit.assigned_to === userId;
  const mine = assignedToMe && visit.state !== 'start';
  const startable = startRefusal(visit, userId) === null;
  return {
    // A handed-in visit cannot be edited any more: nothing to download it for.
    download: mine && visit.state !== 'terminate' && !local.startedHere && !local.downloaded,
    start: mine && startable && local.downloaded && !local.otherStarted && !local.startedHere,
    pause: local.startedHere,
    terminate: local.startedHere,
    takeOver: canTakeOver(visit, userId),
    // Started, but not here: its copy was on another device. A copy downloaded here and not
    // started is older than what the other device saved; resuming downloads it again.
    resume: canResume(visit, userId) && !local.startedHere && !local.otherStarted,
  };
}

/** My visit started on a device that is not this one (the row says so: nothing of it is here). */
export const startedElsewhere = (visit: { state: VisitState; assigned_to: number | null }, userId: number, startedHere: boolean) =>
  canResume(visit, userId) && !startedHere;
