/**
 * Contract of the OS calls (work-validation requests, spec part 1 §3, §7
 * "OS"): paths (with the firm prefix), payloads and answers. The workflow's
 * rules are in os-workflow.ts.
 */
import type { OsPlace, StepCode } from './os-workflow';
import type { MediaDto, MessageDto } from './interventions';

export const DEFAULT_FIRM_PREFIX = 'firm';

export const osPaths = {
  list: 'api/work_validation_requests/list/undetailed',
  search: 'api/work_validation_requests',
  detail: (id: number | string) => `api/work_validation_requests/${id}`,
  create: 'api/post_work_validation_requests',
  update: (id: number | string) => `api/post_work_validation_requests/${id}`,
  medias: (id: number | string) => `api/work_validation_requests/${id}/medias`,
  media: (id: number | string) => `api/work_validation_requests/media/${id}`,
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
  price: number;
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

export interface OsPayload {
  id?: number;
  information: string;
  realEstatId: number;
  businessAreaId: number;
  buildingIdList: number[];
  contactId: number | null;
  serviceProviderCompanyId: number;
  typeId: number;
  price: number;
}

export type NextStepAnswer = StepCode[];
export type OsMessage = MessageDto;

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
