/**
 * Builds the engine bound to the app's session (this module and RxDB load
 * after sign-in). A refused command is said at once in a toast; the 'Envois
 * en attente' screen keeps it until the user retries or discards it.
 */
import { commandRegistry, createEngine, type Engine, type EngineState } from '../../sync/index';
import { session } from './session';
import { showToast } from './toasts';
import { handleError } from './errors';
import { fr } from '../i18n/fr';

export function startEngine(state: EngineState): Engine {
  return createEngine({
    session,
    registry: commandRegistry,
    state,
    onRejected: (command) => showToast({ title: fr.sendRefusedTitle, text: fr.sendRefused(command.label, command.lastError?.message), tone: 'error' }),
    // A visit draft could not be written or queued in the background (storage full, store closed):
    // the user is told at once, and what is on screen stays in memory for the next save.
    onDraftError: (error) => handleError(error),
  });
}
