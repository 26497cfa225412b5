/**
 * OS conversations (spec part 1 §7 "Messaging"): the thread of one OS, read
 * by anyone who sees the OS (reading marks it read), and new messages. The
 * provider, read-only on the OS itself, may still write in its thread: it is
 * the conversation about the work ordered from it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { idFrom, orderParam, paging, param, query, sendCollection } from '../../http/collections';
import { messageTextSchema, THREAD_PAGE, THREAD_PAGE_MAX } from '../../http/schemas';
import { threadSize } from '../interventions/serializers';
import { badRequest } from '../../http/errors';
import type { NewOsMessagePayload } from '../../../sync/contract/os';
import { visibleOs } from './access';
import { refSchema } from './payload';
import { addOsMessage, markOsThreadRead, osMessages } from './messages';

const newMessageSchema = {
  type: 'object',
  required: ['messageText', 'workValidationRequest'],
  properties: { messageText: messageTextSchema, workValidationRequest: refSchema },
} as const;

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const firm = ctx.config.firmPrefix;

  app.get(`/api/work_validation_request/message_${firm}`, async (request, reply) => {
    const user = currentUser(request);
    const q = query(request);
    const row = visibleOs(db, user, idFrom(param(q, 'workValidationRequest')));
    const { itemsPerPage, offset } = paging(q, THREAD_PAGE, THREAD_PAGE_MAX);
    const items = osMessages(db, row.id, orderParam(q, 'date') ?? 'ASC', { limit: itemsPerPage, offset });
    tx(db, () => markOsThreadRead(db, user.id, row.id));
    return sendCollection(request, reply, items, threadSize(db, 'os', row.id));
  });

  app.post<{ Body: NewOsMessagePayload }>(
    '/api/work_validation_request/messages/new_conversation',
    { schema: { body: newMessageSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const row = visibleOs(db, user, idFrom(request.body.workValidationRequest));
      const text = request.body.messageText.trim();
      if (!text) throw badRequest('Le message est vide.');
      const id = tx(db, () => {
        const messageId = addOsMessage(db, row.id, text, user.id);
        // One's own message is not news to oneself.
        markOsThreadRead(db, user.id, row.id);
        return messageId;
      });
      return reply.status(201).send(osMessages(db, row.id, 'ASC', { onlyId: id })[0]);
    },
  );
}
