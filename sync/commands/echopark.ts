/**
 * Every echopark write as an outbox command (spec part 2 §4.1, §7): create a
 * request, add a photo, move to a step, message a role and group, submit the
 * progress form, send a debriefing, switch community. Each shows its effect
 * in the store at once and names the request it touches: the outbox keeps it
 * pending while a command for it is unsent (a pull never overwrites it) and
 * undoes the effect if one is refused; the answer or the next pull replaces it.
 */
import {
  echoparkPaths as paths,
  echoparkReasonText,
  isNewPhotoRef,
  ECHOPARK_MESSAGE_TYPES,
  type EchoparkCommunities,
  type EchoparkCreatePayload,
  type EchoparkDebriefPayload,
  type EchoparkFormPayload,
  type EchoparkListItem,
  type EchoparkMessage,
} from '../contract/echopark';
import { corePaths, type UserData } from '../contract/core';
import { ApiFailure } from '../api/failure';
import { AppError } from '../errors';
import { defineCommand, type CommandContext, type IdMap } from '../outbox/commands';
import { LOCAL_USER, readLocal, writeLocal } from '../store/local';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';
import { ECHOPARK_COMMUNITIES, echoparkDoc, type EchoparkDocData } from '../pull/echopark';

/** A created request's server id once known, else its temporary id (the command waits for it). */
const resolve = (id: string, ids: IdMap) => ids[id] ?? id;

/** The server id of the request a command acts on; a request never created (its creation refused, then discarded) has none. */
function serverRequestId(id: string, ids: IdMap): number {
  const n = Number(resolve(id, ids));
  if (!Number.isInteger(n) || n <= 0)
    throw new AppError("La demande n'a pas été créée sur le serveur : réessayez d'abord la demande, ou abandonnez cet envoi.");
  return n;
}

/**
 * What a creation's answer means (spec part 2 §2.1: "Creation succeeds when the answer carries an id.
 * Otherwise the reason in the answer is shown in an error alert as a translated key"): an id is the
 * request; a reason, even in a 2xx answer, is the server's refusal, thrown as the failure it is so that
 * the outbox's one refusal model applies (marked refused, taken back, told once with the translated
 * reason); neither is an unreadable answer, retried later like a 5xx (the request is kept).
 */
export function createdId(answer: unknown): number {
  const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  const { id, reason } = (data && typeof data === 'object' ? data : {}) as { id?: unknown; reason?: unknown };
  if (typeof reason === 'string' && reason !== '') {
    const text = echoparkReasonText(reason);
    // Status 200: not a transport error, so the outbox's policy classes it a refusal (kind 'http', not 5xx/429/401).
    throw new ApiFailure('http', 200, 'POST', paths.create, text, undefined, text);
  }
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  throw new ApiFailure('invalid-response', 200, 'POST', paths.create, 'Réponse du serveur sans numéro de demande : la demande sera renvoyée.');
}
const entity = (requestId: string) => `echopark:${requestId}`;

/** The stored request, by server id or by the temporary id it had when created offline. */
async function findRequest(ctx: CommandContext, id: string) {
  return (await ctx.db.echopark.findOne(id).exec()) ?? (await ctx.db.echopark.findOne({ selector: { 'data.tempId': id } as never }).exec());
}

/** Applies a change to the stored request (its optimistic effect, or what an answer settles). */
async function change(ctx: CommandContext, id: string, update: (data: EchoparkDocData) => Partial<EchoparkDocData>): Promise<void> {
  const doc = await findRequest(ctx, id);
  if (!doc) return;
  await modifyData<EchoparkDocData>(doc as never, (data) => ({ ...data, ...update(data) }));
}

const requestKey = (p: { requestId: string }) => [`echopark:${p.requestId}`];

/** A history entry written on the device, shown in the timeline until the server's copy comes. */
function localMessage(
  type: number,
  message: string,
  extra: { stepName?: string | null; roleName?: string | null; groupName?: string | null } = {},
): EchoparkMessage & { pending: true } {
  return {
    id: -Date.now(),
    messageType: type,
    step: { stepId: null, stepName: extra.stepName ?? null },
    role: { roleId: null, roleName: extra.roleName ?? null },
    group: { groupId: null, groupName: extra.groupName ?? null },
    author: null,
    createdAt: new Date().toISOString(),
    message,
    pending: true,
  };
}
const withMessage = (data: EchoparkDocData, m: EchoparkMessage) => ({ messages: [m, ...((data.messages as EchoparkMessage[] | undefined) ?? [])] });

export interface EchoparkCreateCommand extends Record<string, unknown> {
  tempId: string;
  body: EchoparkCreatePayload;
  /** What the list card shows until the server answers. */
  preview: Pick<EchoparkListItem, 'communityId' | 'domain' | 'realEstate' | 'urgencyName' | 'requestedBy'> & { stepName: string };
}

