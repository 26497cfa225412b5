/**
 * Every OS write as an outbox command (spec part 1 §4, §7 "OS"): creation
 * (POST), modification (PUT), a workflow step (advance, `{place}_validated`,
 * `{place}_refused`), a document upload and a message. All of one OS share
 * its queue (`os:<id>`), so a creation made offline leaves before its files,
 * its steps and its messages, which are then rewritten with its server id.
 * Each shows its effect in the store at once and names the documents it
 * touches (the outbox marks them pending while it is unsent, and undoes the
 * effect if the server refuses); the server's answer replaces it.
 */
import { isCompleteOs, osIri, osPaths, type OsDto, type OsPayload } from '../contract/os';
import { OS_WORKFLOW, type OsPlace } from '../contract/os-workflow';
import type { MediaDto } from '../contract/core';
import { defineCommand, type CommandContext, type IdMap } from '../outbox/commands';
import { rankOf } from '../store/queries';
import { asCached, storeAnswer as storeServerAnswer } from '../pull/pull';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';
import { OS_FIRM, osDoc, osThread } from '../pull/os';

/** A created OS's server id once known, else its temporary id (the command waits behind its creation). */
const resolve = (id: string, ids: IdMap) => ids[id] ?? id;
const entity = (osId: string) => `os:${osId}`;

const osKey = (id: string) => `workrequests:${id}`;

async function patchOs(ctx: CommandContext, id: string, change: Record<string, unknown>): Promise<void> {
  const doc = await ctx.db.workrequests.findOne(id).exec();
  if (!doc) return;
  await modifyData<Record<string, unknown>>(doc as never, (data) => ({ ...data, ...change }), typeof change.place === 'string' ? { place: change.place } : {});
}

/**
 * The server's answer (an OS) replaces the local copy, what only the detail had kept — unless a
 * later command of this OS is still unsent: then it waits aside (its place must stay on screen).
 */
async function storeAnswer(ctx: CommandContext, answer: unknown): Promise<void> {
  if (!answer || typeof answer !== 'object' || typeof (answer as OsDto).id !== 'number') return;
  const os = answer as OsDto;
  const local = await ctx.db.workrequests.findOne(String(os.id)).exec();
  const fresh = osDoc(os, Date.now());
  const answerData = fresh.data;
  // The next steps belonged to the old place: they are asked again when the detail is open.
  const { nextSteps: _old, ...kept } = local ? dataOf(local) : {};
  await storeServerAnswer(ctx, asCached(ctx.db.workrequests), { ...fresh, data: { ...kept, ...answerData } });
}

/** What the card and the detail show before the server answers (names of the chosen references). */
export interface OsPreview extends Record<string, unknown> {
  realEstate: { id: number; name: string };
  buildings: { id: number; name: string }[];
  businessArea: { id: number; name: string } | null;
  requestType: { id: number; name: string } | null;
  serviceProviderCompany: { id: number; name: string } | null;
}

export interface OsCreateCommand extends Record<string, unknown> {
  tempId: string;
  body: OsPayload;
  preview: OsPreview;
}

export const osCreate = defineCommand<OsCreateCommand, OsDto>()({
  name: 'os.create',
  label: (p) => `Nouvelle demande d'OS (${p.preview.realEstate.name})`,
  entity: (p) => entity(p.tempId),
  touches: (p) => [osKey(p.tempId)],
  request: (p) => ({ method: 'POST', path: osPaths.create, json: p.body }),
  async apply({ db }, p) {
    const createdAt = new Date().toISOString();
    // Where the server will put it: a draft missing parts waits in 'start' (isCompleteOs).
    const place = isCompleteOs(p.body) ? 'request_init' : 'start';
    const data = { id: p.tempId, number: '', place, price: p.body.price, information: p.body.information, createdAt, ...p.preview, medias: [] };
    await db.workrequests.upsert({ id: p.tempId, data, pending: true, refreshedAt: 0, place, rank: rankOf(createdAt, p.tempId) });
  },
  async reconcile(ctx, p, answer) {
    await (await ctx.db.workrequests.findOne(p.tempId).exec())?.remove();
    if (answer && typeof answer.id === 'number') {
      await storeAnswer(ctx, answer);
      return { tempId: p.tempId, serverId: String(answer.id) };
    }
  },
});

