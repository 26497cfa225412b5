/**
 * The engine's own failures as types, so that the UI's one error handler
 * decides what to show by what happened, never by matching words: no local
 * store open, the session ended, a command refused by the server. HTTP
 * failures of calls stay ApiFailure (api/failure.ts).
 */
import type { ErrorCode } from './contract/errors';
import type { OutboxDoc } from './store/database';

/** An error the app raises on purpose: its message is written for the user, in French. */
export class AppError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppError';
  }
}

/** A read or write needed the signed-in user's store, and none is open (signed out, or closing). */
export class NoLocalStore extends AppError {
  constructor() {
    super('Aucune donnée locale ouverte : connectez-vous pour continuer.');
    this.name = 'NoLocalStore';
  }
}

/** The session is over (refresh refused): the user must sign in again; nothing on the device is lost. */
export class SessionEnded extends AppError {
  constructor() {
    super('Vous avez été déconnecté. Veuillez-vous reconnecter.');
    this.name = 'SessionEnded';
  }
}

/** The server refused a queued command (4xx other than 401/408/429): told once, kept as refused. */
export class CommandRefused extends AppError {
  constructor(
    readonly label: string,
    readonly status: number | null,
    readonly serverText: string,
    readonly code?: ErrorCode,
    /** The outbox entity the command touched ('os:12'…): the one error handler goes back only from its page. */
    readonly entity?: string,
  ) {
    super(serverText);
    this.name = 'CommandRefused';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
export const isNoLocalStore = (e: unknown): e is NoLocalStore => e instanceof NoLocalStore;
export const isSessionEnded = (e: unknown): e is SessionEnded => e instanceof SessionEnded;
export const isCommandRefused = (e: unknown): e is CommandRefused => e instanceof CommandRefused;

/** The refusal of a command marked refused by the outbox, for the one error handler. */
export const refusalOf = (command: Pick<OutboxDoc, 'label' | 'lastError'> & Partial<Pick<OutboxDoc, 'entity'>>): CommandRefused =>
  new CommandRefused(
    command.label,
    command.lastError?.status ?? null,
    command.lastError?.message ?? '',
    command.lastError?.code as ErrorCode | undefined,
    command.entity,
  );