export const echoparkCreate = defineCommand<EchoparkCreateCommand, unknown>()({
  name: 'echopark.create',
  label: (p) => `Nouvelle demande echopark (${p.preview.realEstate.name})`,
  entity: (p) => entity(p.tempId),
  touches: (p) => [`echopark:${p.tempId}`],
  request: (p) => ({ method: 'POST', path: paths.create, json: p.body }),
  async apply({ db }, p) {
    const createdAt = new Date().toISOString();
    const { stepName, ...preview } = p.preview;
    const item = {
      ...preview,
      id: p.tempId,
      tempId: p.tempId,
      number: '',
      createdAt,
      modifiedAt: createdAt,
      closed: 0,
      step: { id: 0, name: stepName, typeName: '' },
      message: p.body.message,
    };
    const data = { ...item, messages: [localMessage(ECHOPARK_MESSAGE_TYPES.creation, p.body.message, { stepName })] };
    await db.echopark.upsert({ ...echoparkDoc(item, 0), data, pending: true });
  },
  async reconcile({ db }, p, answer) {
    const serverId = createdId(answer);
    const local = await db.echopark.findOne(p.tempId).exec();
    // The request keeps what the device knows (its photos still on their way) under its server id.
    const data = { ...(local ? dataOf<EchoparkDocData>(local) : ({} as EchoparkDocData)), id: serverId, tempId: p.tempId };
    await local?.remove();
    // Accepted by the server (refreshedAt set): a later refusal re-reads it rather than dropping it.
    await db.echopark.upsert({
      id: String(serverId),
      data,
      pending: false,
      refreshedAt: Date.now(),
      communityId: p.preview.communityId,
      createdAt: String(data.createdAt),
    });
    return { tempId: p.tempId, serverId: String(serverId) };
  },
});

export interface EchoparkPictureCommand extends Record<string, unknown> {
  /** Server id, or the temporary id of a request created offline (same queue, so it waits). */
  requestId: string;
  fileId: string;
  fileName: string;
  /** The value an upload field of a queued form holds for this photo (newPhotoRef): its server id replaces it. */
  ref?: string;
}

export const echoparkPicture = defineCommand<EchoparkPictureCommand, { data?: { id?: number } } | null>()({
  name: 'echopark.picture',
  label: (p) => `Photo « ${p.fileName} »`,
  entity: (p) => entity(p.requestId),
  request: (p, ids) => ({ method: 'POST', path: paths.picture(serverRequestId(p.requestId, ids)), file: { id: p.fileId } }),
  touches: requestKey,
  apply: (ctx, p) => change(ctx, p.requestId, (d) => ({ localPictures: [...(d.localPictures ?? []), { fileId: p.fileId, name: p.fileName }] })),
  async reconcile(ctx, p, answer) {
    await change(ctx, p.requestId, (d) => ({ localPictures: (d.localPictures ?? []).filter((x) => x.fileId !== p.fileId) }));
    const pictureId = answer?.data?.id;
    // The form that names this photo goes next on the same queue: it is rewritten with the photo's id.
    if (p.ref && typeof pictureId === 'number') return { tempId: p.ref, serverId: String(pictureId) };
  },
});

/** The form's upload values that name a photo sent before it, rewritten with the photo's server id. */
function withSentPhotos(form: EchoparkFormPayload['form'], ids: IdMap): EchoparkFormPayload['form'] {
  const sent = (value: unknown) => (isNewPhotoRef(value) && ids[value] ? Number(ids[value]) : value);
  const top = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, key === 'groups' ? value : sent(value)]));
  return {
    ...top,
    id: form.id,
    ...(form.groups
      ? { groups: form.groups.map((g) => ({ ...g, ...(g.fields ? { fields: g.fields.map((f) => ({ ...f, value: sent(f.value) })) } : {}) })) }
      : {}),
  };
}

export interface EchoparkStepCommand extends Record<string, unknown> {
  requestId: string;
  step: number;
  groupe: number | null;
  message: string;
  stepName: string;
  groupName: string | null;
}

export const echoparkStep = defineCommand<EchoparkStepCommand>()({
  name: 'echopark.step',
  label: (p) => `Passage à l'étape « ${p.stepName} »`,
  entity: (p) => entity(p.requestId),
  request: (p, ids) => ({
    method: 'POST',
    path: paths.step,
    json: { step: p.step, groupe: p.groupe, message: p.message, requestId: serverRequestId(p.requestId, ids) },
  }),
  touches: requestKey,
  apply: (ctx, p) =>
    change(ctx, p.requestId, (d) => ({
      step: { id: p.step, name: p.stepName, typeName: '' },
      // The next steps from the new one are the server's to say: none offered until it answers.
      steps: [],
      ...withMessage(d, localMessage(ECHOPARK_MESSAGE_TYPES.step, p.message || p.stepName, { stepName: p.stepName, groupName: p.groupName })),
    })),
});

export interface EchoparkMessageCommand extends Record<string, unknown> {
  requestId: string;
  recipientRoleId: number;
  recipientGroupId: number;
  message: string;
  roleName: string;
  groupName: string;
}

