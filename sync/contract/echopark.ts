/**
 * Contract of the echopark (community requests) calls, spec part 2 §3.1, §4.1,
 * §5, §7, §8.3: paths, payloads, answers, message types, and the pure rules the
 * client shares with the server (timeline filter, property search and nearest
 * search, progress-form value checks). The community switch itself is the core's
 * PUT api/users/{id} with echoparkMainCommunityId (corePaths.user).
 */

import type { EchoparkReason } from './echopark-reasons';

export const echoparkPaths = {
  /** POST: save a new request. */
  create: 'api/echopark/requests/',
  /** GET: the current community's requests; 1 forces a refresh (the server never caches: same answer). */
  list: (refresh: boolean) => `api/echopark/requests/${refresh ? 1 : 0}`,
  details: (id: number) => `api/echopark/requests/${id}/details`,
  consigne: (id: number) => `api/echopark/requests/${id}/consigne`,
  /** POST: the instruction for a request being created. */
  consigneQuery: 'api/echopark/request/consigne/',
  creationData: 'api/echopark/requests-map',
  picture: (requestId: number) => `api/echopark/picture/${requestId}`,
  form: 'api/echopark/request/form/',
  step: 'api/echopark/step/',
  message: 'api/echopark/request/message/',
  debrief: 'api/echopark/debrief/',
  communities: 'api/echopark/user/me/part',
} as const;

/**
 * History entries. The follow-up timeline shows 0, 1, 4, 5 and 12 only; form
 * submissions and photos are kept in the history but not shown there.
 */
export const ECHOPARK_MESSAGE_TYPES = {
  /** The request was created; the text is the requester's message. */
  creation: 0,
  /** Moved to a next step (POST step/); the text is the step comment. */
  step: 1,
  /** Progress form submitted (POST request/form/). Not in the timeline. */
  form: 2,
  /** Photo added (POST picture/{id}). Not in the timeline. */
  picture: 3,
  /** Message to a role and group (POST request/message/). */
  message: 4,
  /** Debriefing sent (POST debrief/). */
  debriefing: 5,
  /** Moved to a closing step (Clôturée, Rejetée) instead of type 1. */
  closure: 12,
} as const;
export type EchoparkMessageType = (typeof ECHOPARK_MESSAGE_TYPES)[keyof typeof ECHOPARK_MESSAGE_TYPES];
export const TIMELINE_MESSAGE_TYPES: readonly number[] = [0, 1, 4, 5, 12];

/** Flash texts of §5 and §8.3 (title 'Succès' or 'Erreur'). */
export const ECHOPARK_TEXTS = {
  stepDone: 'Etape passée avec succès.',
  messageSaved: 'Message enregistré avec succès.',
  formSubmitted: 'Formulaire soumis.',
  pictureAdded: 'Image ajoutée.',
  debriefSent: 'Compte-rendu envoyé.',
  completeRequired: 'Veuillez compléter les champs obligatoires.',
  fieldRequired: 'Champ obligatoire',
  pictureNeeded: 'Merci de rajouter une image.',
  debriefDates: 'Les dates de début et de fin de compte-rendu sont obligatoires',
  noConsigne: 'Aucune consigne particulière pour cette demande.',
} as const;

// The refusal reasons live in their own module: the API client translates them on every page,
// the login screen's included, and importing them from here put this whole contract there.
export { ECHOPARK_REASONS, ECHOPARK_UNKNOWN_REASON, echoparkReasonText, type EchoparkReason } from './echopark-reasons';

/** Payload references may be ids or IRIs ("/api/…/12"). */
export type Ref = number | string;

export interface EchoparkCreatePayload {
  requestTypeId: Ref;
  realEstate: Ref;
  domainTreeId: Ref;
  message: string;
}
/**
 * The save answer (spec §7: "data.id or data.reason"): creation succeeded only when it carries an id.
 * A refusal may come in a 2xx answer with only `data.reason` (the real backend; the reference server for
 * a closed domain), or as a 400 with the French text too (the reference server's malformed requests).
 */
export type EchoparkCreateAnswer = { data: { id: number } } | { data: { reason: EchoparkReason }; message?: string; description?: string };

export interface EchoparkConsigneQuery {
  requestTypeId: Ref;
  domaineTreeId: Ref;
  realEstateId: Ref;
}
export interface EchoparkConsigneAnswer {
  data: { message: string };
}

/**
 * Answer of every action with its flash text. id: the request (step 200, form 200), the history
 * entry (message 201), the photo (picture 201, the value of an upload field), the debriefing (201).
 */
export interface EchoparkActionAnswer {
  data: { id: number; message: string };
}

export interface EchoparkStepPayload {
  step: Ref;
  groupe?: Ref | null;
  message?: string;
  requestId: Ref;
}
export interface EchoparkMessagePayload {
  recipientRoleId: Ref;
  recipientGroupId: Ref;
  message: string;
  requestId: Ref;
}
/**
 * An upload field's value for a photo taken on the device and not sent yet (offline): the photo's upload
 * is queued before the form, and the outbox rewrites this reference with the photo's server id (the
 * picture answer's data.id) before the form leaves. The server never receives one.
 */
