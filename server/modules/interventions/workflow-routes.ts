/**
 * The intervention workflow (PUT api/workflows/go_to_step) and appointments:
 * proposals by the provider, acceptance or refusal by the manager (an
 * accepted one plans the request), refusal of them all. The step graph is
 * the contract's, so client and server agree on what is allowed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { idFrom, intParam, paging, param, query, sendCollection } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import { refSchema as ref, idListSchema, isoDate as boundedDate, text } from '../../http/schemas';
import {
  INTERVENTION_WORKFLOW,
  STEP_MESSAGES,
  stepRefusal,
  type AppointmentCreatePayload,
  type AppointmentStatusPayload,
  type GoToStepPayload,
  type InterventionPlace,
} from '../../../sync/contract/interventions';
import { interventionForSide, sideOf, visibilityClause, visibleIntervention, type InterventionRow } from './access';
import { addMessage, appointmentDto, appointmentsOf } from './serializers';

const isoDate = boundedDate;
export const END_BEFORE_START = 'La date de fin doit être supérieure à la date de début';

/** Moves a request and says so in its thread (automatic message, sendBy 0). */
export function moveTo(db: Db, row: InterventionRow, place: InterventionPlace): void {
  if (row.place === place) return;
  db.prepare(`UPDATE intervention_requests SET place = ? WHERE id = ?`).run(place, row.id);
  addMessage(db, 'intervention', row.id, STEP_MESSAGES[place], null);
}

/** Conditions (on aliases a, ir) of the appointment lists: the user's interventions, one request, a status, a date range. */
function appointmentFilter(db: Db, request: FastifyRequest): { where: string; params: (string | number)[] } {
  const user = currentUser(request);
  const q = query(request);
  const clause = visibilityClause(db, user);
  const where = [clause.sql];
  const params: (string | number)[] = [...clause.params];
  const add = (condition: string, value: string | number) => {
    where.push(condition);
    params.push(value);
  };
  const irId = intParam(q, 'interventionRequest');
  if (irId !== undefined) {
    visibleIntervention(db, user, irId);
    add('a.intervention_id = ?', irId);
  }
  const status = intParam(q, 'status');
  if (status !== undefined) add('a.status = ?', status);
  const after = Date.parse(param(q, 'date[after]') ?? '');
  const before = Date.parse(param(q, 'date[before]') ?? '');
  if (Number.isFinite(after)) add('a.date >= ?', new Date(after).toISOString());
  if (Number.isFinite(before)) add('a.date < ?', new Date(before).toISOString());
  return { where: where.join(' AND '), params };
}

