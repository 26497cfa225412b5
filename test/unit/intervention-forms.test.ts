/**
 * The rules of the five intervention forms (spec part 1 §5), as the screens
 * run them: the creation tunnel step by step, the appointment proposal, the
 * debriefing, the rating and the message; the exact French messages; and
 * where an error is written and which field takes the focus.
 */
import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import {
  appointmentSchema,
  canPropose,
  DEBRIEFING_FIELDS,
  debriefingDatesError,
  debriefingSchema,
  debriefingSuccess,
  emptyAppointment,
  emptyDebriefing,
  emptyRating,
  emptyTunnel,
  firstInvalid,
  messageSchema,
  placeErrors,
  ratingSchema,
  toCreation,
  toDebriefing,
  toProposal,
  tunnelSchema,
  tunnelStepSchema,
  withPlace,
  type TunnelValues,
} from '../../src/features/interventions/forms';

const END_AFTER_START = 'La date de fin doit être supérieure à la date de début';
const INFORMATION = "Merci de compléter les informations relatives à votre demande d'intervention.";
const DEBRIEFING_REQUIRED = 'Renseignez le compte-rendu, la date de début et la date de fin.';

/** The errors yup finds, field → message, as formik gets them. */
async function errorsOf(schema: { validate(v: unknown, o: { abortEarly: false }): Promise<unknown> }, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const found: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) if (inner.path && !found[inner.path]) found[inner.path] = inner.message;
    return found;
  }
}

const place = { id: 7, name: 'Tour Atlantique', mainContact: { id: 70 } };
const full: TunnelValues = { place, buildings: [3, 4], businessArea: 12, information: '  Fuite au sous-sol  ' };

describe('creation tunnel', () => {
  it('asks each step for its own field only, with the spec texts', async () => {
    expect(await errorsOf(tunnelStepSchema(0), emptyTunnel)).toEqual({ place: 'Complétez tous les champs' });
    expect(await errorsOf(tunnelStepSchema(1), { ...emptyTunnel, place })).toEqual({ buildings: 'Sélectionnez au moins un bâtiment.' });
    expect(await errorsOf(tunnelStepSchema(2), { ...emptyTunnel, place, buildings: [3] })).toEqual({ businessArea: 'Choisissez un corps d’état.' });
    expect(await errorsOf(tunnelStepSchema(3), { ...full, information: '' })).toEqual({ information: INFORMATION });
    // The recap and success steps ask for nothing.
    expect(await errorsOf(tunnelStepSchema(4), emptyTunnel)).toEqual({});
    expect(await errorsOf(tunnelStepSchema(5), emptyTunnel)).toEqual({});
  });

  it('takes information made of spaces and line breaks for none', async () => {
    expect(await errorsOf(tunnelStepSchema(3), { ...full, information: ' \n\t ' })).toEqual({ information: INFORMATION });
    expect(await errorsOf(tunnelStepSchema(3), { ...full, information: 'x' })).toEqual({});
  });

  it('passes a complete request, and says everything missing of an empty one', async () => {
    expect(await errorsOf(tunnelSchema, full)).toEqual({});
    expect(Object.keys(await errorsOf(tunnelSchema, emptyTunnel)).sort()).toEqual(['buildings', 'businessArea', 'information', 'place']);
  });

  it('drops the buildings of another place when the place changes, keeps them when the same is picked again', () => {
    expect(withPlace(full, place).buildings).toEqual([3, 4]);
    expect(withPlace(full, { id: 8, name: 'Les Tilleuls', mainContact: { id: 80 } })).toMatchObject({ place: { id: 8 }, buildings: [] });
  });

  it('builds the API payload (realEstatId spelled so, trimmed information) and the list preview', () => {
    expect(toCreation(full, 'Plomberie')).toEqual({
      body: { information: 'Fuite au sous-sol', realEstatId: 7, businessAreaId: 12, equipmentIdList: [], buildingIdList: [3, 4], contactId: 70 },
      preview: { realEstate: { id: 7, name: 'Tour Atlantique' }, businessArea: { id: 12, name: 'Plomberie' } },
    });
  });
});

describe('appointment proposal', () => {
  const start = '2030-05-14T09:00';
  it('says the end must come after the start, and only once both are set', async () => {
    expect(await errorsOf(appointmentSchema, { ...emptyAppointment, start, end: '2030-05-14T08:00' })).toEqual({ end: END_AFTER_START });
    expect(await errorsOf(appointmentSchema, { ...emptyAppointment, start, end: start })).toEqual({ end: END_AFTER_START });
    expect(await errorsOf(appointmentSchema, { ...emptyAppointment, start, end: '2030-05-14T11:00' })).toEqual({});
    // A missing date is no message (the spec shows none): the button stays disabled instead.
    expect(await errorsOf(appointmentSchema, { ...emptyAppointment, start })).toEqual({});
    expect(await errorsOf(appointmentSchema, emptyAppointment)).toEqual({});
  });

  it("enables 'Ajouter' only with both dates, in order", () => {
    expect(canPropose(emptyAppointment)).toBe(false);
    expect(canPropose({ ...emptyAppointment, start })).toBe(false);
    expect(canPropose({ ...emptyAppointment, end: '2030-05-14T11:00' })).toBe(false);
    expect(canPropose({ ...emptyAppointment, start, end: '2030-05-14T08:00' })).toBe(false);
    expect(canPropose({ ...emptyAppointment, start, end: '2030-05-14T11:00' })).toBe(true);
  });

  it('sends ISO instants of the local times typed, and the trimmed information', () => {
    const input = toProposal({ start, end: '2030-05-14T11:00', information: '  Badge au gardien ' }, 'ir-1', 'waiting');
    expect(input).toEqual({
      interventionId: 'ir-1',
      place: 'waiting',
      date: new Date(start).toISOString(),
      dateEnd: new Date('2030-05-14T11:00').toISOString(),
      information: 'Badge au gardien',
    });
  });
});

