/**
 * Builds the engine bound to the app's session (this module and RxDB load
 * after sign-in). A refused command is said at once in a toast; the 'Envois
 * en attente' screen keeps it until the user retries or discards it.
 */
import { commandRegistry, createEngine, type Engine, type EngineState } from '../../sync/index';
import { session } from './session';
import { showToast } from './toasts';

export function startEngine(state: EngineState): Engine {
  return createEngine({
    session,
    registry: commandRegistry,
    state,
    onRejected: (command) =>
      showToast({ title: 'Envoi refusé', text: `${command.label} : ${command.lastError?.message ?? 'refusé par le serveur'}`, tone: 'error' }),
  });
}
