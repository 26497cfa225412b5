/**
 * What an echopark user does in one gesture, as named operations (see
 * operation.ts): a new request with its photos (one queue: the photos wait
 * for the server id), photos added to a request, a step change, a message,
 * the progress form, a debriefing, a community switch. Screens call these
 * with runOperation; Node tests run them on fake-indexeddb against the
 * reference server.
 */
import type { EchoparkCreatePayload, EchoparkDebriefPayload, EchoparkFormPayload } from '../contract/echopark';
import type { EchoparkCreateCommand, EchoparkMessageCommand, EchoparkStepCommand } from './echopark';
import { tempId, type OperationOutbox, type PickedFile } from './operation';

export interface CreateEchoparkInput {
  body: EchoparkCreatePayload;
  preview: EchoparkCreateCommand['preview'];
  photos: PickedFile[];
}

/** The request first, then each photo once the request has its server id. */
export async function createEchoparkRequest(outbox: OperationOutbox, input: CreateEchoparkInput): Promise<string[]> {
  const id = tempId();
  const ids = [await outbox.enqueue('echopark.create', { tempId: id, body: input.body, preview: input.preview })];
  ids.push(...(await addEchoparkPhotos(outbox, { requestId: id, photos: input.photos })));
  return ids;
}

export async function addEchoparkPhotos(outbox: OperationOutbox, input: { requestId: string; photos: PickedFile[] }): Promise<string[]> {
  const ids: string[] = [];
  for (const photo of input.photos) {
    ids.push(await outbox.enqueue('echopark.picture', { requestId: input.requestId, fileId: photo.id, fileName: photo.name }, { files: [photo] }));
  }
  return ids;
}

export async function moveEchoparkStep(outbox: OperationOutbox, input: EchoparkStepCommand): Promise<string[]> {
  return [await outbox.enqueue('echopark.step', input)];
}

export async function sendEchoparkMessage(outbox: OperationOutbox, input: EchoparkMessageCommand): Promise<string[]> {
  return [await outbox.enqueue('echopark.message', input)];
}

export async function submitEchoparkForm(outbox: OperationOutbox, input: { requestId: string; payload: EchoparkFormPayload }): Promise<string[]> {
  return [await outbox.enqueue('echopark.form', input)];
}

export async function sendEchoparkDebrief(
  outbox: OperationOutbox,
  input: { requestId: string; payload: EchoparkDebriefPayload; summary: string },
): Promise<string[]> {
  return [await outbox.enqueue('echopark.debrief', input)];
}

/**
 * The current community changes on the device at once (the list shows the cached requests of the
 * chosen one); the server's answer is the user data. The screen re-pulls the communities, the list
 * and the creation data once the command has left.
 */
export async function switchEchoparkCommunity(
  outbox: OperationOutbox,
  input: { userId: number; communityId: number; previousId: number | null },
): Promise<string[]> {
  return [await outbox.enqueue('echopark.community', input)];
}