describe('debriefing', () => {
  const ok = { message: 'Joint remplacé', begin: '2030-05-14T08:00', end: '2030-05-14T10:00' };
  it('requires the message, the beginning and the end, with one message', async () => {
    expect(await errorsOf(debriefingSchema, emptyDebriefing)).toEqual({ message: DEBRIEFING_REQUIRED, begin: DEBRIEFING_REQUIRED, end: DEBRIEFING_REQUIRED });
    expect(await errorsOf(debriefingSchema, { ...ok, message: '   ' })).toEqual({ message: DEBRIEFING_REQUIRED });
    expect(await errorsOf(debriefingSchema, { ...ok, begin: '' })).toEqual({ begin: DEBRIEFING_REQUIRED });
    expect(await errorsOf(debriefingSchema, ok)).toEqual({});
  });

  it('wants the end after the beginning, and says so live before any save', async () => {
    const reversed = { ...ok, end: '2030-05-14T07:00' };
    expect(await errorsOf(debriefingSchema, reversed)).toEqual({ end: END_AFTER_START });
    expect(debriefingDatesError(reversed)).toBe(END_AFTER_START);
    expect(debriefingDatesError(ok)).toBeNull();
    expect(debriefingDatesError({ ...ok, end: '' })).toBeNull();
  });

  it('thanks each ending in its own words and sends the trimmed message with ISO dates', () => {
    expect([0, 1, 2].map((e) => debriefingSuccess(e as 0 | 1 | 2))).toEqual(['Brouillon enregistré.', 'Intervention terminée.', 'Compte-rendu enregistré.']);
    expect(toDebriefing({ ...ok, message: ' Joint remplacé\n' }, 'ir-2', 1)).toEqual({
      interventionId: 'ir-2',
      message: 'Joint remplacé',
      dateBegin: new Date(ok.begin).toISOString(),
      dateEnd: new Date(ok.end).toISOString(),
      ending: 1,
    });
  });

  it('writes the shared message once, beside the first missing field, the others pointing to it', () => {
    const errors = { message: DEBRIEFING_REQUIRED, begin: DEBRIEFING_REQUIRED, end: DEBRIEFING_REQUIRED };
    expect(placeErrors(DEBRIEFING_FIELDS, errors)).toEqual({
      message: { text: DEBRIEFING_REQUIRED, at: 'message' },
      begin: { text: DEBRIEFING_REQUIRED, at: 'message' },
      end: { text: DEBRIEFING_REQUIRED, at: 'message' },
    });
    // The date order has its own message, written beside 'Fin'.
    expect(placeErrors(DEBRIEFING_FIELDS, { begin: DEBRIEFING_REQUIRED, end: END_AFTER_START })).toEqual({
      begin: { text: DEBRIEFING_REQUIRED, at: 'begin' },
      end: { text: END_AFTER_START, at: 'end' },
    });
    expect(placeErrors(DEBRIEFING_FIELDS, {})).toEqual({});
  });

  it('moves the focus to the first field to fix, in screen order', () => {
    expect(firstInvalid(DEBRIEFING_FIELDS, { end: END_AFTER_START, begin: DEBRIEFING_REQUIRED })).toBe('begin');
    expect(firstInvalid(DEBRIEFING_FIELDS, { end: END_AFTER_START })).toBe('end');
    expect(firstInvalid(DEBRIEFING_FIELDS, {})).toBeNull();
  });
});

describe('rating', () => {
  it('asks for 1 to 5 stars', async () => {
    const message = 'Choisissez une note de 1 à 5 étoiles.';
    expect(await errorsOf(ratingSchema, emptyRating)).toEqual({ rate: message });
    expect(await errorsOf(ratingSchema, { rate: 6, message: '' })).toEqual({ rate: message });
    expect(await errorsOf(ratingSchema, { rate: 2.5, message: '' })).toEqual({ rate: message });
    for (const rate of [1, 3, 5]) expect(await errorsOf(ratingSchema, { rate, message: '' })).toEqual({});
  });
});

describe('message', () => {
  it('refuses an empty or blank message', async () => {
    const message = 'Écrivez un message avant de l’envoyer.';
    expect(await errorsOf(messageSchema, { text: '' })).toEqual({ text: message });
    expect(await errorsOf(messageSchema, { text: ' \n ' })).toEqual({ text: message });
    expect(await errorsOf(messageSchema, { text: 'Merci' })).toEqual({});
  });
});
