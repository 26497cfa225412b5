/**
 * The error format of the API, as the client's one error handler expects it
 * (spec part 2 §8.1): JSON with an optional catalogue `code`, a `message` and
 * a `description`. Every refusal in the server is an ApiError.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../../sync/contract/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly description?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new ApiError(400, message, code, message);
export const forbidden = (message = 'Accès refusé', code?: ErrorCode) => new ApiError(code ? 400 : 403, message, code, message);
export const notFound = (message = 'Ressource introuvable', code?: ErrorCode) => new ApiError(404, message, code, message);
export const unauthorized = (message = 'Authentification requise') => new ApiError(401, message);

/** Shorthand for a refusal with one of the catalogue's codes; the message is the catalogue's text. */
export function refusal(code: ErrorCode, status = 400): ApiError {
  return new ApiError(status, ERROR_CODES[code], code, ERROR_CODES[code]);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({
        ...(error.code ? { code: error.code } : {}),
        message: error.message,
        description: error.description ?? error.message,
      });
    }
    if (error.validation) {
      const detail = error.validation
        .map((v) => `${v.instancePath || (v.params as { missingProperty?: string }).missingProperty || 'corps'} ${v.message ?? ''}`.trim())
        .join(' ; ');
      const message = `Requête invalide : ${detail}`;
      return reply.status(400).send({ message, description: message });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'Erreur interne du serveur' : error.message;
    return reply.status(status).send({ message, description: message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route introuvable : ${request.method} ${request.url}`, description: 'Route introuvable' });
  });
}
