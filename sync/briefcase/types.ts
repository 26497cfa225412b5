/**
 * The offline briefcase (issue 20): what the engine downloads, once the user
 * is signed in and idle, so that everything their roles open can be read
 * offline without having been viewed. This file is the contract between the
 * pass runner (briefcase.ts), the modules that say what to fetch (each
 * facade's `prime` hook) and the screens that show it (the account's
 * « Données hors ligne », the progress indicator).
 */
import type { ApiClient } from '../api/client';

/** The modules counted in the account's section. */
export type BriefcaseModule = 'interventions' | 'os' | 'echopark' | 'visits';

/** What a pass is doing, as the screens read it (a valtio proxy: screens subscribe with useSnapshot). */
export interface BriefcaseState {
  /** A pass is running now. */
  running: boolean;
  /** The running pass waits for the network (it resumes where it stopped). */
  paused: boolean;
  /** Tasks of the running pass done and known so far (the total grows as list pages reveal objects). */
  done: number;
  total: number;
  /** When the last pass ended with every task done (epoch ms), null before the first. */
  lastCompleteAt: number | null;
  /** Objects of each module on the device (list entries). */
  counts: Record<BriefcaseModule, number>;
  /** Bytes of photos and documents kept for offline reading, and the budget they live within. */
  mediaBytes: number;
  budgetBytes: number;
  /** The browser asked to save data (no photos are downloaded then). */
  saveData: boolean;
  /** The service worker sends queued changes with no page open (Background Sync), or only open pages do. */
  backgroundSend: 'worker' | 'pages';
}

/** One download of a pass: keyed so that a pass that was cut resumes without doing it again. */
export interface PrimeTask {
  /** Stable across passes: 'intervention:12', 'os:7:documents', 'echopark:list:3'. */
  key: string;
  /**
   * What the list says of the object's state (a change date, or the list item itself as JSON):
   * a later pass fetches the task again when it differs, or when it is older than the pass interval.
   */
  fingerprint?: string;
  /**
   * The fingerprint is the list's change date (echopark `modifiedAt`): an unchanged one means an
   * unchanged object, so the task is not fetched again however old it is.
   */
  authoritative?: boolean;
  /** Runs in every pass, first (list pages: they give the other tasks' fingerprints). */
  always?: boolean;
  run(): Promise<unknown>;
}

/** What a module's `prime` hook is given: a queue with at most 4 requests in flight in all. */
export interface PrimePass {
  /** Runs the task now if it is due (new, changed, or stale); resolves once done or skipped. */
  task(task: PrimeTask): Promise<void>;
  /**
   * A photo or document of an open object, kept within the budget (newest first; none on save-data).
   * `object` names what it belongs to ('intervention:12'), so that it leaves with its object.
   */
  media(path: string, date: string | null, object?: string): Promise<void>;
  /** The API client of the pass: every call waits for one of the pass's 4 request slots. */
  readonly api: ApiClient;
  /** The pass was stopped (sign-out, offline): stop enumerating. */
  readonly stopped: boolean;
}
