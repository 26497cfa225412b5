/**
 * What the visit screens offer, as pure functions (spec part 2 §2.2, §4.2):
 * the list filters and the actions allowed for a visit on this device.
 */
import type { VisitListDoc, VisitState } from '../../sync/rules';

export interface VisitFilters {
  site: string;
  name: string;
  state: VisitState | '';
  lateOnly: boolean;
  mine: boolean;
}

export const NO_FILTERS: VisitFilters = { site: '', name: '', state: '', lateOnly: false, mine: false };

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
}

export function visitActions(visit: { state: VisitState; assigned_to: number | null }, userId: number, local: LocalState): VisitActions {
  const assignedToMe = visit.assigned_to === userId;
  const mine = assignedToMe && visit.state !== 'start';
  return {
    // A handed-in visit cannot be edited any more: nothing to download it for.
    download: mine && visit.state !== 'terminate' && !local.startedHere && !local.downloaded,
    start: mine && visit.state !== 'terminate' && local.downloaded && !local.otherStarted && !local.startedHere,
    pause: local.startedHere,
    terminate: local.startedHere,
    // The server refuses a take-over of a visit started (by its assignee) or handed in.
    takeOver: !assignedToMe && visit.state !== 'start' && visit.state !== 'terminate',
  };
}
