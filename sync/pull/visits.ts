/**
 * Fetchers of the visit screens (spec part 2 §7 "Visits"): the list (one
 * store document per visit, with its property), the dashboard, and the
 * download of one visit for offline work: its data, info, fiche and files
 * (kept by the service worker's media cache), with a percent progress and
 * the failed file downloads recorded for a retry.
 */
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { visitPaths, type VisitFileEntry, type VisitInfo, type VisitListVisit, type VisitProperty } from '../contract/visits';
import type { VisitData } from '../contract/visit-data';
import type { Database } from '../store/database';
import { markRefreshed } from '../store/local';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';
import type { FileStore } from '../store/files';
import { newAnswersBase } from '../drafts/visit-answers-store';
import { dropForms, putForms } from '../drafts/visit-forms-store';
import { asCached, checkBody, checkItems, pullSingleton, storeFresh } from './pull';
import { DASHBOARD_VISITS } from './dashboard-keys';

export interface VisitListDoc {
  visit: VisitListVisit;
  property: Omit<VisitProperty, 'visits'>;
}

/** What the device keeps of a downloaded visit besides its forms. */
export interface VisitCopyMeta {
  info: VisitInfo;
  fiche: Record<string, unknown>;
  files: VisitFileEntry[];
  failedFiles: number[];
  downloadedAt: number;
  /** Started on this device: the visit can be edited here. */
  started: boolean;
  /** Changed since the last save was queued. */
  dirty: boolean;
  /** Paused or terminated: the copy goes once its commands have left. */
  closing: 'draft' | 'terminate' | null;
}

/**
 * The copy's document. Its forms are a blob in the file store named by `answersBase`
 * (drafts/visit-forms-store.ts says why); copies stored by earlier versions hold them here, as JSON
 * text (`formsJson`) or, before that, as objects (`forms`).
 */
export interface StoredVisitCopy extends VisitCopyMeta {
  /** The last whole write of the forms: their blob, and the answers kept beside it (drafts/visit-answers-store.ts). */
  answersBase?: string;
  formsJson?: string;
}

/** The copy's flags and attachments, without its forms (in any stored shape). */
export function metaOf(stored: StoredVisitCopy): VisitCopyMeta {
  const { formsJson: _text, forms: _old, answersBase: _base, ...meta } = stored as StoredVisitCopy & { forms?: unknown };
  return meta;
}

const parsedOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const visit = v.looseObject({ id: v.number(), name: v.string(), state: v.string(), assigned_to: v.nullish(v.number()) });
const property = v.looseObject({ id: v.number(), name: v.string(), visits: v.array(visit) });
const info = v.looseObject({ visit_name: v.string(), visit_state: v.string() });
/** Forms by id, each with its sections (the editor checks the rest field by field). */
const visitData = v.record(v.string(), v.looseObject({ sections: v.looseObject({}) }));
const dashboard = v.looseObject({ countAllVisitsToDo: v.number() });

export async function pullVisitList(db: Database, api: ApiClient, mine: boolean): Promise<number> {
  const { items } = await api.list<unknown>(visitPaths.list, { searchParams: { assignedToUser: mine } });
  const { valid: properties } = checkItems(property, items, visitPaths.list);
  const now = Date.now();
  const docs = properties.flatMap(({ visits, ...place }) =>
    visits.map((entry) => ({
      id: String(entry.id),
      data: { visit: entry, property: place } as Record<string, unknown>,
      pending: false,
      refreshedAt: now,
      state: entry.state,
      assignedTo: entry.assigned_to ?? 0,
    })),
  );
  // "All" replaces the whole list; "mine" only refreshes the caller's visits.
  await storeFresh(db, asCached(db.visits), docs, mine ? {} : { replace: {} });
  await markRefreshed(db, 'visits:list', now);
  return docs.length;
}

export async function pullVisitDashboard(db: Database, api: ApiClient): Promise<void> {
  await pullSingleton(db, api, { key: DASHBOARD_VISITS, path: visitPaths.dashboard, schema: dashboard });
}

export interface DownloadOptions {
  /**
   * The server's copy even when one is here: a copy downloaded and never started on this device
   * is older than what was saved since from another device (resume). A copy started here, or
   * holding anything typed or waiting to leave, is never replaced.
   */
  fresh?: boolean;
}

