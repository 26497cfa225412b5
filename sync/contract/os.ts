/**
 * Contract of the OS calls (work-validation requests, spec part 1 §3, §7
 * "OS"): paths (with the firm prefix), payloads and answers. The workflow's
 * rules are in os-workflow.ts.
 */
import type { OsPlace, StepCode } from './os-workflow';
import type { MediaDto } from './core';

export const DEFAULT_FIRM_PREFIX = 'firm';

export const osPaths = {
  /** GET ?itemsPerPage&page&order[id]=desc&place[] (page size 10; `places[]` and `numberPerPage` are accepted as aliases). */
  list: 'api/work_validation_requests/list/undetailed',
  /** GET ?realEstate&requestedBy&place[] */
  search: 'api/work_validation_requests',
  detail: (id: number | string) => `api/work_validation_requests/${id}`,
  create: 'api/post_work_validation_requests',
  update: (id: number | string) => `api/post_work_validation_requests/${id}`,
  medias: (id: number | string) => `api/work_validation_requests/${id}/medias`,
  media: (id: number | string) => `api/work_validation_requests/media/${id}`,
  /** PUT GoToStepPayload → the OS (OsDto) in its new place. */
  goToStep: (firm: string) => `api/${firm}/workflows/go_to_step`,
  /** GET ?page=1&itemsPerPage=30&workflow=work_validation_requests&objectId → StepCode[] the caller may use. */
  nextStep: (firm: string) => `api/${firm}/workflows/next_step`,
  ownerDashboard: (firm: string) => `api/${firm}/dashboards/${firm}_owners/0`,
  providerDashboard: (firm: string) => `api/${firm}/dashboards/${firm}_providers/0`,
  /** GET ?workValidationRequest&order[date]=asc */
  messages: (firm: string) => `api/work_validation_request/message_${firm}`,
  newConversation: 'api/work_validation_request/messages/new_conversation',
} as const;

export interface OsDto {
  id: number;
  number: string;
  place: OsPlace;
  /** Null only on a draft (place 'start') saved before its price was typed. */
  price: number | null;
  information: string;
  createdAt: string;
  realEstate: { id: number; name: string };
  buildings: { id: number; name: string }[];
  businessArea: { id: number; name: string } | null;
  requestType: { id: number; name: string } | null;
  serviceProviderCompany: { id: number; name: string } | null;
  ownerCompany: { name: string } | null;
  contact: { address: string; additionalAddress: string | null; postalCode: string; city: string } | null;
  requestedBy: { firstName: string; lastName: string; gsm: string; company: { name: string } | null } | null;
  medias: MediaDto[];
}

/**
 * POST / PUT api/post_work_validation_requests. A draft (spec part 1 §5: "Saving an OS draft needs
 * a chosen property") carries what is filled in: the others are null or empty.
 */
export interface OsPayload {
  id?: number;
  information: string;
  realEstatId: number;
  businessAreaId: number | null;
  buildingIdList: number[];
  contactId: number | null;
  serviceProviderCompanyId: number | null;
  typeId: number | null;
  price: number | null;
}

/**
 * What a request needs beyond a draft: provider, trade, type and a price above 0. The reference
 * server creates a payload without them as a draft (place 'start') and one with them in
 * request_init; a draft leaves 'start' (step request_init) only once complete. Shared by both sides.
 */
export const isCompleteOs = (p: Pick<OsPayload, 'businessAreaId' | 'serviceProviderCompanyId' | 'typeId' | 'price'>): boolean =>
  p.businessAreaId !== null && p.serviceProviderCompanyId !== null && p.typeId !== null && typeof p.price === 'number' && p.price > 0;

/** Body of PUT api/{firm}/workflows/go_to_step; objectId may be an id or an IRI. */
export interface GoToStepPayload {
  stepCode: string;
  workflowCode: 'work_validation_requests';
  objectId: number | string;
}

/** The step codes the caller may send from the current place; empty when the caller may not act. */
export type NextStepAnswer = StepCode[];

/** Same shape as the intervention messages: a sendBy id of 0 means an automatic message. */
export interface OsMessageDto {
  id: number;
  messageText: string;
  date: string;
  sendBy: { id: number; firstName: string; lastName: string };
}
/** Body of POST api/work_validation_request/messages/new_conversation; answer: the OsMessageDto (201). */
export interface NewOsMessagePayload {
  messageText: string;
  /** "/api/work_validation_requests/{id}" (a bare id is accepted too). */
  workValidationRequest: string;
}

export const osIri = (id: number) => `/api/work_validation_requests/${id}`;

/** Spec part 1 §3 "OS dashboard fields". */
export interface OsDashboard {
  countPurchaseOrderDT: number;
  countPurchaseOrderDP: number;
  countSignN1: number;
  countSignN2: number;
  countCompleteWorkValidationRequest: number;
  countCreateOS: number;
  countSendOS: number;
  canPurchaseOrderDT: boolean;
  canPurchaseOrderDP: boolean;
  canSignN1: boolean;
  canSignN2: boolean;
  canCompleteWorkValidationRequest: boolean;
  canCreateOS: boolean;
  canSendOS: boolean;
  canCreateWorkValidationRequest: boolean;
}

/**
 * The lines of the OS dashboard card (spec part 1 §2 "OS dashboard"): each
 * shows when its can-flag is set and its count is above 0, and links to the
 * OS list with the given filter (os-workflow.ts OS_LIST_FILTERS).
 */
export const OS_DASHBOARD_LINES = [
  {
    label: 'Bons de commande en attente',
    counts: ['countPurchaseOrderDP', 'countPurchaseOrderDT'],
    flags: ['canPurchaseOrderDP', 'canPurchaseOrderDT'],
    filter: 3,
  },
  { label: 'Signatures en attente', counts: ['countSignN1', 'countSignN2'], flags: ['canSignN1', 'canSignN2'], filter: 5 },
  { label: 'Demandes à compléter', counts: ['countCompleteWorkValidationRequest'], flags: ['canCompleteWorkValidationRequest'], filter: 2 },
  { label: 'OS à créer', counts: ['countCreateOS'], flags: ['canCreateOS'], filter: 4 },
  { label: 'OS à envoyer', counts: ['countSendOS'], flags: ['canSendOS'], filter: 6 },
] as const satisfies readonly { label: string; counts: readonly (keyof OsDashboard)[]; flags: readonly (keyof OsDashboard)[]; filter: number }[];
