/**
 * Builds the engine bound to the app's session, with the app's modules (this
 * module and RxDB load after sign-in). A refused command is told once,
 * through the one error handler; the 'Envois en attente' screen keeps it
 * until the user retries or discards it.
 */
import { appModules, commandRegistry, createEngine, refusalOf, type EngineState } from '../../sync/index';
import { session } from './session';
import { handleError } from './errors';

export function startEngine(state: EngineState) {
  return createEngine({
    session,
    registry: commandRegistry,
    // A visit draft could not be written or queued in the background (storage full, store closed):
    // the user is told at once, and what is on screen stays in memory for the next save.
    modules: appModules({ onDraftError: (error) => handleError(error), loadUser: () => session.loadUser() }),
    state,
    onRejected: (command) => handleError(refusalOf(command)),
  });
}

export type AppEngine = ReturnType<typeof startEngine>;
