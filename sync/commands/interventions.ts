/**
 * Every intervention write as an outbox command (spec part 1 §4, §7): the
 * creation and its photos, workflow steps, appointments (propose, accept or
 * refuse, refuse all), debriefings and their photos, ratings and messages.
 * Each shows its effect in the store at once and names the documents it
 * touches: the outbox marks them pending while it is unsent and undoes the
 * effect if the server refuses (outbox/pending-docs.ts); the answer or a
 * re-pull replaces it.
 */
import { interventionPaths as paths, type InterventionDetailDto, type InterventionCreatePayload } from '../contract/interventions';
import { defineCommand, type CommandContext, type IdMap } from '../outbox/commands';
import { rankOf } from '../store/queries';
import { modifyData } from '../store/modify-data';
import { interventionDoc, threadKey } from '../pull/interventions';

const iri = (id: string | number) => `/api/intervention_requests/${id}`;
/** A created object's server id once known, else its temporary id (the command waits for it). */
const resolve = (id: string, ids: IdMap) => ids[id] ?? id;

async function patchIntervention(ctx: CommandContext, id: string, change: Record<string, unknown>): Promise<void> {
  const doc = await ctx.db.interventions.findOne(id).exec();
  if (!doc) return;
  await modifyData<Record<string, unknown>>(doc as never, (data) => ({ ...data, ...change }), typeof change.place === 'string' ? { place: change.place } : {});
}

const interventionKey = (id: string) => `interventions:${id}`;

export interface InterventionCreateCommand extends Record<string, unknown> {
  tempId: string;
  body: InterventionCreatePayload;
  /** What the list card shows until the server answers. */
  preview: { realEstate: { id: number; name: string }; businessArea: { id: number; name: string } };
}

export const interventionCreate = defineCommand<InterventionCreateCommand, InterventionDetailDto>()({
  name: 'intervention.create',
  label: (p) => `Nouvelle demande d'intervention (${p.preview.realEstate.name})`,
  entity: (p) => `intervention:${p.tempId}`,
  touches: (p) => [interventionKey(p.tempId)],
  request: (p) => ({ method: 'POST', path: paths.create, json: p.body }),
  async apply({ db }, p) {
    const createdAt = new Date().toISOString();
    await db.interventions.upsert({
      id: p.tempId,
      data: { id: p.tempId, number: '', place: 'start', createdAt, information: p.body.information, ...p.preview, medias: [] },
      pending: true,
      refreshedAt: 0,
      place: 'start',
      rank: rankOf(createdAt, p.tempId),
      number: '',
    });
  },
  async reconcile({ db }, p, answer) {
    const local = await db.interventions.findOne(p.tempId).exec();
    await local?.remove();
    if (answer && typeof answer.id === 'number') {
      await db.interventions.upsert(interventionDoc(answer, Date.now()));
      return { tempId: p.tempId, serverId: String(answer.id) };
    }
  },
});

export interface MediaUploadCommand extends Record<string, unknown> {
  /** Server id or temporary id of the intervention (or debriefing). */
  targetId: string;
  /** The intervention it belongs to: its commands go in order, so a new object is created before its photos. */
  interventionId: string;
  fileId: string;
  fileName: string;
}

export const interventionMedia = defineCommand<MediaUploadCommand>()({
  name: 'intervention.media',
  label: (p) => `Photo « ${p.fileName} »`,
  entity: (p) => `intervention:${p.interventionId}`,
  request: (p, ids) => ({ method: 'POST', path: paths.medias(resolve(p.targetId, ids)), file: { id: p.fileId } }),
});

export const debriefingMedia = defineCommand<MediaUploadCommand>()({
  name: 'debriefing.media',
  label: (p) => `Photo de compte-rendu « ${p.fileName} »`,
  entity: (p) => `intervention:${p.interventionId}`,
  request: (p, ids) => ({ method: 'POST', path: paths.debriefingMedias(resolve(p.targetId, ids)), file: { id: p.fileId } }),
});

export interface GoToStepCommand extends Record<string, unknown> {
  interventionId: string;
  stepCode: string;
}