export const NEW_PHOTO_PREFIX = 'tmp-photo-';
export const newPhotoRef = (fileId: string) => `${NEW_PHOTO_PREFIX}${fileId}`;
export const isNewPhotoRef = (value: unknown): value is string => typeof value === 'string' && value.startsWith(NEW_PHOTO_PREFIX);

/** Field values go either as `form[field.key]` or as `form.groups[].fields[] = { id, value }`. */
export interface EchoparkFormPayload {
  requestId: Ref;
  step: Ref;
  form: { id: number; groups?: { id: number; fields?: { id: number; value?: unknown }[] }[]; [key: string]: unknown };
}
export interface EchoparkDebriefPayload {
  requestId: Ref;
  etape?: Ref | null;
  /** Unix seconds. */
  begin_at: number | null;
  end_at: number | null;
  comment?: string;
  done?: boolean | 0 | 1;
}

export interface EchoparkDomainRef {
  name: string;
  parentName: string | null;
  requestTypeName: string;
  requestTypeId: number;
}
export interface EchoparkStepRef {
  id: number;
  name: string;
  typeName: string;
}
export interface EchoparkPerson {
  firstName: string;
  lastName: string;
  companyName: string | null;
}

/** GET api/echopark/requests/{0|1}: one item per request of the current community, newest first. */
export interface EchoparkListItem {
  id: number;
  number: string;
  communityId: number;
  createdAt: string;
  modifiedAt: string;
  domain: EchoparkDomainRef;
  step: EchoparkStepRef;
  /** label names a building with its site ("Immeuble Le Confluent – Bâtiment A"). */
  realEstate: { id: number; name: string; label: string; city: string | null };
  urgencyName: string;
  requestedBy: EchoparkPerson;
  /** 1 when the request is at a closing step. */
  closed: 0 | 1;
}

export interface EchoparkMessage {
  id: number;
  messageType: number;
  step: { stepId: number | null; stepName: string | null };
  role: { roleId: number | null; roleName: string | null };
  group: { groupId: number | null; groupName: string | null };
  author: { firstName: string; lastName: string } | null;
  createdAt: string;
  message: string;
}

export const FORM_FIELD_TYPES = ['checkbox', 'combo', 'list', 'upload', 'date', 'timestamp', 'time', 'integer', 'number', 'textarea', 'text', 'email'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** checkbox: boolean; combo: a choice value; list: choice values; upload: a picture id of the request; date YYYY-MM-DD; timestamp: unix seconds; time HH:mm. */
export type FormValue = boolean | number | string | string[];

export interface EchoparkFormField {
  id: number;
  label: string;
  key: string;
  type: FormFieldType;
  choices: { value: string; label: string }[];
  disabled: boolean;
  config: { obligatoire: 0 | 1; placeholder?: string };
  fieldsetFieldEntity: number;
  /** The answer saved for this step, or null. */
  value: FormValue | null;
}
export interface EchoparkForm {
  id: number;
  label: string;
  groups: { id: number; label: string; formFieldsetEntity: number; fields: EchoparkFormField[] }[];
}

/** GET api/echopark/requests/{id}/details */
export interface EchoparkDetail extends Omit<EchoparkListItem, 'realEstate'> {
  realEstate: { id: number; name: string; label: string };
  /** The next steps, one entry per (step, group) the request may be sent to. */
  steps: { stepId: number; stepName: string; groupId: number | null; groupName: string | null; roleId: number | null }[];
  recipientInitial: { roleName: string; companyName: string | null; groupName: string };
  /** Who can receive a message: the roles of the community and their groups. */
  recipients: { roleId: number; roleName: string; groups: { value: number; label: string }[] }[];
  message: string;
  canMessage: 0 | 1;
  /** Every history entry, newest first (the timeline keeps TIMELINE_MESSAGE_TYPES). */
  messages: EchoparkMessage[];
  /** Photos inline (also downloadable as GET api/media/{mediaId}). */
  pictures: { id: number; mediaId: number; b64: string; mime: string }[];
  /** The progress form of the current step, or null when the step has none. */
  form: EchoparkForm | null;
  debriefing_available: 0 | 1;
  debriefings: { id: number; stepId: number; beginAt: string; endAt: string; comment: string; done: boolean; createdAt: string }[];
}

/** GET api/echopark/requests-map */
export interface EchoparkProperty {
  id: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number;
  longitude: number;
  /** 1 region, 2 site, 3 building. */
  level: 1 | 2 | 3;
  parent: number | null;
  children: EchoparkProperty[];
}
export interface EchoparkDomainNode {
  id: number;
  name: string;
  /** The node of the type's domain tree: what domainTreeId and domaineTreeId name. */
  arboid: number;
  /** The parent node's arboid, or null at the top. */
  parent: number | null;
}
export interface EchoparkCreationData {
  realEstates: EchoparkProperty[];
  requests: Record<string, { name: string; domains: EchoparkDomainNode[] }>;
}

/** GET api/echopark/user/me/part */
export interface EchoparkCommunities {
  communitiesIds: { id: number; name: string }[];
  current: { id: number; name: string } | null;
  echoparkMainCommunityId: number | null;
}

/** The follow-up timeline: types 0, 1, 4, 5, 12 only, newest first. */
export function timelineMessages<M extends { messageType: number; createdAt: string; id?: number }>(messages: readonly M[]): M[] {
  return messages
    .filter((m) => TIMELINE_MESSAGE_TYPES.includes(m.messageType))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.id ?? 0) - (a.id ?? 0));
}

