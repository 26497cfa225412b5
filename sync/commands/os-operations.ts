/**
 * The OS gestures that take several commands, as named operations (see
 * operation.ts): a new OS with its documents (sent for validation, or kept
 * as a draft in request_init), a modification resumed from a draft or from
 * completion, an advance, an acceptance, a refusal with its reason. All
 * commands of one OS share its queue, so they leave in the order written
 * here, and an OS created offline gets its server id before the rest. The
 * target places come from the shared workflow rules, so the screen moves at
 * once; the server's answer wins.
 */
import { AppError } from '../errors';
import type { OsPayload } from '../contract/os';
import { targetOf, type OsPlace } from '../contract/os-workflow';
import type { OsPreview } from './os';
import { tempId, type OperationOutbox, type PickedFile } from './operation';
import type { Database } from '../store/database';
import { readLocal, removeLocal, writeLocal } from '../store/local';

export interface OsFormInput {
  body: OsPayload;
  preview: OsPreview;
  files: PickedFile[];
  /**
   * true: 'Valider' on the recap, the request goes to completion (request_init → request_completion);
   * false: 'Enregistrer le brouillon' (spec part 1 §2: posts as soon as a property is chosen): the
   * server keeps what is filled in, as a draft in 'start' when provider, trade, type or price is
   * missing (isCompleteOs), else in request_init; either stays editable by its author.
   */
  submit: boolean;
}

async function addFiles(outbox: OperationOutbox, osId: string, files: PickedFile[], ids: string[]): Promise<void> {
  for (const file of files) ids.push(await outbox.enqueue('os.media', { osId, fileId: file.id, fileName: file.name }, { files: [file] }));
}

/** POST the OS, then its files once it has its server id, then (when sent for validation) its first step. */
export async function createOs(outbox: OperationOutbox, input: OsFormInput): Promise<string[]> {
  const osId = tempId();
  const ids = [await outbox.enqueue('os.create', { tempId: osId, body: input.body, preview: input.preview })];
  await addFiles(outbox, osId, input.files, ids);
  if (input.submit) ids.push(await outbox.enqueue('os.step', { osId, stepCode: 'request_completion', target: 'request_completion' }));
  return ids;
}

export interface OsEditInput extends OsFormInput {
  osId: string;
  /** The OS's place now: only a draft (request_init) is sent on to completion by 'Valider'. */
  place: OsPlace;
}

/**
 * PUT the OS (a draft resumed, or a request being completed) and its new files; sent for validation
 * ('Valider'), a draft in 'start' becomes a request (step request_init) and goes on to completion.
 */
export async function saveOs(outbox: OperationOutbox, input: OsEditInput): Promise<string[]> {
  const ids = [await outbox.enqueue('os.update', { osId: input.osId, body: { ...input.body }, preview: input.preview })];
  await addFiles(outbox, input.osId, input.files, ids);
  if (input.submit && input.place === 'start')
    ids.push(await outbox.enqueue('os.step', { osId: input.osId, stepCode: 'request_init', target: 'request_init' }));
  if (input.submit && (input.place === 'start' || input.place === 'request_init'))
    ids.push(await outbox.enqueue('os.step', { osId: input.osId, stepCode: 'request_completion', target: 'request_completion' }));
  return ids;
}

export interface OsStepInput {
  osId: string;
  place: OsPlace;
  price: number | null;
}

async function step(outbox: OperationOutbox, input: OsStepInput, code: string): Promise<string[]> {
  const target = targetOf(input.place, input.price, code);
  if (!target) throw new AppError(`Étape ${code} impossible depuis ${input.place}`);
  return [await outbox.enqueue('os.step', { osId: input.osId, stepCode: code, target })];
}

/** The single advance button (completion, OS creation, sending): the code the server's next_step gave. */
export const advanceOs = (outbox: OperationOutbox, input: OsStepInput & { code: string }) => step(outbox, input, input.code);

/** Accept at a signature or purchase-order place: `{place}_validated`. */
export const signOs = (outbox: OperationOutbox, input: OsStepInput) => step(outbox, input, `${input.place}_validated`);

export interface OsRefusalInput extends OsStepInput {
  reason: string;
  author: { id: number; firstName: string; lastName: string };
}

/** Refuse: the reason goes in the thread first (the API's step has no reason field), then `{place}_refused`. */
export async function refuseOs(outbox: OperationOutbox, input: OsRefusalInput): Promise<string[]> {
  const ids: string[] = [];
  const reason = input.reason.trim();
  if (reason) ids.push(await outbox.enqueue('os.message', { tempId: tempId(), osId: input.osId, messageText: reason, author: input.author }));
  ids.push(...(await step(outbox, input, `${input.place}_refused`)));
  return ids;
}

/** Documents added from the detail's Documents tab, one upload command each (with progress). */
export async function addOsDocuments(outbox: OperationOutbox, input: { osId: string; files: PickedFile[] }): Promise<string[]> {
  const ids: string[] = [];
  await addFiles(outbox, input.osId, input.files, ids);
  return ids;
}

/**
 * A tunnel saved as a draft before it has what the API requires (business area, type, price):
 * kept on the device as a local document, resumed from the list, sent once complete.
 */
export const OS_LOCAL_DRAFT = 'os:draft';

export interface OsLocalDraft {
  values: Record<string, unknown>;
  savedAt: number;
}

export const keepOsDraft = (db: Database, values: Record<string, unknown>) => writeLocal<OsLocalDraft>(db, OS_LOCAL_DRAFT, { values, savedAt: Date.now() });
export const dropOsDraft = (db: Database) => removeLocal(db, OS_LOCAL_DRAFT);
export const readOsDraft = (db: Database) => readLocal<OsLocalDraft>(db, OS_LOCAL_DRAFT);
