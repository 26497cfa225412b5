/**
 * Roles of spec part 1 §6 and part 2 §6 and the areas they open. Shared by the
 * server (access control) and the client (navigation, guards).
 */
export const MANAGER_ROLES = ['ROLE_OWNER_ADMIN', 'ROLE_OWNER', 'ROLE_OWNER_REQUESTER', 'ROLE_ADMIN'] as const;
export const PROVIDER_ROLES = ['ROLE_SERVICE_PROVIDER_ADMIN', 'ROLE_SERVICE_PROVIDER'] as const;
/** The affiliated firm's staff and the owner admin, who work on OS. */
export const OS_ROLES = [
  'ROLE_FIRM_ACCOUNTANT',
  'ROLE_FIRM_RENTAL_MANAGER',
  'ROLE_FIRM_REAL_ESTATE_DIRECTOR',
  'ROLE_FIRM_TECHNICAL_ASSISTANT',
  'ROLE_FIRM_TECHNICAL_MANAGER',
  'ROLE_FIRM_TECHNICAL_DIRECTOR',
  'ROLE_OWNER_ADMIN',
  'ROLE_ADMIN',
] as const;
export const ECHOPARK_ROLES = ['ROLE_ECHOPARK', 'ROLE_ADMIN'] as const;
export const VISIT_ROLES = ['ROLE_VISIT_MANAGER', 'ROLE_VISIT_TECHNICIAN', 'ROLE_ADMIN'] as const;

export type Role =
  (typeof MANAGER_ROLES)[number] | (typeof PROVIDER_ROLES)[number] | (typeof OS_ROLES)[number] | (typeof ECHOPARK_ROLES)[number] | (typeof VISIT_ROLES)[number];

/** OS workflow roles shown in the follow-up bar (GT, GL, AT, DP, DT) and the firm role behind each. */
export const WORKFLOW_ROLES = {
  GT: 'ROLE_FIRM_TECHNICAL_MANAGER',
  GL: 'ROLE_FIRM_RENTAL_MANAGER',
  AT: 'ROLE_FIRM_TECHNICAL_ASSISTANT',
  DP: 'ROLE_FIRM_REAL_ESTATE_DIRECTOR',
  DT: 'ROLE_FIRM_TECHNICAL_DIRECTOR',
} as const satisfies Record<string, Role>;
export type WorkflowRole = keyof typeof WORKFLOW_ROLES;

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r));

export const isManager = (roles: readonly string[]) => hasAny(roles, MANAGER_ROLES);
export const isProvider = (roles: readonly string[]) => hasAny(roles, PROVIDER_ROLES);
export const canUseInterventions = (roles: readonly string[]) => isManager(roles) || isProvider(roles);
export const canUseOs = (roles: readonly string[]) => hasAny(roles, OS_ROLES);
export const canUseEchopark = (roles: readonly string[]) => hasAny(roles, ECHOPARK_ROLES);
export const canUseVisits = (roles: readonly string[]) => hasAny(roles, VISIT_ROLES);

/**
 * API areas and the roles that open each one (issue 13): the server refuses a
 * route of an area to a user without one of its roles (403), the client can
 * use the same table to avoid calls that would be refused. `account` is open
 * to every signed-in user (reference data, own account, unread count).
 */
export const API_AREA_ROLES = {
  account: null,
  interventions: [...MANAGER_ROLES, ...PROVIDER_ROLES],
  /** OS readers: the firm's staff, owner users of their real estates, providers of their company (writes need OS_ROLES). */
  os: [...OS_ROLES, ...MANAGER_ROLES, ...PROVIDER_ROLES],
  /** Threads and planning over interventions and OS. */
  messaging: [...MANAGER_ROLES, ...PROVIDER_ROLES, ...OS_ROLES],
  echopark: ECHOPARK_ROLES,
  visits: VISIT_ROLES,
} as const satisfies Record<string, readonly Role[] | null>;
export type ApiArea = keyof typeof API_AREA_ROLES;

/** Path prefixes (after `api/`, `{firm}` standing for the firm prefix) and their area; the first match wins. */
export const API_AREA_PREFIXES: readonly (readonly [prefix: string, area: ApiArea])[] = [
  ['message/user_message_counts/', 'account'],
  ['message/', 'messaging'],
  ['intervention_request/appointments', 'messaging'],
  ['intervention_request', 'interventions'],
  ['post_intervention_requests', 'interventions'],
  ['workflows/', 'interventions'],
  ['dashboards/', 'interventions'],
  ['work_validation_request', 'os'],
  ['post_work_validation_requests', 'os'],
  ['{firm}/', 'os'],
  ['echopark/', 'echopark'],
  ['visit', 'visits'],
];

/** The area of an API path such as 'api/echopark/step/' or '/api/visits' (`account` when no prefix matches). */
export function apiAreaOf(path: string, firmPrefix: string): ApiArea {
  const rest = path.replace(/^\/?api\//, '');
  for (const [prefix, area] of API_AREA_PREFIXES) if (rest.startsWith(prefix.replace('{firm}', firmPrefix))) return area;
  return 'account';
}

/** Whether roles open an area. */
export function canUseArea(roles: readonly string[], area: ApiArea): boolean {
  const wanted: readonly string[] | null = API_AREA_ROLES[area];
  return wanted === null || hasAny(roles, wanted);
}