/** Every property of a tree, parents first. */
export function flattenProperties(tree: readonly EchoparkProperty[]): EchoparkProperty[] {
  return tree.flatMap((p) => [p, ...flattenProperties(p.children)]);
}

/** The property search: name, address, postal code or city, case-insensitive. */
export function matchesProperty(property: EchoparkProperty, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('fr');
  if (needle === '') return true;
  return [property.name, property.address, property.postalCode, property.city].some((v) => v?.toLocaleLowerCase('fr').includes(needle));
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine, radius 6371 km). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The `count` properties closest to a position (10 on the creation screen). */
export function nearestProperties(tree: readonly EchoparkProperty[], lat: number, lng: number, count = 10): EchoparkProperty[] {
  return flattenProperties(tree)
    .map((p) => ({ p, d: distanceKm(lat, lng, p.latitude, p.longitude) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map((x) => x.p);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** YYYY-MM-DD naming a real day (no 31 February). */
const isCalendarDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/**
 * Checks and normalises one progress-form value. Empty values are null (and refused
 * when the field is obligatoire and enabled); a wrong value gets a French message.
 */
export function checkFormValue(
  field: Pick<EchoparkFormField, 'label' | 'type' | 'choices' | 'disabled' | 'config'>,
  raw: unknown,
): { value: FormValue | null } | { error: string } {
  const required = field.config.obligatoire === 1 && !field.disabled;
  const bad = (what: string) => ({ error: `Le champ « ${field.label} » ${what}.` });
  if (field.type === 'checkbox') {
    // A required checkbox must be ticked (an acknowledgement); unticked is false, not empty.
    const ticked = [true, 1, '1', 'true'].includes(raw as never);
    if (!ticked && !isEmpty(raw) && ![0, '0', 'false'].includes(raw as never)) return bad('doit être coché ou non');
    return !ticked && required ? bad('est obligatoire') : { value: ticked };
  }
  if (isEmpty(raw)) return required ? bad('est obligatoire') : { value: null };
  const num = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  const allowed = new Set(field.choices.map((c) => c.value));
  switch (field.type) {
    case 'combo':
      return allowed.has(String(raw)) ? { value: String(raw) } : bad('doit être un des choix proposés');
    case 'list':
      return Array.isArray(raw) && raw.every((v) => allowed.has(String(v)))
        ? { value: [...new Set(raw.map(String))] }
        : bad('doit être une liste de choix proposés');
    case 'upload':
      return typeof num === 'number' && Number.isInteger(num) && num > 0 ? { value: num } : bad('doit désigner une photo de la demande');
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw) ? { value: raw } : bad('doit être une date (AAAA-MM-JJ)');
    case 'timestamp':
      return typeof num === 'number' && Number.isInteger(num) && num >= 0 ? { value: num } : bad('doit être une date et heure (secondes Unix)');
    case 'time':
      return typeof raw === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(raw) ? { value: raw } : bad('doit être une heure (HH:mm)');
    case 'integer':
      return typeof num === 'number' && Number.isInteger(num) ? { value: num } : bad('doit être un nombre entier');
    case 'number':
      return typeof num === 'number' && Number.isFinite(num) ? { value: num } : bad('doit être un nombre');
    case 'email':
      return typeof raw === 'string' && EMAIL.test(raw.trim()) ? { value: raw.trim() } : bad("n'est pas une adresse e-mail valide");
    case 'text':
    case 'textarea': {
      const max = field.type === 'text' ? 255 : 5000;
      return typeof raw === 'string' && raw.length <= max ? { value: raw } : bad(`doit être un texte de ${max} caractères au plus`);
    }
  }
}

/** Map tiles: OpenStreetMap by default (credited), another server through VITE_MAP_TILES at build time. */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** Recognises a tile request of a template ('{s}', '{z}', '{x}', '{y}', '{r}' are the variable parts), for the service worker. */
export function tileUrlMatcher(template: string): (url: string) => boolean {
  const pattern = template
    .split(/(\{[a-z]+\})/)
    .map((part) => (/^\{[a-z]+\}$/.test(part) ? (part === '{s}' ? '[a-z0-9-]+' : '[^/?#]*') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${pattern}(\\?.*)?$`);
  return (url) => regex.test(url);
}
