/**
 * Visit writes as outbox commands (spec part 2 §4.2): start, the visit data
 * sent with a mode (save keeps it started; draft is Pause; terminate is
 * Terminer), the fiche, the files and the take-over. All of a visit's
 * commands share one queue, so they leave in the order the inspector acted;
 * repeated saves coalesce to the latest. The local copy is the truth on the
 * device until the server has it; the list row a command changes is pending
 * while it is unsent and comes back to the server's state if it is refused.
 */
import { visitPaths, type VisitSendMode } from '../contract/visits';
import type { VisitData } from '../contract/visit-data';
import { defineCommand, type CommandContext, type RequestSpec } from '../outbox/commands';
import type { VisitCopyMeta } from '../pull/visits';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';

async function patchCopy(ctx: CommandContext, visitId: number, change: Partial<VisitCopyMeta>): Promise<void> {
  const doc = await ctx.db.visitdata.findOne(String(visitId)).exec();
  if (!doc) return;
  const data = dataOf<Record<string, unknown>>(doc);
  // A copy holds megabytes of forms: it is written again only when a flag changes.
  if (Object.entries(change).every(([key, value]) => data[key] === value)) return;
  // On the copy as it is at the write: a download may be writing its list of files meanwhile.
  await modifyData<Record<string, unknown>>(doc as never, (latest) => ({ ...latest, ...change }), { savedAt: Date.now() });
}

async function patchListState(ctx: CommandContext, visitId: number, state: string): Promise<void> {
  const doc = await ctx.db.visits.findOne(String(visitId)).exec();
  if (!doc) return;
  await modifyData<{ visit: Record<string, unknown> }>(doc as never, (data) => ({ ...data, visit: { ...data.visit, state } }), { state });
}

/** The visit's row in the list (what the take-over, start, pause and end change there). */
const rowOf = (p: { visitId: number }) => [`visits:${p.visitId}`];

export const visitStart = defineCommand<{ visitId: number }>()({
  name: 'visit.start',
  label: () => 'Démarrage de la visite',
  entity: (p) => `visit:${p.visitId}`,
  touches: rowOf,
  request: (p) => ({ method: 'POST', path: visitPaths.start(p.visitId), json: {} }),
  async apply(ctx, p) {
    await patchCopy(ctx, p.visitId, { started: true });
    await patchListState(ctx, p.visitId, 'start');
  },
});

export interface VisitSendCommand extends Record<string, unknown> {
  visitId: number;
  /**
   * The forms' JSON as a blob in the file store (drafts/visit-forms-blob.ts formsFile): a 20,000-field
   * visit is 8 MB, which the command's document would copy at each of its writes and broadcasts.
   */
  dataFile?: string;
  /** Commands queued by an earlier version carry the forms as JSON text… */
  dataJson?: string;
  /** …or as objects. */
  data?: VisitData;
}

const dataBody = (p: VisitSendCommand): Partial<RequestSpec> =>
  p.dataFile !== undefined ? { jsonFile: p.dataFile } : p.dataJson !== undefined ? { jsonText: p.dataJson } : { json: p.data };

const SEND_LABELS: Record<VisitSendMode, string> = { save: 'Enregistrement de la visite', draft: 'Mise en pause de la visite', terminate: 'Fin de la visite' };

/**
 * One command per mode: saves coalesce (an autosave every 30 s offline would pile up, only the
 * latest data matters), while a pause or an end is never replaced by a later save.
 */
function sendCommand(mode: VisitSendMode) {
  return defineCommand<VisitSendCommand>()({
    name: `visit.${mode}`,
    label: () => SEND_LABELS[mode],
    entity: (p) => `visit:${p.visitId}`,
    // The answer is the whole merged visit (megabytes): nothing here uses it, so it is not decoded.
    request: (p) => ({ method: 'POST', path: visitPaths.send(mode, p.visitId), ...dataBody(p), ignoreAnswer: true }),
    coalesce: mode === 'save',
    touches: (p) => (mode === 'save' ? [] : rowOf(p)),
    async apply(ctx, p) {
      await patchCopy(ctx, p.visitId, { dirty: false, ...(mode === 'save' ? {} : { closing: mode, started: false }) });
      if (mode !== 'save') await patchListState(ctx, p.visitId, mode);
    },
  });
}

export const visitSave = sendCommand('save');
export const visitPause = sendCommand('draft');
export const visitTerminate = sendCommand('terminate');

export const visitFiche = defineCommand<{ visitId: number; fiche: Record<string, unknown> }>()({
  name: 'visit.fiche',
  label: () => 'Fiche de la visite',
  entity: (p) => `visit:${p.visitId}`,
  request: (p) => ({ method: 'POST', path: visitPaths.fiche(p.visitId), json: p.fiche }),
  coalesce: true,
});

export interface VisitFileCommand extends Record<string, unknown> {
  visitId: number;
  fileId: string;
  /** The generated name (original name plus a millisecond timestamp) that the field answer refers to. */
  name: string;
}

export const visitFile = defineCommand<VisitFileCommand>()({
  name: 'visit.file',
  label: (p) => `Fichier « ${p.name} »`,
  entity: (p) => `visit:${p.visitId}`,
  request: (p) => ({ method: 'POST', path: visitPaths.upload(p.visitId), file: { id: p.fileId, fields: { name: p.name } } }),
});

export const visitAssign = defineCommand<{ visitId: number; userId: number }>()({
  name: 'visit.assign',
  label: () => 'Reprise de la visite',
  entity: (p) => `visit:${p.visitId}`,
  touches: rowOf,
  request: (p) => ({ method: 'POST', path: visitPaths.assign(p.visitId), json: {} }),
  async apply({ db }, p) {
    const doc = await db.visits.findOne(String(p.visitId)).exec();
    if (!doc) return;
    await modifyData<{ visit: Record<string, unknown> }>(doc as never, (data) => ({ ...data, visit: { ...data.visit, assigned_to: p.userId } }), {
      assignedTo: p.userId,
    });
  },
});

export const visitCommands = [visitStart, visitSave, visitPause, visitTerminate, visitFiche, visitFile, visitAssign];