export interface OsUpdateCommand extends Record<string, unknown> {
  osId: string;
  body: OsPayload;
  preview: OsPreview;
}

export const osUpdate = defineCommand<OsUpdateCommand, OsDto>()({
  name: 'os.update',
  label: (p) => `Modification de la demande d'OS (${p.preview.realEstate.name})`,
  entity: (p) => entity(p.osId),
  touches: (p) => [osKey(p.osId)],
  request: (p, ids) => {
    const id = Number(resolve(p.osId, ids));
    return { method: 'PUT', path: osPaths.update(id), json: { ...p.body, id } };
  },
  apply: (ctx, p) => patchOs(ctx, p.osId, { price: p.body.price, information: p.body.information, ...p.preview }),
  reconcile: (ctx, _p, answer) => storeAnswer(ctx, answer),
});

export interface OsStepCommand extends Record<string, unknown> {
  osId: string;
  stepCode: string;
  /** Where the shared rules say the step leads: shown at once, until the server answers. */
  target: OsPlace;
}

export const osStep = defineCommand<OsStepCommand, OsDto>()({
  name: 'os.step',
  label: (p) =>
    p.stepCode.endsWith('_refused')
      ? "Refus d'une étape de l'OS"
      : p.stepCode.endsWith('_validated')
        ? "Validation d'une étape de l'OS"
        : "Passage de l'OS à l'étape suivante",
  entity: (p) => entity(p.osId),
  touches: (p) => [osKey(p.osId)],
  request: (p, ids) => ({
    method: 'PUT',
    path: osPaths.goToStep(OS_FIRM),
    json: { stepCode: p.stepCode, workflowCode: OS_WORKFLOW, objectId: Number(resolve(p.osId, ids)) },
  }),
  apply: (ctx, p) => patchOs(ctx, p.osId, { place: p.target, nextSteps: [] }),
  reconcile: (ctx, _p, answer) => storeAnswer(ctx, answer),
});

export interface OsMediaCommand extends Record<string, unknown> {
  osId: string;
  fileId: string;
  fileName: string;
}

export const osMedia = defineCommand<OsMediaCommand, MediaDto>()({
  name: 'os.media',
  label: (p) => `Document « ${p.fileName} »`,
  entity: (p) => entity(p.osId),
  request: (p, ids) => ({ method: 'POST', path: osPaths.medias(resolve(p.osId, ids)), file: { id: p.fileId } }),
  async reconcile({ db }, p, answer) {
    if (!answer || typeof answer.id !== 'number') return;
    const doc = await db.workrequests.findOne(p.osId).exec();
    if (!doc) return;
    const data = dataOf<{ medias?: MediaDto[] }>(doc);
    const medias = Array.isArray(data.medias) ? data.medias : null;
    if (!medias || medias.some((m) => m.id === answer.id)) return;
    await modifyData<{ medias?: MediaDto[] }>(doc as never, (latest) =>
      !Array.isArray(latest.medias) || latest.medias.some((m) => m.id === answer.id) ? latest : { ...latest, medias: [...latest.medias, answer] },
    );
  },
});

export interface OsMessageCommand extends Record<string, unknown> {
  tempId: string;
  osId: string;
  messageText: string;
  author: { id: number; firstName: string; lastName: string };
}

export const osMessage = defineCommand<OsMessageCommand>()({
  name: 'os.message',
  label: (p) => `Message « ${p.messageText.slice(0, 40)} »`,
  // On the OS's own queue: a message about an OS created offline leaves after it (and a refusal's reason before the refusal).
  entity: (p) => entity(p.osId),
  touches: (p) => [`messages:${p.tempId}`],
  request: (p, ids) => ({
    method: 'POST',
    path: osPaths.newConversation,
    json: { messageText: p.messageText, workValidationRequest: osIri(Number(resolve(p.osId, ids))) },
  }),
  async apply({ db }, p) {
    const date = new Date().toISOString();
    await db.messages.upsert({
      id: p.tempId,
      data: { id: p.tempId, messageText: p.messageText, date, sendBy: p.author },
      pending: true,
      refreshedAt: 0,
      thread: osThread(p.osId),
      date,
    });
  },
  // Answered: the next pull of the thread brings the server's copy; until then ours stays, confirmed.
});

export const osCommands = [osCreate, osUpdate, osStep, osMedia, osMessage];
