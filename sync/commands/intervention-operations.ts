/**
 * The intervention workflows that take several commands, as named operations
 * (see operation.ts): a new request with its photos, a debriefing with its
 * photos and its ending, an appointment proposal that moves the request to
 * planning. All commands of one request share its entity queue, so they leave
 * in the order written here, and objects created offline are rewritten with
 * their server ids before the commands that need them.
 */
import type { InterventionCreatePayload } from '../contract/interventions';
import type { InterventionCreateCommand } from './interventions';
import { tempId, type OperationOutbox, type PickedFile } from './operation';

export interface CreateInterventionInput {
  body: InterventionCreatePayload;
  preview: InterventionCreateCommand['preview'];
  photos: PickedFile[];
}

/** The request first, then each photo once the request has its server id. */
export async function createIntervention(outbox: OperationOutbox, input: CreateInterventionInput): Promise<string[]> {
  const id = tempId();
  const ids = [await outbox.enqueue('intervention.create', { tempId: id, body: input.body, preview: input.preview })];
  for (const photo of input.photos) {
    ids.push(await outbox.enqueue('intervention.media', { targetId: id, interventionId: id, fileId: photo.id, fileName: photo.name }, { files: [photo] }));
  }
  return ids;
}

/** 0 keeps it as a draft, 1 finishes the work, 2 keeps the debriefing open to continue. */
export type DebriefingEnding = 0 | 1 | 2;

export interface DebriefingInput {
  interventionId: string;
  message: string;
  dateBegin: string;
  dateEnd: string;
  photos: PickedFile[];
  ending: DebriefingEnding;
}

/**
 * A debriefing is created as a draft (status 0, the API's rule), gets its photos, then its final
 * status. Finishing moves the request to debriefing then done; the server also moves it when the
 * debriefing finishes, so the two steps are harmless replays there (see docs/architecture.md).
 */
export async function saveDebriefing(outbox: OperationOutbox, input: DebriefingInput): Promise<string[]> {
  const debriefingId = tempId();
  const base = { debriefingId, interventionId: input.interventionId, message: input.message, dateBegin: input.dateBegin, dateEnd: input.dateEnd };
  const ids = [await outbox.enqueue('debriefing.save', { ...base, status: 0, isNew: true })];
  for (const photo of input.photos) {
    ids.push(
      await outbox.enqueue(
        'debriefing.media',
        { targetId: debriefingId, interventionId: input.interventionId, fileId: photo.id, fileName: photo.name },
        { files: [photo] },
      ),
    );
  }
  if (input.ending !== 0) ids.push(await outbox.enqueue('debriefing.save', { ...base, status: input.ending, isNew: false }));
  if (input.ending === 1) {
    ids.push(await outbox.enqueue('intervention.step', { interventionId: input.interventionId, stepCode: 'debriefing' }));
    ids.push(await outbox.enqueue('intervention.step', { interventionId: input.interventionId, stepCode: 'done' }));
  }
  return ids;
}

export interface ProposeAppointmentInput {
  interventionId: string;
  /** The request's place now: the first proposal moves it to planning (spec part 1 §4). */
  place: string;
  date: string;
  dateEnd: string;
  information: string;
}

export async function proposeAppointment(outbox: OperationOutbox, input: ProposeAppointmentInput): Promise<string[]> {
  const { place, ...rest } = input;
  const ids = [await outbox.enqueue('appointment.propose', { tempId: tempId(), ...rest })];
  if (place !== 'planning') ids.push(await outbox.enqueue('intervention.step', { interventionId: input.interventionId, stepCode: 'planning' }));
  return ids;
}