export const interventionStep = defineCommand<GoToStepCommand>()({
  name: 'intervention.step',
  label: (p) => `Changement d'étape (${p.stepCode})`,
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [interventionKey(p.interventionId)],
  request: (p, ids) => ({
    method: 'PUT',
    path: paths.goToStep,
    json: { stepCode: p.stepCode, workflowCode: 'intervention_requests', objectId: Number(resolve(p.interventionId, ids)) },
  }),
  apply: (ctx, p) => patchIntervention(ctx, p.interventionId, { place: p.stepCode }),
});

export interface AppointmentProposeCommand extends Record<string, unknown> {
  tempId: string;
  interventionId: string;
  date: string;
  dateEnd: string;
  information: string;
}

export const appointmentPropose = defineCommand<AppointmentProposeCommand, { id: number }>()({
  name: 'appointment.propose',
  label: () => 'Proposition de rendez-vous',
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [`appointments:${p.tempId}`],
  request: (p, ids) => ({
    method: 'POST',
    path: paths.appointments,
    json: {
      date: p.date,
      dateEnd: p.dateEnd,
      interventionRequestId: Number(resolve(p.interventionId, ids)),
      information: p.information,
      appointmentVisitorsId: [],
    },
  }),
  async apply({ db }, p) {
    await db.appointments.upsert({
      id: p.tempId,
      data: { id: p.tempId, date: p.date, dateEnd: p.dateEnd, status: 1, information: p.information, reason: null },
      pending: true,
      refreshedAt: 0,
      interventionId: p.interventionId,
      date: p.date,
      status: 1,
    });
  },
  async reconcile({ db }, p, answer) {
    await (await db.appointments.findOne(p.tempId).exec())?.remove();
    if (answer && typeof answer.id === 'number') {
      await db.appointments.upsert({
        id: String(answer.id),
        data: answer as unknown as Record<string, unknown>,
        pending: false,
        refreshedAt: Date.now(),
        interventionId: p.interventionId,
        date: p.date,
        status: 1,
      });
      return { tempId: p.tempId, serverId: String(answer.id) };
    }
  },
});

export interface AppointmentDecisionCommand extends Record<string, unknown> {
  appointmentId: string;
  interventionId: string;
  status: 2 | 3;
  reason: string;
}

export const appointmentDecide = defineCommand<AppointmentDecisionCommand>()({
  name: 'appointment.decide',
  label: (p) => (p.status === 2 ? 'Acceptation du rendez-vous' : 'Refus du rendez-vous'),
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [`appointments:${p.appointmentId}`, ...(p.status === 2 ? [interventionKey(p.interventionId)] : [])],
  request: (p, ids) => ({
    method: 'PUT',
    path: paths.appointmentStatus,
    json: { appointmentId: Number(resolve(p.appointmentId, ids)), status: p.status, reason: p.reason },
  }),
  async apply(ctx, p) {
    const doc = await ctx.db.appointments.findOne(p.appointmentId).exec();
    if (doc) await modifyData<Record<string, unknown>>(doc as never, (data) => ({ ...data, status: p.status, reason: p.reason }), { status: p.status });
    if (p.status === 2)
      await patchIntervention(ctx, p.interventionId, { place: 'planned', validAppointment: doc ? { date: doc.data.date, dateEnd: doc.data.dateEnd } : null });
  },
});

export interface RefuseAllCommand extends Record<string, unknown> {
  interventionId: string;
  /** The proposed appointments shown when the user refused them all (undone if the server refuses). */
  appointmentIds?: string[];
}

export const appointmentsRefuseAll = defineCommand<RefuseAllCommand>()({
  name: 'appointment.refuseAll',
  label: () => 'Refus de tous les rendez-vous proposés',
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [interventionKey(p.interventionId), ...(p.appointmentIds ?? []).map((id) => `appointments:${id}`)],
  request: (p, ids) => ({ method: 'PUT', path: paths.refuseAppointments(resolve(p.interventionId, ids)), json: {} }),
  async apply({ db }, p) {
    const proposed = await db.appointments.find({ selector: { interventionId: p.interventionId, status: 1 } }).exec();
    for (const doc of proposed) await modifyData<Record<string, unknown>>(doc as never, (data) => ({ ...data, status: 3 }), { status: 3 });
  },
});

export interface DebriefingCommand extends Record<string, unknown> {
  /** Temporary id for a new one, server id for a status change. */
  debriefingId: string;
  interventionId: string;
  message: string;
  dateBegin: string;
  dateEnd: string;
  status: 0 | 1 | 2;
  isNew: boolean;
}

