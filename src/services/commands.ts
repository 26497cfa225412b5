/**
 * How a screen writes: enqueue the command (durable at once), wait a moment
 * for the server, and say which happened: sent, or kept on the device to be
 * sent later. A refusal is already said by the engine's rejection toast.
 */
import { fr } from '../i18n/fr';
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

export async function sendCommand(name: string, payload: Record<string, unknown>, options: SendOptions = {}): Promise<{ id: string; outcome: 'sent' | 'pending' | 'rejected' } | null> {
  try {
    const engine = await getEngine();
    const id = await engine.enqueue(name, payload, { ...(options.files ? { files: options.files } : {}), ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}) });
    if (options.noWait) return { id, outcome: 'pending' };
    const outcome = await engine.settle(id, navigator.onLine ? SETTLE_MS : 0);
    if (outcome === 'sent' && options.success) showToast({ title: 'Succès', text: options.success, tone: 'success' });
    if (outcome === 'pending') showToast({ title: 'Enregistré', text: fr.savedOnDevice, tone: 'info' });
    return { id, outcome };
  } catch (error) {
    handleError(error);
    return null;
  }
}
