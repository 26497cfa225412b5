/**
 * What the OS screens show and allow, as pure functions over the shared
 * workflow rules (sync/contract/os-workflow.ts, which the server enforces):
 * list filter → places, the follow-up bar of the price path, which action a
 * user gets at each place from the dashboard's can-flags, the dashboard lines,
 * and the price as typed in French. Tested in Node, no browser.
 */
import {
  OS_DASHBOARD_LINES,
  OS_LIST_FILTERS,
  ROLE_AT,
  isEditablePlace,
  osPath,
  stepsFrom,
  targetOf,
  type OsDashboard,
  type OsPlace,
  type StepCode,
} from '../../sync/rules';

export type OsFilter = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const OS_FILTERS: readonly OsFilter[] = [1, 2, 3, 4, 5, 6, 7];

/** A `?status=` value or a remembered one, made safe: anything unknown is 1 (all). */
export function parseOsFilter(value: unknown): OsFilter {
  const n = Number(value);
  return (OS_FILTERS as readonly number[]).includes(n) ? (n as OsFilter) : 1;
}

export const osPlacesOf = (filter: OsFilter): readonly OsPlace[] => OS_LIST_FILTERS[filter]!;

export interface FollowUpStep {
  place: OsPlace;
  role: string | null;
  state: 'done' | 'current' | 'todo';
}

/**
 * The follow-up bar: the path of the OS's price (≤ 10000 short, above long),
 * closed left out (it is the end, not a step someone acts at). Steps before
 * the current place are done; a closed OS has every step done.
 */
export function followUp(place: string, price: number | null): FollowUpStep[] {
  const path = osPath(price).filter((p): p is Exclude<OsPlace, 'closed'> => p !== 'closed');
  const index = place === 'closed' ? path.length : (path as readonly string[]).indexOf(place);
  return path.map((p, i) => ({ place: p, role: ROLE_AT[p] ?? null, state: i < index ? 'done' : i === index ? 'current' : 'todo' }));
}

/** The can-flag that lets a user act at each place (spec part 1 §3, §4). */
const FLAG_AT: Partial<Record<OsPlace, keyof OsDashboard>> = {
  // A draft is completed by whoever may create OS.
  start: 'canCreateWorkValidationRequest',
  request_init: 'canCreateWorkValidationRequest',
  request_completion: 'canCompleteWorkValidationRequest',
  purchase_order_dp: 'canPurchaseOrderDP',
  purchase_order_dt: 'canPurchaseOrderDT',
  os_creation: 'canCreateOS',
  n1_signature: 'canSignN1',
  n2_signature: 'canSignN2',
  request_intervention_provider: 'canSendOS',
};

export const mayAct = (place: string, dashboard: Partial<OsDashboard> | null) => {
  const flag = FLAG_AT[place as OsPlace];
  return Boolean(flag && dashboard?.[flag]);
};

export type OsAction =
  { kind: 'advance'; code: string; target: OsPlace } | { kind: 'decide'; accept: string; refuse: string; acceptTarget: OsPlace; refuseTarget: OsPlace } | null;

const ADVANCE_PLACES: readonly string[] = ['request_completion', 'os_creation', 'request_intervention_provider'];
const DECISION_PLACES: readonly string[] = ['n1_signature', 'n2_signature', 'purchase_order_dp', 'purchase_order_dt'];

/**
 * The action card of the detail: one advance button in completion, OS
 * creation and sending (its code from the server's next_step, else the
 * shared rules when next_step was never fetched), accept/refuse at the
 * signature and purchase-order places; nothing without the matching flag.
 */
export function osAction(place: string, price: number | null, dashboard: Partial<OsDashboard> | null, nextSteps?: readonly StepCode[] | null): OsAction {
  if (!mayAct(place, dashboard)) return null;
  const p = place as OsPlace;
  if (ADVANCE_PLACES.includes(place)) {
    // An empty next_step from the server means it will refuse: no button.
    const step = nextSteps ? nextSteps[0] : stepsFrom(p, price)[0];
    const target = step ? targetOf(p, price, step.code) : null;
    return step && target ? { kind: 'advance', code: step.code, target } : null;
  }
  if (DECISION_PLACES.includes(place)) {
    const accept = `${place}_validated`;
    const refuse = `${place}_refused`;
    return { kind: 'decide', accept, refuse, acceptTarget: targetOf(p, price, accept)!, refuseTarget: targetOf(p, price, refuse)! };
  }
  return null;
}

/** Whether the user may reopen the tunnel on this OS (drafts and completion, with the matching flag). */
export const mayEdit = (place: string, dashboard: Partial<OsDashboard> | null) => isEditablePlace(place as OsPlace) && mayAct(place, dashboard);

export interface DashboardLine {
  label: string;
  count: number;
  filter: number;
}

/** Card 1 of the OS dashboard: each line when one of its flags is set and its count (of flagged parts) is above 0. */
export function osDashboardLines(dashboard: Partial<OsDashboard> | null): { total: number; lines: DashboardLine[] } {
  if (!dashboard) return { total: 0, lines: [] };
  const lines: DashboardLine[] = [];
  for (const line of OS_DASHBOARD_LINES) {
    const count = line.flags.reduce((sum, flag, i) => sum + (dashboard[flag] ? Number(dashboard[line.counts[i] ?? line.counts[0]]) || 0 : 0), 0);
    if (count > 0) lines.push({ label: line.label, count, filter: line.filter });
  }
  return { total: lines.reduce((s, l) => s + l.count, 0), lines };
}

/**
 * A price as typed in French ('12 500,50', '12500.5', '1 250 €') → a number
 * with two decimals, or null when it is not a price. Never throws.
 */
export function parsePrice(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.round(raw * 100) / 100 : null;
  if (!raw) return null;
  const text = raw.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d*)?$/.test(text)) return null;
  return Math.round(Number(text) * 100) / 100;
}
