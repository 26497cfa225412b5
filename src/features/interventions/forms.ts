/**
 * The five intervention forms as data: their values, their yup schemas and
 * the pure rules around them (spec part 1 §5): the creation tunnel step by
 * step, the appointment proposal, the debriefing, the rating and the message.
 * No React, no store: the Node tests load the very rules the screens run.
 */
import * as yup from 'yup';
import type { DebriefingEnding } from '../../../sync/index';
import { appointmentError } from '../../domain/interventions';
import { interventionTexts as t } from './texts';

const filled = (v: string | undefined | null) => Boolean(v?.trim());
/** A datetime-local value (local time) as an ISO instant; '' stays ''. */
export const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

// ——— Creation tunnel (6 steps: place, buildings, business area, information, recap, success) ———

export interface PlaceChoice {
  id: number;
  name: string;
  mainContact: { id: number };
}

export interface TunnelValues {
  place: PlaceChoice | null;
  buildings: number[];
  businessArea: number | null;
  information: string;
}

export const emptyTunnel: TunnelValues = { place: null, buildings: [], businessArea: null, information: '' };

/** The field each step asks for (steps 4 and 5, recap and success, ask for none). */
export const TUNNEL_FIELDS = ['place', 'buildings', 'businessArea', 'information'] as const;
export type TunnelField = (typeof TUNNEL_FIELDS)[number];

const tunnelRules = {
  place: yup
    .mixed<PlaceChoice>()
    .nullable()
    .test('chosen', t.fillAllFields, (v) => v != null),
  buildings: yup.array(yup.number().required()).test('some', t.pickBuilding, (v) => (v?.length ?? 0) > 0),
  businessArea: yup
    .number()
    .nullable()
    .test('chosen', t.pickArea, (v) => v != null),
  information: yup.string().test('filled', t.informationRequired, filled),
};

/** The schema of one step: only its own field is checked, so 'Suivant' says what this step lacks. */
export function tunnelStepSchema(step: number) {
  const field = TUNNEL_FIELDS[step];
  return field ? yup.object({ [field]: tunnelRules[field] }) : yup.object({});
}

/** Every step at once: what the recap may send. */
export const tunnelSchema = yup.object(tunnelRules);

/** The creation operation's body and the list preview shown before the server answers. */
export function toCreation(v: TunnelValues, areaName: string) {
  const place = v.place!;
  return {
    body: {
      information: v.information.trim(),
      realEstatId: place.id,
      businessAreaId: v.businessArea!,
      equipmentIdList: [] as number[],
      buildingIdList: [...v.buildings],
      contactId: place.mainContact.id,
    },
    preview: { realEstate: { id: place.id, name: place.name }, businessArea: { id: v.businessArea!, name: areaName } },
  };
}

/** Buildings picked for another place are dropped when the place changes. */
export const withPlace = (v: TunnelValues, place: PlaceChoice): TunnelValues => ({ ...v, place, buildings: v.place?.id === place.id ? v.buildings : [] });

// ——— Appointment proposal (datetime-local values) ———

export interface AppointmentValues {
  start: string;
  end: string;
  information: string;
}

export const emptyAppointment: AppointmentValues = { start: '', end: '', information: '' };

/** The one message of the form: the end after the start, said as soon as both are set. */
export const appointmentSchema = yup.object({
  start: yup.string(),
  end: yup.string().test('after-start', '', function check(end) {
    const message = appointmentError(toIso((this.parent as AppointmentValues).start), toIso(end ?? ''));
    return message ? this.createError({ message }) : true;
  }),
  information: yup.string(),
});

/** 'Ajouter' is enabled only when both dates are set and in order. */
export const canPropose = (v: AppointmentValues) => Boolean(v.start && v.end) && appointmentError(toIso(v.start), toIso(v.end)) === null;

export const toProposal = (v: AppointmentValues, interventionId: string, place: string) => ({
  interventionId,
  place,
  date: toIso(v.start),
  dateEnd: toIso(v.end),
  information: v.information.trim(),
});

// ——— Debriefing ———

export interface DebriefingValues {
  message: string;
  begin: string;
  end: string;
}

export const emptyDebriefing: DebriefingValues = { message: '', begin: '', end: '' };
export const DEBRIEFING_FIELDS = ['message', 'begin', 'end'] as const;

/** The three fields are required (one message says so); the end comes after the beginning. */
export const debriefingSchema = yup.object({
  message: yup.string().test('filled', t.debriefingRequired, filled),
  begin: yup.string().test('filled', t.debriefingRequired, filled),
  end: yup
    .string()
    .test('filled', t.debriefingRequired, filled)
    .test('after-begin', '', function check(end) {
      const message = appointmentError(toIso((this.parent as DebriefingValues).begin), toIso(end ?? ''));
      return message ? this.createError({ message }) : true;
    }),
});

/** The order dates are checked live under 'Fin', before any save is pressed. */
export const debriefingDatesError = (v: DebriefingValues) => appointmentError(toIso(v.begin), toIso(v.end));

export type DebriefingEndingValue = DebriefingEnding;
export const debriefingSuccess = (ending: DebriefingEndingValue) => (ending === 1 ? t.finished : ending === 2 ? t.debriefingSaved : t.draftSaved);
export const toDebriefing = (v: DebriefingValues, interventionId: string, ending: DebriefingEndingValue) => ({
  interventionId,
  message: v.message.trim(),
  dateBegin: toIso(v.begin),
  dateEnd: toIso(v.end),
  ending,
});

// ——— Rating ———

export interface RatingValues {
  rate: number;
  message: string;
}

export const emptyRating: RatingValues = { rate: 0, message: '' };

export const ratingSchema = yup.object({
  rate: yup.number().typeError(t.rateRequired).integer(t.rateRequired).min(1, t.rateRequired).max(5, t.rateRequired).required(t.rateRequired),
  message: yup.string(),
});

// ——— Message ———

export interface MessageValues {
  text: string;
}

export const messageSchema = yup.object({ text: yup.string().test('filled', t.messageRequired, filled) });

// ——— Errors beside their fields ———

/**
 * Where each error is shown: a message is written once, beside the first field (in screen
 * order) that has it; the other fields with the same message point to it (aria-describedby).
 */
export function placeErrors<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, unknown>>,
  shown: (field: F) => boolean = () => true,
): Partial<Record<F, { text: string; at: F }>> {
  const placed: Partial<Record<F, { text: string; at: F }>> = {};
  const firstWith = new Map<string, F>();
  for (const field of order) {
    const text = errors[field];
    if (typeof text !== 'string' || !text || !shown(field)) continue;
    if (!firstWith.has(text)) firstWith.set(text, field);
    placed[field] = { text, at: firstWith.get(text)! };
  }
  return placed;
}

/** The first field of the screen's order that has an error: it takes the focus after a refused submit. */
export const firstInvalid = <F extends string>(order: readonly F[], errors: Partial<Record<F, unknown>>): F | null =>
  order.find((f) => typeof errors[f] === 'string' && errors[f]) ?? null;
