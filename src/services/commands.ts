/**
 * How a screen writes: enqueue the command (durable at once), wait a moment
 * for the server, and say which happened: sent, or kept on the device to be
 * sent later. A refusal is already said by the engine's rejection toast.
 */
import { fr } from '../i18n/fr';
import type { AppCommandName, AppPayload, Engine } from '../../sync/index';
import { getEngine } from './engine';
import { handleError } from './errors';
import { showToast } from './toasts';

const SETTLE_MS = 4000;

export interface SendOptions {
  files?: { id: string; blob: Blob; name: string; type: string; size: number }[];
  dependsOn?: string | null;
  /** Toast text when the server has it (none when omitted). */
  success?: string;
  /** Do not wait for the server (several commands in a row). */
  noWait?: boolean;
}

/** One command: an operation of one step (same waiting and telling as runOperation). */
export async function sendCommand<N extends AppCommandName>(
  name: N,
  payload: AppPayload<N>,
  options: SendOptions = {},
): Promise<{ id: string; outcome: 'sent' | 'pending' | 'rejected' } | null> {
  const enqueueOptions = { ...(options.files ? { files: options.files } : {}), ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}) };
  const done = await runOperation(async (engine) => [await engine.enqueue(name, payload, enqueueOptions)], options);
  return done ? { id: done.ids[0]!, outcome: done.outcome } : null;
}

export interface OperationOptions {
  /** Toast text when the server has the last command (none when omitted). */
  success?: string;
  /** Do not wait nor say anything (the screen tells the user itself). */
  noWait?: boolean;
}

/**
 * Runs a facade's named operation (several commands in order) and waits for its last command like
 * sendCommand. Returns the command ids and the outcome, or null when nothing could be queued.
 */
export async function runOperation(
  operation: (engine: Engine) => Promise<string[]>,
  options: OperationOptions = {},
): Promise<{ ids: string[]; outcome: 'sent' | 'pending' | 'rejected' } | null> {
  try {
    const engine = await getEngine();
    const ids = await operation(engine);
    const last = ids[ids.length - 1];
    if (!last) return { ids, outcome: 'sent' };
    if (options.noWait) return { ids, outcome: 'pending' };
    const outcome = await engine.settle(last, navigator.onLine ? SETTLE_MS : 0);
    if (outcome === 'sent' && options.success) showToast({ title: fr.successTitle, text: options.success, tone: 'success' });
    if (outcome === 'pending') showToast({ title: fr.keptTitle, text: fr.savedOnDevice, tone: 'info' });
    return { ids, outcome };
  } catch (error) {
    handleError(error);
    return null;
  }
}
