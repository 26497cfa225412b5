/**
 * One normalised shape for every failed call (status, code, message,
 * description), whatever went wrong: an HTTP error body in the spec's format,
 * a network cut, a timeout, or an answer of the wrong shape. The UI's one
 * error handler reads only this.
 */
import { isErrorCode, type ErrorCode } from '../contract/errors';
import { ECHOPARK_REASONS } from '../contract/echopark-reasons';

export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number | null,
    readonly method: string,
    readonly path: string,
    message: string,
    readonly code?: ErrorCode,
    readonly description?: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  /** Worth retrying later: the server may not have seen it, or failed temporarily. */
  get transient(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || (this.status !== null && (this.status >= 500 || this.status === 429));
  }
}

/** Builds the failure of an HTTP error answer from its (maybe JSON) body. */
export function failureFromResponse(method: string, path: string, status: number, body: unknown): ApiFailure {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof b[key] === 'string' && b[key] !== '' ? (b[key] as string) : undefined);
  const description = reasonText(b.data) ?? text('description') ?? text('hydra:description') ?? text('detail');
  const message = text('message') ?? text('hydra:title') ?? text('title') ?? `HTTP ${status}`;
  const code = isErrorCode(b.code) ? b.code : undefined;
  return new ApiFailure('http', status, method, path, message, code, description);
}

/** Echopark refusals carry only a translation key in `data.reason` on the real backend. */
function reasonText(data: unknown): string | undefined {
  const reason = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && Object.hasOwn(ECHOPARK_REASONS, reason) ? ECHOPARK_REASONS[reason as keyof typeof ECHOPARK_REASONS] : undefined;
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}