export const echoparkMessage = defineCommand<EchoparkMessageCommand>()({
  name: 'echopark.message',
  label: (p) => `Message « ${p.message.slice(0, 40)} »`,
  entity: (p) => entity(p.requestId),
  request: (p, ids) => ({
    method: 'POST',
    path: paths.message,
    json: { recipientRoleId: p.recipientRoleId, recipientGroupId: p.recipientGroupId, message: p.message, requestId: serverRequestId(p.requestId, ids) },
  }),
  touches: requestKey,
  apply: (ctx, p) =>
    change(ctx, p.requestId, (d) => withMessage(d, localMessage(ECHOPARK_MESSAGE_TYPES.message, p.message, { roleName: p.roleName, groupName: p.groupName }))),
});

export interface EchoparkFormCommand extends Record<string, unknown> {
  requestId: string;
  payload: EchoparkFormPayload;
}

export const echoparkForm = defineCommand<EchoparkFormCommand>()({
  name: 'echopark.form',
  label: () => 'Formulaire de suivi',
  entity: (p) => entity(p.requestId),
  request: (p, ids) => ({
    method: 'POST',
    path: paths.form,
    json: { ...p.payload, form: withSentPhotos(p.payload.form, ids), requestId: serverRequestId(p.requestId, ids) },
  }),
  touches: requestKey,
  apply: (ctx, p) =>
    change(ctx, p.requestId, (d) => {
      // The form shows the values sent, so a reload offline finds them.
      const values = new Map((p.payload.form.groups ?? []).flatMap((g) => (g.fields ?? []).map((f) => [f.id, f.value] as const)));
      const form = d.form as { groups: { fields: { id: number; value: unknown }[] }[] } | null | undefined;
      if (!form) return {};
      return {
        form: {
          ...form,
          groups: form.groups.map((g) => ({ ...g, fields: g.fields.map((f) => (values.has(f.id) ? { ...f, value: values.get(f.id) ?? null } : f)) })),
        },
      };
    }),
});

export interface EchoparkDebriefCommand extends Record<string, unknown> {
  requestId: string;
  payload: EchoparkDebriefPayload;
  summary: string;
}

export const echoparkDebrief = defineCommand<EchoparkDebriefCommand>()({
  name: 'echopark.debrief',
  label: () => 'Compte-rendu',
  entity: (p) => entity(p.requestId),
  request: (p, ids) => ({ method: 'POST', path: paths.debrief, json: { ...p.payload, requestId: serverRequestId(p.requestId, ids) } }),
  touches: requestKey,
  apply: (ctx, p) =>
    change(ctx, p.requestId, (d) => {
      const iso = (s: number | null) => (s === null ? '' : new Date(s * 1000).toISOString());
      const entry = {
        id: -Date.now(),
        stepId: Number(p.payload.etape ?? 0),
        beginAt: iso(p.payload.begin_at),
        endAt: iso(p.payload.end_at),
        comment: p.payload.comment ?? '',
        done: !!p.payload.done,
        createdAt: new Date().toISOString(),
        pending: true,
      };
      return {
        debriefings: [...((d.debriefings as unknown[] | undefined) ?? []), entry],
        ...withMessage(d, localMessage(ECHOPARK_MESSAGE_TYPES.debriefing, p.summary)),
      };
    }),
});

export interface EchoparkCommunityCommand extends Record<string, unknown> {
  userId: number;
  communityId: number;
  /** The current one before the switch, put back if the server refuses. */
  previousId: number | null;
}

type StoredCommunities = EchoparkCommunities & { pending?: boolean };

async function setCurrent(ctx: CommandContext, communityId: number | null): Promise<void> {
  const communities = await readLocal<StoredCommunities>(ctx.db, ECHOPARK_COMMUNITIES);
  if (!communities) return;
  const current = communities.communitiesIds.find((c) => c.id === communityId) ?? communities.current;
  await writeLocal(ctx.db, ECHOPARK_COMMUNITIES, { ...communities, current, echoparkMainCommunityId: current?.id ?? null });
}

/** PUT api/users/{id} with echoparkMainCommunityId; the answer is the user data, stored at once. */
export const echoparkCommunity = defineCommand<EchoparkCommunityCommand, UserData>()({
  name: 'echopark.community',
  label: () => 'Changement de communauté',
  // The user's queue: after any account change written before it.
  entity: (p) => `user:${p.userId}`,
  touches: () => [`local:${ECHOPARK_COMMUNITIES}`, `local:${LOCAL_USER}`],
  request: (p) => ({ method: 'PUT', path: corePaths.user(p.userId), json: { id: p.userId, echoparkMainCommunityId: p.communityId } }),
  async apply(ctx, p) {
    await setCurrent(ctx, p.communityId);
    const user = await readLocal<UserData>(ctx.db, LOCAL_USER);
    if (user) await writeLocal(ctx.db, LOCAL_USER, { ...user, echoparkMainCommunityId: p.communityId });
  },
  async reconcile(ctx, p, answer) {
    if (answer && typeof answer.id === 'number') await writeLocal(ctx.db, LOCAL_USER, answer);
    await setCurrent(ctx, answer?.echoparkMainCommunityId ?? p.communityId);
  },
});

export const echoparkCommands = [echoparkCreate, echoparkPicture, echoparkStep, echoparkMessage, echoparkForm, echoparkDebrief, echoparkCommunity];
