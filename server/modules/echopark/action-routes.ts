/**
 * Echopark actions on a request of the current community (spec part 2 §4.1, §5):
 * move to a next step, message a role and group, submit the progress form, add
 * a photo, send a debriefing. Each success adds one history entry (message
 * types in sync/contract/echopark.ts) and answers { data: { id, message } }.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { idFrom } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import { readImageUpload } from '../../http/uploads';
import { MAX_MESSAGE_LENGTH } from '../../http/schemas';
import {
  ECHOPARK_MESSAGE_TYPES,
  ECHOPARK_TEXTS,
  type EchoparkActionAnswer,
  type EchoparkDebriefPayload,
  type EchoparkMessagePayload,
  type EchoparkStepPayload,
} from '../../../sync/contract/echopark';
import { ref, optionalRef, optionalText, optionalSeconds, optionalFlag } from './body-schemas';
import { actionableRequest, addHistory, echoparkUser, touchRequest, visibleRequest } from './access';
import { nextSteps, recipients } from './serializers';
import { formRoute } from './form-route';

/** Photos one request may hold (issue 21: they were uncapped and all inlined in the detail). */
export const MAX_PICTURES_PER_REQUEST = 20;
const TOO_MANY_PICTURES = `Cette demande a déjà ${MAX_PICTURES_PER_REQUEST} photos, le maximum : aucune autre ne peut être ajoutée.`;

const answer = (id: number, message: string): EchoparkActionAnswer => ({ data: { id, message } });
const blank = (value: unknown) => value === undefined || value === null || value === '';

