/**
 * Contract of the session, account, version, contact and reference-data calls
 * (spec part 1 §7 "Auth and account", "Reference data"; part 2 §7). Paths are
 * relative to the API base, exactly as the real backend spells them.
 */
import type { Role } from './roles';

export const corePaths = {
  login: 'api/authentication_token',
  refresh: 'api/token/refresh',
  personalData: 'api/personal/data/0',
  physicalAccess: (userId: number) => `api/personal/physical_access/${userId}`,
  version: 'api/versions/0',
  registration: 'api/registration',
  registrationActivate: 'api/registration/activate',
  forgottenPassword: 'api/forgotten_passwords/',
  forgottenPasswordCheck: 'api/forgotten_passwords/check',
  forgottenPasswordChange: 'api/forgotten_passwords/change',
  user: (id: number) => `api/users/${id}`,
  contactForm: 'api/contact_forms',
  realEstates: 'api/real_estates',
  realEstatesWithContract: 'api/real_estates/with_contract',
  realEstate: (id: number) => `api/real_estates/${id}`,
  buildings: 'api/buildings',
  businessAreas: 'api/business_areas',
  providers: 'api/companies/providers',
  company: (id: number) => `api/companies/${id}`,
  requestTypes: 'api/request_types',
  requestType: (id: number) => `api/request_types/${id}`,
  requests: 'api/requests',
  requestsList: 'api/requests/',
  request: (id: number) => `api/requests/${id}`,
  media: (id: number) => `api/media/${id}`,
  pushMobiles: 'api/notifications/push_mobiles',
} as const;

export interface LoginPayload {
  email?: string;
  /** Alias of email, as LexikJWT's default `username`. */
  username?: string;
  password: string;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface RefreshPayload {
  refresh_token: string;
}

export interface IaLink {
  name: string;
  url: string;
}

export interface Community {
  id: number;
  name: string;
}

/** GET api/personal/data/0 */
export interface UserData {
  id: number;
  firstname: string;
  name: string;
  email: string;
  gsm: string;
  roles: Role[];
  iaLinks: IaLink[];
  echoparkMainCommunityId: number | null;
  isManager: boolean;
  company: { id: number; name: string } | null;
}

export interface VersionInfo {
  minVersionToUse: string;
}

export interface ForgottenPasswordPayload {
  email: string;
}
export interface ForgottenPasswordChangePayload {
  email: string;
  code: string;
  password: string;
}

/** PUT api/users/{id}: account edit (email read-only but sent), or echopark community switch. */
export interface UserUpdatePayload {
  id?: number;
  firstname?: string;
  lastname?: string;
  email?: string;
  gsm?: string;
  echoparkMainCommunityId?: number;
}

export interface ContactFormPayload {
  firstname: string;
  lastname: string;
  email: string;
  gsm: string;
  company: string;
  real_estate: string;
  message?: string;
}

export interface ContactDto {
  id: number;
  address: string;
  additionalAddress: string | null;
  postalCode: string;
  city: string;
  country: string;
}

export interface RealEstateDto {
  id: number;
  name: string;
  mainContact: ContactDto;
  latitude: number | null;
  longitude: number | null;
}

export interface BuildingDto {
  id: number;
  name: string;
  realEstate: { id: number };
  /** Ids of the ancestors, nearest parent first (empty at the top of the tree). */
  parentBuildingId: number[];
}

export interface BusinessAreaDto {
  id: number;
  name: string;
  parent: { id: number; name: string } | null;
}

export interface CompanyDto {
  id: number;
  name: string;
  mainContact: ContactDto | null;
}

export interface RequestTypeDto {
  id: number;
  name: string;
}

export interface MediaDto {
  id: number;
  name: string;
  type: string;
  md5: string;
  date: string;
}

export interface PushNotificationDto {
  id: number;
  content: string;
}

export interface PhysicalAccessDto {
  userId: number;
  accessPoints: { id: number; name: string }[];
}
