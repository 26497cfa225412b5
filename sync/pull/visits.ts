/**
 * Fetchers of the visit screens (spec part 2 §7 "Visits"): the list (one
 * store document per visit, with its property), the dashboard, and the
 * download of one visit for offline work: its data, info, fiche and files
 * (kept by the service worker's media cache), with a percent progress and
 * the failed file downloads recorded for a retry.
 */
import type { RxCollection } from 'rxdb';
import type { ApiClient } from '../api/client';
import { ApiFailure } from '../api/failure';
import { visitPaths, type VisitDashboard, type VisitFileEntry, type VisitInfo, type VisitListVisit, type VisitProperty } from '../contract/visits';
import type { VisitData } from '../contract/visit-data';
import type { Database } from '../store/database';
import type { CachedDoc } from '../store/schemas';
import { markRefreshed, writeLocal } from '../store/local';
import { shape } from './guards';

export interface VisitListDoc {
  visit: VisitListVisit;
  property: Omit<VisitProperty, 'visits'>;
}

/** The local working copy of a downloaded visit. */
export interface VisitLocalCopy {
  forms: VisitData;
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

type AnyCollection = RxCollection<CachedDoc & Record<string, unknown>>;
const isProperty = shape<VisitProperty>({ id: 'number', name: 'string', visits: 'array' });
const isInfo = shape<VisitInfo>({ visit_name: 'string', visit_state: 'string' });
const isData = (v: unknown): v is VisitData => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((f) => typeof f === 'object' && f !== null && 'sections' in f);

export async function pullVisitList(db: Database, api: ApiClient, mine: boolean): Promise<number> {
  const { items } = await api.list<unknown>(visitPaths.list, { searchParams: { assignedToUser: mine } });
  const properties = items.filter(isProperty);
  if (items.length > 0 && properties.length === 0) throw new ApiFailure('invalid-response', 200, 'GET', visitPaths.list, 'Réponse inattendue du serveur');
  const now = Date.now();
  const docs = properties.flatMap(({ visits, ...property }) =>
    visits.map((visit) => ({ id: String(visit.id), data: { visit, property } as unknown as Record<string, unknown>, pending: false, refreshedAt: now, state: visit.state, assignedTo: visit.assigned_to ?? 0 })),
  );
  const collection = db.visits as unknown as AnyCollection;
  // "All" replaces the whole list; "mine" only refreshes the caller's visits.
  if (!mine) {
    const keep = new Set(docs.map((d) => d.id));
    const stale = (await collection.find().exec()).filter((d) => !keep.has(d.id) && !d.pending);
    if (stale.length) await collection.bulkRemove(stale.map((d) => d.id));
  }
  const existing = await collection.findByIds(docs.map((d) => d.id)).exec();
  await collection.bulkUpsert(docs.filter((d) => !existing.get(d.id)?.pending));
  await markRefreshed(db, 'visits:list', now);
  return docs.length;
}

export const DASHBOARD_VISITS = 'dashboard:visits';

export async function pullVisitDashboard(db: Database, api: ApiClient): Promise<void> {
  const body = await api.call<VisitDashboard>('GET', visitPaths.dashboard);
  if (typeof body?.countAllVisitsToDo !== 'number') throw new ApiFailure('invalid-response', 200, 'GET', visitPaths.dashboard, 'Réponse inattendue du serveur');
  await writeLocal(db, DASHBOARD_VISITS, body);
  await markRefreshed(db, DASHBOARD_VISITS);
}

/**
 * Downloads a visit for offline work. Progress: data, info, fiche, file list,
 * then each file. A file that fails is recorded and does not stop the rest;
 * a new download retries only those.
 */
export async function downloadVisit(db: Database, api: ApiClient, visitId: number, onProgress: (percent: number) => void): Promise<VisitLocalCopy> {
  const existing = (await db.visitdata.findOne(String(visitId)).exec())?.toJSON().data as unknown as VisitLocalCopy | undefined;
  let copy: VisitLocalCopy;
  if (existing && existing.failedFiles.length === 0) return existing;
  if (existing) {
    copy = existing;
  } else {
    const forms = await api.call<unknown>('GET', visitPaths.formsWithData(visitId));
    if (!isData(forms)) throw new ApiFailure('invalid-response', 200, 'GET', visitPaths.formsWithData(visitId), 'Données de visite illisibles');
    onProgress(20);
    const info = await api.call<unknown>('GET', visitPaths.informations(visitId));
    if (!isInfo(info)) throw new ApiFailure('invalid-response', 200, 'GET', visitPaths.informations(visitId), 'Réponse inattendue du serveur');
    onProgress(30);
    const fiche = (await api.call<Record<string, unknown>>('GET', visitPaths.fiche(visitId))) ?? {};
    const { items: files } = await api.list<VisitFileEntry>(visitPaths.files(visitId));
    onProgress(40);
    copy = { forms, info, fiche, files, failedFiles: files.map((f) => f.id), downloadedAt: Date.now(), started: false, dirty: false, closing: null };
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
  copy = { ...copy, failedFiles: failed };
  await db.visitdata.upsert({ id: String(visitId), data: copy as unknown as Record<string, unknown>, pending: false, refreshedAt: Date.now(), savedAt: Date.now() });
  onProgress(100);
  return copy;
}