/**
 * Requests started together and awaited one by one: when an earlier await throws, the ones not
 * awaited yet must not end as unhandled rejections (their failure is the same download's).
 */
function askedAtOnce<T extends Record<string, Promise<unknown>>>(requests: T): T {
  for (const request of Object.values(requests)) request.catch(() => undefined);
  return requests;
}

/** A copy that holds nothing of this device's: replacing it by the server's loses nothing. */
const replaceable = (copy: VisitCopyMeta) => !copy.started && !copy.dirty && copy.closing === null;

/**
 * Downloads a visit for offline work. Progress: data, info, fiche, file list,
 * then each file. The copy is stored only once the data, info, fiche and file
 * list have all come (a cut before leaves nothing: no half copy is ever shown
 * as downloaded), with every file still to fetch; each file that fails stays
 * recorded and does not stop the rest, and a new download (after a failure,
 * a reload or a crash) fetches only those.
 */
export async function downloadVisit(
  db: Database,
  files: FileStore,
  api: ApiClient,
  visitId: number,
  onProgress: (percent: number) => void,
  options: DownloadOptions = {},
): Promise<VisitCopyMeta> {
  const stored = await db.visitdata.findOne(String(visitId)).exec();
  const found = stored ? metaOf(dataOf<StoredVisitCopy>(stored)) : undefined;
  const existing = found && options.fresh && replaceable(found) ? undefined : found;
  let copy: VisitCopyMeta;
  if (existing && existing.failedFiles.length === 0) return existing;
  if (existing) {
    copy = existing;
  } else {
    // The small parts are asked for at once: they come while the server still sends the forms (megabytes).
    const asked = askedAtOnce({
      infos: api.call<unknown>('GET', visitPaths.informations(visitId)),
      fiche: api.call<Record<string, unknown> | null>('GET', visitPaths.fiche(visitId)),
      list: api.list<VisitFileEntry>(visitPaths.files(visitId)),
    });
    // Kept as the server sent it (8 MB for 20,000 fields): parsed once to check it, never written out again.
    const body = await api.call<Blob>('GET', visitPaths.formsWithData(visitId), { blob: true });
    const forms = checkBody(visitData, parsedOrNull(await body.text()), visitPaths.formsWithData(visitId), 'les données de la visite') as unknown as VisitData;
    onProgress(20);
    const infos = checkBody(info, await asked.infos, visitPaths.informations(visitId)) as unknown as VisitInfo;
    onProgress(30);
    const fiche = (await asked.fiche) ?? {};
    const { items: list } = await asked.list;
    onProgress(40);
    copy = { info: infos, fiche, files: list, failedFiles: list.map((f) => f.id), downloadedAt: Date.now(), started: false, dirty: false, closing: null };
    // The forms' blob first, then the document that points at it: answers typed next go beside it.
    const base = newAnswersBase();
    await putForms(files, visitId, base, body, forms);
    // A copy replaced (fresh) had nothing of this device's: it gives way to the server's whole.
    await db.visitdata.upsert({ id: String(visitId), data: { ...copy, answersBase: base }, pending: false, refreshedAt: Date.now(), savedAt: Date.now() });
    await dropForms(files, visitId, base);
  }
  const failed: number[] = [];
  for (const [index, fileId] of copy.failedFiles.entries()) {
    try {
      await api.call('GET', visitPaths.download(visitId, fileId), { blob: true });
    } catch {
      failed.push(fileId);
    }
    onProgress(40 + Math.round(((index + 1) / copy.failedFiles.length) * 60));
  }
  // Only the list of files still to fetch changes, on the copy as it is then: it may have been started
  // and typed in meanwhile, even between this read and the write (store/modify-data.ts).
  const held = await db.visitdata.findOne(String(visitId)).exec();
  const latest = held && (await modifyData<StoredVisitCopy>(held as never, (data) => ({ ...data, failedFiles: failed }), { refreshedAt: Date.now() }));
  onProgress(100);
  return { ...(latest ? metaOf(dataOf<StoredVisitCopy>(latest)) : copy), failedFiles: failed };
}
