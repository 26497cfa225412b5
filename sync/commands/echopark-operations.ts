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

/**
 * The request first, then each photo once the request has its server id (one queue). If the creation
 * is refused, its photos are refused too when their turn comes (no server id to send them to: see
 * serverRequestId in echopark.ts), so the card created on the device goes, and both wait in 'Envois en
 * attente' with their reasons: retry the request, then its photos.
 */
export async function createEchoparkRequest(outbox: OperationOutbox, input: CreateEchoparkInput): Promise<string[]> {
  const id = tempId();
  const ids = [await outbox.enqueue('echopark.create', { tempId: id, body: input.body, preview: input.preview })];
  ids.push(...(await queuePhotos(outbox, id, input.photos)));
  return ids;
}

export async function addEchoparkPhotos(outbox: OperationOutbox, input: { requestId: string; photos: PickedFile[] }): Promise<string[]> {
  return queuePhotos(outbox, input.requestId, input.photos);
}

/**
 * Photos on the request's queue. With `refs` (the upload fields of a form that names them), each depends
 * on the one before it, so that a refused photo holds back what follows (the form depends on the last).
 */
async function queuePhotos(outbox: OperationOutbox, requestId: string, photos: PickedFile[], refs?: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, photo] of photos.entries()) {
    const ref = refs?.[i];
    const previous = refs ? ids[i - 1] : undefined;
    const payload = { requestId, fileId: photo.id, fileName: photo.name, ...(ref ? { ref } : {}) };
    ids.push(await outbox.enqueue('echopark.picture', payload, { files: [photo], ...(previous ? { dependsOn: previous } : {}) }));
  }
  return ids;
}

export async function moveEchoparkStep(outbox: OperationOutbox, input: EchoparkStepCommand): Promise<string[]> {
  return [await outbox.enqueue('echopark.step', input)];
}

export async function sendEchoparkMessage(outbox: OperationOutbox, input: EchoparkMessageCommand): Promise<string[]> {
  return [await outbox.enqueue('echopark.message', input)];
}

/**
 * The progress form, with the new photos its upload fields name (taken on the device, offline too): each
 * photo is uploaded first, in the blob store until then, and the form depends on the last of them — a
 * refused photo holds the form back instead of sending it with a field that names nothing. The outbox
 * rewrites each field's newPhotoRef with the photo's server id before the form leaves.
 */
export async function submitEchoparkForm(
  outbox: OperationOutbox,
  input: { requestId: string; payload: EchoparkFormPayload; photos?: { ref: string; photo: PickedFile }[] },
): Promise<string[]> {
  const named = input.photos ?? [];
  const photos = await queuePhotos(
    outbox,
    input.requestId,
    named.map((n) => n.photo),
    named.map((n) => n.ref),
  );
  const last = photos[photos.length - 1];
  const form = await outbox.enqueue('echopark.form', { requestId: input.requestId, payload: input.payload }, last ? { dependsOn: last } : {});
  return [...photos, form];
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