export function actionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post<{ Body: EchoparkStepPayload }>(
    '/api/echopark/step/',
    {
      schema: {
        body: { type: 'object', required: ['requestId'], properties: { step: optionalRef, groupe: optionalRef, message: optionalText, requestId: ref } },
      },
    },
    async (request) => {
      const user = echoparkUser(request);
      const row = actionableRequest(db, user, request.body.requestId);
      const { step, groupe } = request.body;
      if (blank(step)) throw badRequest(ECHOPARK_TEXTS.completeRequired);
      const stepId = idFrom(step);
      const target = db.prepare(`SELECT id, name, is_closing FROM echopark_steps WHERE id = ?`).get(stepId ?? 0) as
        { id: number; name: string; is_closing: number } | undefined;
      if (!target) throw refusal('010001');
      const options = nextSteps(db, row.step_id, row.community_id).filter((o) => o.stepId === target.id);
      if (options.length === 0) throw refusal('010003');
      const needsGroup = options.some((o) => o.groupId !== null);
      if (needsGroup && blank(groupe)) throw badRequest(ECHOPARK_TEXTS.completeRequired);
      const option = needsGroup ? options.find((o) => o.groupId === idFrom(groupe)) : options[0];
      if (!option) throw badRequest('Ce groupe ne peut pas recevoir la demande à cette étape.');
      const text = (request.body.message ?? '').trim() || `Passage à l'étape « ${target.name} ».`;
      const now = new Date().toISOString();
      tx(db, () => {
        db.prepare(`UPDATE echopark_requests SET step_id = ?, current_group_id = COALESCE(?, current_group_id) WHERE id = ?`).run(
          target.id,
          option.groupId,
          row.id,
        );
        const type = target.is_closing ? ECHOPARK_MESSAGE_TYPES.closure : ECHOPARK_MESSAGE_TYPES.step;
        addHistory(db, {
          requestId: row.id,
          type,
          stepId: target.id,
          groupId: option.groupId,
          roleId: option.roleId,
          authorId: user.id,
          message: text,
          at: now,
        });
        touchRequest(db, row.id, now);
      });
      return answer(row.id, ECHOPARK_TEXTS.stepDone);
    },
  );

  app.post<{ Body: EchoparkMessagePayload }>(
    '/api/echopark/request/message/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['requestId'],
          properties: {
            recipientRoleId: optionalRef,
            recipientGroupId: optionalRef,
            message: { type: ['string', 'null'], maxLength: MAX_MESSAGE_LENGTH },
            requestId: ref,
          },
        },
      },
    },
    async (request, reply) => {
      const user = echoparkUser(request);
      const row = actionableRequest(db, user, request.body.requestId);
      if (!row.can_message) throw refusal('010004');
      const { recipientRoleId, recipientGroupId } = request.body;
      const text = (request.body.message ?? '').trim();
      if (blank(recipientRoleId) || blank(recipientGroupId) || text === '') throw badRequest(ECHOPARK_TEXTS.fieldRequired);
      const role = recipients(db, row.community_id).find((r) => r.roleId === idFrom(recipientRoleId));
      if (!role) throw badRequest('Ce rôle ne peut pas recevoir de message pour cette demande.');
      const groupId = idFrom(recipientGroupId);
      if (!role.groups.some((g) => g.value === groupId)) throw badRequest("Ce groupe n'appartient pas au rôle choisi.");
      const now = new Date().toISOString();
      const id = tx(db, () => {
        const messageId = addHistory(db, {
          requestId: row.id,
          type: ECHOPARK_MESSAGE_TYPES.message,
          stepId: row.step_id,
          groupId: groupId ?? null,
          roleId: role.roleId,
          authorId: user.id,
          message: text,
          at: now,
        });
        touchRequest(db, row.id, now);
        return messageId;
      });
      return reply.status(201).send(answer(id, ECHOPARK_TEXTS.messageSaved));
    },
  );

  app.post<{ Body: EchoparkDebriefPayload }>(
    '/api/echopark/debrief/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['requestId'],
          properties: {
            requestId: ref,
            etape: optionalRef,
            begin_at: optionalSeconds,
            end_at: optionalSeconds,
            comment: optionalText,
            done: optionalFlag,
          },
        },
      },
    },
    async (request, reply) => {
      const user = echoparkUser(request);
      const row = actionableRequest(db, user, request.body.requestId);
      if (!row.debriefing_available) throw refusal('010004');
      const b = request.body;
      if (b.begin_at === null || b.begin_at === undefined || b.end_at === null || b.end_at === undefined) throw badRequest(ECHOPARK_TEXTS.debriefDates);
      if (b.end_at < b.begin_at) throw badRequest('La date de fin du compte-rendu doit suivre la date de début.');
      if (!blank(b.etape) && idFrom(b.etape) !== row.step_id) throw refusal('010003');
      const comment = (b.comment ?? '').trim();
      const done = b.done === true || b.done === 1;
      const now = new Date().toISOString();
      const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
      const id = tx(db, () => {
        const debriefId = Number(
          db
            .prepare(
              `INSERT INTO echopark_debriefings (request_id, step_id, begin_at, end_at, comment, done, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(row.id, row.step_id, iso(b.begin_at!), iso(b.end_at!), comment, done ? 1 : 0, user.id, now).lastInsertRowid,
        );
        const summary = comment || `Intervention du ${frenchDate(iso(b.begin_at!))} au ${frenchDate(iso(b.end_at!))}${done ? ', travaux terminés' : ''}.`;
        addHistory(db, {
          requestId: row.id,
          type: ECHOPARK_MESSAGE_TYPES.debriefing,
          stepId: row.step_id,
          groupId: row.current_group_id,
          authorId: user.id,
          message: summary,
          at: now,
        });
        touchRequest(db, row.id, now);
        return debriefId;
      });
      return reply.status(201).send(answer(id, ECHOPARK_TEXTS.debriefSent));
    },
  );

  app.post<{ Params: { requestId: string } }>('/api/echopark/picture/:requestId', async (request, reply) => {
    const user = echoparkUser(request);
    // Check the request before reading a body of up to 5 MB.
    const row = actionableRequest(db, user, request.params.requestId);
    if (row.is_closing) throw refusal('010004');
    const held = () => (db.prepare(`SELECT COUNT(*) AS n FROM echopark_pictures WHERE request_id = ?`).get(row.id) as { n: number }).n;
    if (held() >= MAX_PICTURES_PER_REQUEST && !request.checkUploadReplay) throw badRequest(TOO_MANY_PICTURES);
    const upload = await readImageUpload(request);
    // Checked again once read: a replay of the twentieth photo answers as the first time, a new one is refused.
    if (held() >= MAX_PICTURES_PER_REQUEST) throw badRequest(TOO_MANY_PICTURES);
    const md5 = ctx.files.put(upload.data, upload.md5);
    const now = new Date().toISOString();
    const id = tx(db, () => {
      const mediaId = Number(
        db
          .prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`)
          .run(upload.filename || md5, upload.type, md5, upload.data.length, now, user.id).lastInsertRowid,
      );
      const pictureId = Number(
        db.prepare(`INSERT INTO echopark_pictures (request_id, media_id, created_at) VALUES (?, ?, ?)`).run(row.id, mediaId, now).lastInsertRowid,
      );
      addHistory(db, {
        requestId: row.id,
        type: ECHOPARK_MESSAGE_TYPES.picture,
        stepId: row.step_id,
        groupId: null,
        authorId: user.id,
        message: 'Photo ajoutée.',
        at: now,
      });
      touchRequest(db, row.id, now);
      return pictureId;
    });
    return reply.status(201).send(answer(id, ECHOPARK_TEXTS.pictureAdded));
  });

  formRoute(app, ctx);

  // A photo of a request can be downloaded by whoever sees the request.
  const pictureRequest = db.prepare(`SELECT request_id FROM echopark_pictures WHERE media_id = ?`);
  ctx.mediaReaders.push((user, mediaId) => {
    const rows = pictureRequest.all(mediaId) as { request_id: number }[];
    return rows.some((r) => {
      try {
        return visibleRequest(db, user, r.request_id) !== null;
      } catch {
        return false;
      }
    });
  });
}

/** DD/MM/YYYY HH:mm in Paris time, as the client shows dates. */
function frenchDate(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(new Date(iso))
    .replace(',', '');
}
