/**
 * The error format of the API, as the client's one error handler expects it
 * (spec part 2 §8.1): JSON with an optional catalogue `code`, a `message` and
 * a `description`, always in French. Every refusal in the server is an
 * ApiError; the framework's own errors (bad JSON, 413, 414, 415, schema
 * errors, bad URLs, socket-level errors) are translated here so that no
 * English text and no other shape ever reaches the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode } from '../../sync/contract/errors';
import { schemaErrorMessage } from './validation-messages';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly description?: string,
    /** Extra headers of the answer (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The stored answer of an Idempotency-Key replay, thrown from inside a route (uploads are compared once read). */
export class StoredAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType: string,
  ) {
    super('replay');
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

/** 429 with Retry-After (seconds) and a French message saying when to try again. */
export function tooManyAttempts(retryAfterS: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  const message = `Trop de tentatives. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
  return new ApiError(429, message, undefined, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterS))) });
}

/** French texts of the framework's client errors, by Fastify error code. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps JSON de la requête est vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Ce type de contenu n'est pas accepté (envoyez du JSON ou un formulaire multipart).",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée du corps ne correspond pas à ce qui a été reçu.',
  FST_ERR_BAD_URL: "L'adresse demandée est mal encodée.",
  FST_ERR_MAX_PARAM_LENGTH: "L'adresse demandée est trop longue.",
  FST_ERR_ASYNC_CONSTRAINT: 'Requête invalide.',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Authentification requise',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée.',
  408: 'La requête a pris trop de temps.',
  413: 'Le corps de la requête est trop volumineux.',
  414: "L'adresse demandée est trop longue.",
  415: "Ce type de contenu n'est pas accepté.",
  422: 'Requête impossible à traiter.',
  429: 'Trop de tentatives. Réessayez plus tard.',
  431: 'Les en-têtes de la requête sont trop volumineux.',
};

/** The French message of any error that is not an ApiError (never the framework's English text). */
export function frameworkMessage(error: Partial<FastifyError>, status: number): string {
  if (error.validation) return schemaErrorMessage(error.validation, error.validationContext);
  return (error.code && FRAMEWORK_MESSAGES[error.code]) || STATUS_MESSAGES[status] || (status >= 500 ? 'Erreur interne du serveur' : 'Requête invalide.');
}

export function sendError(reply: FastifyReply, status: number, message: string, code?: string): FastifyReply {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ ...(code ? { code } : {}), message, description: message });
}

/** Fastify's frameworkErrors option: bad URL encodings and over-long path parameters. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  void sendError(reply, status, frameworkMessage(error, status));
}

/** Errors raised before Fastify sees a request (bad HTTP, headers too large, timeouts): same shape, in French. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = STATUS_MESSAGES[status]!;
  const body = JSON.stringify({ message, description: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | StoredAnswer, request, reply) => {
    if (error instanceof StoredAnswer) return reply.header('Idempotent-Replayed', 'true').status(error.status).type(error.contentType).send(error.body);
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.status).send({
        ...(error.code ? { code: error.code } : {}),
        message: error.message,
        description: error.description ?? error.message,
      });
    }
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return sendError(reply, status, frameworkMessage(error, status));
  });
  app.setNotFoundHandler((request, reply) => {
    // The method and path only: the rest of a hostile URL is not echoed back.
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    const message = `Route introuvable : ${request.method} ${path}`;
    return reply.status(404).send({ message, description: 'Route introuvable' });
  });
}
