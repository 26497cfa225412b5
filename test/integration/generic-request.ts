/**
 * Test-only command, kept out of the production registry. Creation of a
 * generic request (POST api/requests, created as JSON-LD). It is the simplest non-idempotent write of the API, which makes it the
 * engine's witness in the reliability tests: the server must end with each
 * one exactly once.
 */
import { corePaths } from '../../sync/contract/core';
import { buildRegistry, defineCommand } from '../../sync/outbox/commands';
import { commandRegistry } from '../../sync/commands/registry';

export interface GenericRequestPayload extends Record<string, unknown> {
  tempId: string;
  information: string;
  requestTypeId?: number;
}

export const genericRequestCreate = defineCommand<GenericRequestPayload, { id: number }>()({
  name: 'request.create',
  label: (p) => `Demande « ${p.information.slice(0, 40)} »`,
  entity: (p) => `request:${p.tempId}`,
  request: (p) => ({
    method: 'POST',
    path: corePaths.requests,
    json: { information: p.information, ...(p.requestTypeId ? { requestType: `/api/request_types/${p.requestTypeId}` } : {}) },
  }),
  async reconcile(_ctx, p, answer) {
    return { tempId: p.tempId, serverId: String(answer.id) };
  },
});

/** Test-only too: a photo attached to an existing intervention (multipart, from the blob store). */
export const photoUpload = defineCommand<{ interventionId: number; fileId: string }>()({
  name: 'test.photo',
  label: () => 'Photo',
  entity: (p) => `photo:${p.fileId}`,
  request: (p) => ({ method: 'POST', path: `api/intervention_requests/${p.interventionId}/medias`, file: { id: p.fileId } }),
});

/** The app's registry plus the reliability witness. */
export const testRegistry = { ...commandRegistry, ...buildRegistry([genericRequestCreate]) };
