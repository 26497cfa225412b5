/**
 * The data layer's public face: the only module src/ may import from sync/.
 * It re-exports the session, the engine and its modules' facade types (the
 * screens reach data only through `engine.<module>`), the contract types the
 * screens need, the engine's error types and the pure rules shared with the
 * server. No store, API client or fetcher leaves sync/ through here.
 */
export { createSession, TICK_MS, type Session, type SessionState, type SessionEnv } from './session/session';
export { memoryStore, HIDE_BOARDING_KEY, SESSION_KEY, type KeyValueStore } from './session/persisted';
export { isValidServerUrl, readServerUrl, writeServerUrl } from './session/server-url';
export { APP_VERSION, compareVersions, isVersionAllowed } from './session/version';
export { ApiFailure, isApiFailure, type FailureKind } from './api/failure';
export type { ApiClient } from './api/client';
export { ERROR_CODES, isErrorCode, type ErrorCode, type ApiErrorBody } from './contract/errors';
export type { UserData, IaLink, ContactFormPayload, UserUpdatePayload, TokenPair, RealEstateDto, BuildingDto, BusinessAreaDto } from './contract/core';
export { MAX_UPLOAD_BYTES, ACCEPTED_IMAGE_TYPES, IMAGE_ACCEPT, checkImage } from './contract/files';
export * as roles from './contract/roles';
import type { createEngine } from './engine';
import type { AppModules } from './modules';
export { createEngine, type EngineState, type Outcome } from './engine';
export { workerStorage } from './store/remote-storage';
export type { BriefcaseState, BriefcaseModule } from './briefcase/types';
export { DEFAULT_BUDGET_BYTES } from './briefcase/briefcase';
export { OUTBOX_SYNC_TAG, OUTBOX_DRAINED_MESSAGE } from './background/tag';
export { appModules, type AppModules } from './modules';
export { AppError, NoLocalStore, SessionEnded, CommandRefused, isNoLocalStore, isSessionEnded, isCommandRefused, refusalOf } from './errors';
export type { Doc } from './facades/docs';
export type { UnsentItem } from './facades/module';
export { PREFETCH_MAX_AGE_MS } from './facades/module';
export { startOnePerTask, yieldToPage } from './yield-to-page';
export type { UnsentWork } from './outbox/unsent';
export type { Draft } from './drafts/kit';
/** The app's engine: the generic engine with the app's modules (engine.os, engine.visits, …). */
export type Engine = ReturnType<typeof createEngine<AppModules>>;
// --- OS module (facade: sync/facades/os.ts) ---
export type { OsDoc, OsMessageDoc, OsFacade } from './facades/os';
// --- Interventions module (facade: sync/facades/interventions.ts) ---
export type { InterventionListDoc, InterventionsFacade } from './facades/interventions';
// --- Echopark module (facade: sync/facades/echopark.ts) ---
export type { EchoparkRequestDoc, StoredCommunities, EchoparkFacade } from './facades/echopark';
export { commandRegistry, type AppCommandName, type AppPayload } from './commands/registry';
export type { PickedFile } from './commands/operation';
export type { DebriefingEnding } from './commands/intervention-operations';
export type { AccountUpdatePayload } from './commands/account';
export type { OutboxDoc } from './store/database';
export { StorageFullError } from './outbox/storage-errors';
export { blockedBy } from './outbox/policy';
export type { CachedDoc } from './store/schemas';
export type { PagedList, PagedState } from './store/paged-list';
export { FEED_PAGE_SIZE, LIST_PAGE_SIZE } from './pull/interventions';
export { DASHBOARD_INTERVENTIONS, DASHBOARD_OS, DASHBOARD_VISITS } from './pull/dashboard-keys';
export type * from './contract/interventions';
// --- Visits module (facade: sync/facades/visits.ts) ---
export type { VisitsFacade, VisitRow, LocalVisitFile } from './facades/visits';
export { type VisitListDoc, type VisitCopyMeta } from './pull/visits';
export type { DraftSnapshot, VisitDraft } from './drafts/visit-draft';
export { updateField, updateSection, type FieldChange } from './drafts/visit-answers';
export type * from './contract/visits';
export { VISIT_STATE_LABELS } from './contract/visits';
export type * from './contract/visit-data';
export type { CountsOf, MissingField } from './contract/visit-required';
export { missingRequiredCounts, missingRequiredFields } from './contract/visit-required';
export {
  FIELD_TYPES,
  DUPLICATE_WARNING,
  chooseOption,
  duplicateField,
  duplicateSection,
  fieldConfig,
  findSection,
  flattenSections,
  formNote,
  formProgress,
  generatedFileName,
  isAnswered,
  isRequired,
  noteTone,
  toggleOption,
  withFieldAfter,
} from './contract/visit-data';
export type * from './contract/echopark';
export {
  DEFAULT_TILE_ATTRIBUTION,
  DEFAULT_TILE_URL,
  ECHOPARK_REASONS,
  ECHOPARK_TEXTS,
  FORM_FIELD_TYPES,
  TIMELINE_MESSAGE_TYPES,
  checkFormValue,
  distanceKm,
  echoparkPaths,
  flattenProperties,
  isNewPhotoRef,
  matchesProperty,
  nearestProperties,
  newPhotoRef,
  timelineMessages,
} from './contract/echopark';
export { TILES_CACHE } from './contract/caches';
export type { OsDto, OsPayload, OsDashboard, OsMessageDto, NewOsMessagePayload } from './contract/os';
export type { OsPlace, StepCode } from './contract/os-workflow';
export { OS_DASHBOARD_LINES, osIri, osPaths } from './contract/os';
export type { MediaDto } from './contract/core';
export { OS_LIST_FILTERS, OS_PRICE_THRESHOLD, ROLE_AT, isEditablePlace, osPath, osPlaceLabel, stepsFrom, targetOf } from './contract/os-workflow';
export { OS_PAGE_SIZE, type OsData } from './pull/os';
export type { OsPreview } from './commands/os';
export { emptyDraft, isBlankDraft, type EchoparkDraft } from './commands/echopark-draft';
export { DRAFT_WRITE_DELAY_MS, groupedWriter } from './drafts/grouped-writer';