export const debriefingSave = defineCommand<DebriefingCommand, { id: number }>()({
  name: 'debriefing.save',
  label: (p) => (p.status === 1 ? 'Compte-rendu final' : p.status === 2 ? 'Compte-rendu (à poursuivre)' : 'Brouillon de compte-rendu'),
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [`debriefings:${p.debriefingId}`],
  request: (p, ids) =>
    p.isNew
      ? {
          method: 'POST',
          path: paths.debriefings,
          json: { interventionRequest: iri(resolve(p.interventionId, ids)), message: p.message, dateBegin: p.dateBegin, dateEnd: p.dateEnd, status: 0 },
        }
      : {
          method: 'PUT',
          path: paths.debriefing(resolve(p.debriefingId, ids)),
          json: { interventionRequest: iri(resolve(p.interventionId, ids)), status: p.status },
        },
  async apply({ db }, p) {
    await db.debriefings.upsert({
      id: p.debriefingId,
      data: { id: p.debriefingId, message: p.message, dateBegin: p.dateBegin, dateEnd: p.dateEnd, status: p.status, medias: [] },
      pending: true,
      refreshedAt: 0,
      interventionId: p.interventionId,
      dateEnd: p.dateEnd,
    });
  },
  async reconcile({ db }, p, answer) {
    if (!p.isNew) return;
    await (await db.debriefings.findOne(p.debriefingId).exec())?.remove();
    if (answer && typeof answer.id === 'number') {
      await db.debriefings.upsert({
        id: String(answer.id),
        data: { ...(answer as unknown as Record<string, unknown>), status: 0 },
        pending: false,
        refreshedAt: Date.now(),
        interventionId: p.interventionId,
        dateEnd: p.dateEnd,
      });
      return { tempId: p.debriefingId, serverId: String(answer.id) };
    }
  },
});

export interface RatingCommand extends Record<string, unknown> {
  interventionId: string;
  globalRate: number;
  message: string;
}

export const interventionRate = defineCommand<RatingCommand>()({
  name: 'intervention.rate',
  label: (p) => `Note de ${p.globalRate}/5`,
  entity: (p) => `intervention:${p.interventionId}`,
  touches: (p) => [interventionKey(p.interventionId)],
  request: (p, ids) => ({
    method: 'POST',
    path: paths.ratings,
    json: { globalRate: p.globalRate, message: p.message, interventionRequest: iri(resolve(p.interventionId, ids)) },
  }),
  async apply(ctx, p) {
    const doc = await ctx.db.interventions.findOne(p.interventionId).exec();
    const ratings = Array.isArray(doc?.data.ratings) ? (doc.data.ratings as unknown[]) : [];
    await patchIntervention(ctx, p.interventionId, { ratings: [...ratings, { globalRate: p.globalRate, message: p.message, mine: true }] });
  },
});

export interface MessageCommand extends Record<string, unknown> {
  tempId: string;
  interventionId: string;
  messageText: string;
  author: { id: number; firstName: string; lastName: string };
}

export const interventionMessage = defineCommand<MessageCommand>()({
  name: 'intervention.message',
  label: (p) => `Message « ${p.messageText.slice(0, 40)} »`,
  entity: (p) => `thread:intervention:${p.interventionId}`,
  touches: (p) => [`messages:${p.tempId}`],
  request: (p, ids) => ({
    method: 'POST',
    path: paths.newConversation,
    json: { interventionRequest: iri(resolve(p.interventionId, ids)), messageText: p.messageText },
  }),
  async apply({ db }, p) {
    const date = new Date().toISOString();
    await db.messages.upsert({
      id: p.tempId,
      data: { id: p.tempId, messageText: p.messageText, date, sendBy: p.author },
      pending: true,
      refreshedAt: 0,
      thread: threadKey('intervention', p.interventionId),
      date,
    });
  },
  // Answered: the next pull of the thread brings the server's copy; until then ours stays, confirmed.
});

export const interventionCommands = [
  interventionCreate,
  interventionMedia,
  debriefingMedia,
  interventionStep,
  appointmentPropose,
  appointmentDecide,
  appointmentsRefuseAll,
  debriefingSave,
  interventionRate,
  interventionMessage,
];
