/**
 * The pure door to the contract for src/domain: roles, error codes, workflow
 * and form rules, and the types they speak. Nothing here loads RxDB, Dexie or
 * the API client, so a rule imported by a screen or a Node test costs only
 * itself (sync/index.ts also exports the engine). Lint keeps src/domain on
 * this door.
 */
export * as roles from './contract/roles';
export { ERROR_CODES, isErrorCode, type ErrorCode } from './contract/errors';
export { OS_DASHBOARD_LINES, isCompleteOs, type OsDashboard } from './contract/os';
export { OS_LIST_FILTERS, ROLE_AT, isEditablePlace, osPath, stepsFrom, targetOf, type OsPlace, type StepCode } from './contract/os-workflow';
export {
  checkFormValue,
  distanceKm,
  flattenProperties,
  isNewPhotoRef,
  type EchoparkDetail,
  type EchoparkDomainNode,
  type EchoparkForm,
  type EchoparkFormField,
  type EchoparkFormPayload,
  type EchoparkListItem,
  type EchoparkProperty,
} from './contract/echopark';
export { assignRefusal, canResume, canTakeOver, startRefusal, type VisitState } from './contract/visits';
export type { VisitListDoc } from './pull/visits';
