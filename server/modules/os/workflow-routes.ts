/**
 * The OS workflow calls with the firm prefix (spec part 1 §4 "OS places and
 * paths", §7): go_to_step moves an OS when the code is valid from its place
 * and the caller holds the role of that place; next_step lists the codes the
 * caller may send. Rules come from sync/contract/os-workflow.ts, which the
 * client shares.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { idFrom, paging, param, query, sendCollection } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import { OS_WORKFLOW, isKnownStepCode, mayActAt, stepsFrom, targetOf } from '../../../sync/contract/os-workflow';
import { isCompleteOs, type GoToStepPayload } from '../../../sync/contract/os';
import { canUseOs } from '../../../sync/contract/roles';
import { visibleOs } from './access';
import { osDto } from './serializers';
import { INCOMPLETE, refSchema } from './payload';
import { addOsMessage, displayName, stepMessage } from './messages';

const goToStepSchema = {
  type: 'object',
  required: ['stepCode', 'workflowCode', 'objectId'],
  properties: { stepCode: { type: 'string', minLength: 1, maxLength: 100 }, workflowCode: { type: 'string', maxLength: 100 }, objectId: refSchema },
} as const;

export function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const firm = ctx.config.firmPrefix;

  app.put<{ Body: GoToStepPayload }>(`/api/${firm}/workflows/go_to_step`, { schema: { body: goToStepSchema } }, async (request) => {
    const user = currentUser(request);
    const { stepCode, workflowCode, objectId } = request.body;
    if (workflowCode !== OS_WORKFLOW) throw refusal('010002');
    const row = visibleOs(db, user, idFrom(objectId));
    // Read-only users (providers, owner users without OS rights) are told so whatever the code.
    if (!canUseOs(user.roles)) throw refusal('010004');
    if (!isKnownStepCode(stepCode)) throw refusal('010001');
    // Replays need no special case: the global Idempotency-Key hook answers them.
    const target = targetOf(row.place, row.price, stepCode);
    if (!target) throw refusal('010003');
    if (!mayActAt(row.place, user.roles)) throw refusal('010004');
    // A draft becomes a request only once it has what a request needs.
    const complete = isCompleteOs({
      businessAreaId: row.business_area_id,
      serviceProviderCompanyId: row.provider_company_id,
      typeId: row.request_type_id,
      price: row.price,
    });
    if (row.place === 'start' && !complete) throw badRequest(INCOMPLETE);
    tx(db, () => {
      const moved = db.prepare(`UPDATE work_validation_requests SET place = ? WHERE id = ? AND place = ?`).run(target, row.id, row.place);
      // Someone else moved it between the read and the write: the step is no longer valid.
      if (moved.changes !== 1) throw refusal('010003');
      addOsMessage(db, row.id, stepMessage(row.place, target, stepCode, displayName(db, user.id)), null);
    });
    return osDto(db, visibleOs(db, user, row.id));
  });

  app.get(`/api/${firm}/workflows/next_step`, async (request, reply) => {
    const user = currentUser(request);
    const q = query(request);
    if ((param(q, 'workflow') ?? OS_WORKFLOW) !== OS_WORKFLOW) throw refusal('010002');
    const row = visibleOs(db, user, idFrom(param(q, 'objectId')));
    const { itemsPerPage, offset } = paging(q, 30);
    // Only what the caller may send: an empty list tells the client to hide the action buttons.
    const steps = canUseOs(user.roles) && mayActAt(row.place, user.roles) ? stepsFrom(row.place, row.price) : [];
    return sendCollection(request, reply, steps.slice(offset, offset + itemsPerPage), steps.length);
  });
}