export function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.put<{ Body: GoToStepPayload }>(
    '/api/workflows/go_to_step',
    {
      schema: {
        body: {
          type: 'object',
          required: ['stepCode', 'workflowCode', 'objectId'],
          properties: { stepCode: text(100), workflowCode: text(100), objectId: ref },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { stepCode, workflowCode } = request.body;
      if (workflowCode !== INTERVENTION_WORKFLOW) throw refusal('010002');
      const row = visibleIntervention(db, user, idFrom(request.body.objectId));
      const code = stepRefusal(row.place, stepCode, sideOf(user));
      if (code) throw refusal(code);
      const to = stepCode as InterventionPlace;
      // Preconditions the graph cannot say: work starts once the accepted appointment has begun,
      // and the final debriefing must exist before the request leaves in_progress.
      if (row.place === 'planned' && to === 'in_progress') {
        const started = db.prepare(`SELECT 1 FROM appointments WHERE intervention_id = ? AND status = 2 AND date <= ?`).get(row.id, new Date().toISOString());
        if (!started) throw refusal('010003');
      }
      if (row.place === 'in_progress' && to === 'debriefing' && !db.prepare(`SELECT 1 FROM debriefings WHERE intervention_id = ? AND status = 1`).get(row.id))
        throw refusal('010003');
      tx(db, () => moveTo(db, row, to));
      return { objectId: row.id, place: to };
    },
  );

  app.get('/api/intervention_requests/appointments', async (request, reply) => {
    const { where, params } = appointmentFilter(db, request);
    const rows = db
      .prepare(`SELECT a.* FROM appointments a JOIN intervention_requests ir ON ir.id = a.intervention_id WHERE ${where} ORDER BY a.date`)
      .all(...params) as Parameters<typeof appointmentDto>[0][];
    return sendCollection(request, reply, rows.map(appointmentDto));
  });

  app.post<{ Body: AppointmentCreatePayload }>(
    '/api/intervention_requests/appointments',
    {
      schema: {
        body: {
          type: 'object',
          required: ['date', 'dateEnd', 'interventionRequestId'],
          properties: {
            date: isoDate,
            dateEnd: isoDate,
            interventionRequestId: ref,
            information: { type: ['string', 'null'], maxLength: 2000 },
            appointmentVisitorsId: idListSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = interventionForSide(db, user, idFrom(request.body.interventionRequestId), 'provider');
      const date = Date.parse(request.body.date);
      const dateEnd = Date.parse(request.body.dateEnd);
      if (!Number.isFinite(date) || !Number.isFinite(dateEnd)) throw badRequest('Les dates du rendez-vous sont invalides.');
      if (dateEnd <= date) throw badRequest(END_BEFORE_START);
      if (!['start', 'waiting', 'planning', 'reclaim'].includes(row.place)) throw refusal('010003');
      const id = tx(db, () =>
        Number(
          db
            .prepare(`INSERT INTO appointments (intervention_id, date, date_end, status, information, created_by) VALUES (?, ?, ?, 1, ?, ?)`)
            .run(row.id, new Date(date).toISOString(), new Date(dateEnd).toISOString(), request.body.information ?? null, user.id).lastInsertRowid,
        ),
      );
      return reply.status(201).send(appointmentsOf(db, row.id).find((a) => a.id === id));
    },
  );

  app.put<{ Body: AppointmentStatusPayload }>(
    '/api/intervention_requests/appointments/status/change',
    {
      schema: {
        body: {
          type: 'object',
          required: ['appointmentId', 'status'],
          properties: { appointmentId: ref, status: { type: 'integer', enum: [2, 3] }, reason: { type: ['string', 'null'], maxLength: 2000 } },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const appointment = db.prepare(`SELECT * FROM appointments WHERE id = ?`).get(idFrom(request.body.appointmentId) ?? -1) as
        { id: number; intervention_id: number; status: number } | undefined;
      if (!appointment) throw refusal('007001', 404);
      const row = interventionForSide(db, user, appointment.intervention_id, 'manager');
      const { status } = request.body;
      if (appointment.status === status) return appointmentsOf(db, row.id).find((a) => a.id === appointment.id);
      if (appointment.status !== 1) throw refusal('010003');
      tx(db, () => {
        db.prepare(`UPDATE appointments SET status = ?, reason = ? WHERE id = ?`).run(
          status,
          status === 3 ? (request.body.reason ?? null) : null,
          appointment.id,
        );
        if (status === 2) {
          // One accepted appointment: the other proposals fall.
          db.prepare(`UPDATE appointments SET status = 3, reason = 'Un autre créneau a été retenu' WHERE intervention_id = ? AND status = 1`).run(row.id);
          moveTo(db, row, 'planned');
        }
      });
      return appointmentsOf(db, row.id).find((a) => a.id === appointment.id);
    },
  );

  app.put<{ Params: { id: string } }>('/api/intervention_requests/:id/refuse_appointments', async (request) => {
    const row = interventionForSide(db, currentUser(request), idFrom(request.params.id), 'manager');
    tx(db, () => {
      db.prepare(`UPDATE appointments SET status = 3, reason = COALESCE(reason, 'Aucun créneau ne convient') WHERE intervention_id = ? AND status = 1`).run(
        row.id,
      );
      // Back to waiting: the provider has to propose new dates.
      if (row.place === 'planning') moveTo(db, row, 'waiting');
    });
    return appointmentsOf(db, row.id);
  });

  app.get('/api/intervention_request/appointments', async (request, reply) => {
    const { where, params } = appointmentFilter(db, request);
    const { itemsPerPage, offset } = paging(query(request), 30);
    const q = query(request);
    const order = param(q, 'order[date]')?.toLowerCase() === 'desc' ? 'DESC' : 'ASC';
    const total = (
      db.prepare(`SELECT COUNT(*) AS n FROM appointments a JOIN intervention_requests ir ON ir.id = a.intervention_id WHERE ${where}`).get(...params) as {
        n: number;
      }
    ).n;
    const rows = db
      .prepare(
        `SELECT a.id, a.status, a.date, a.date_end, ir.id AS ir_id, ir.number, re.name AS re_name, re.main_contact_id, ba.name AS area
         FROM appointments a JOIN intervention_requests ir ON ir.id = a.intervention_id JOIN real_estates re ON re.id = ir.real_estate_id
         JOIN business_areas ba ON ba.id = ir.business_area_id WHERE ${where} ORDER BY a.date ${order}, a.id LIMIT ? OFFSET ?`,
      )
      .all(...params, itemsPerPage, offset) as {
      id: number;
      status: 1 | 2 | 3;
      date: string;
      date_end: string;
      ir_id: number;
      number: string;
      re_name: string;
      main_contact_id: number;
      area: string;
    }[];
    const contact = db.prepare(`SELECT address, additional_address, postal_code, city FROM contacts WHERE id = ?`);
    const items = rows.map((r) => {
      const c = contact.get(r.main_contact_id) as { address: string; additional_address: string | null; postal_code: string; city: string } | undefined;
      return {
        id: r.id,
        status: r.status,
        date: r.date,
        dateEnd: r.date_end,
        businessArea: r.area,
        interventionRequest: {
          id: r.ir_id,
          number: r.number,
          realEstate: {
            name: r.re_name,
            mainContact: c ? { address: c.address, additionalAddress: c.additional_address, postalCode: c.postal_code, city: c.city } : null,
          },
        },
      };
    });
    return sendCollection(request, reply, items, total);
  });
}
