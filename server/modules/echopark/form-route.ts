/**
 * POST api/echopark/request/form/: the progress form of the request's current
 * step. Values are checked with the contract's checkFormValue (the same rule the
 * client applies before submitting): fields with config.obligatoire=1 are
 * required, each type has its format, an upload names a photo of the request.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { idFrom } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import { assertBoundedJson } from '../../http/bounded';
import { idSchema } from '../../http/schemas';
import { checkFormValue, ECHOPARK_MESSAGE_TYPES, ECHOPARK_TEXTS, type EchoparkFormPayload, type FormValue } from '../../../sync/contract/echopark';
import { ref } from './body-schemas';
import { references } from '../../http/references';
import { actionableRequest, addHistory, echoparkUser, touchRequest } from './access';
import { loadForm } from './serializers';

/** A field's value in the payload: `form[key]` first, else the entry of `form.groups[].fields[]` with its id. */
function rawValue(form: EchoparkFormPayload['form'], field: { id: number; key: string }): unknown {
  if (Object.hasOwn(form, field.key)) return form[field.key];
  for (const group of form.groups ?? []) {
    const entry = group.fields?.find((f) => f.id === field.id);
    if (entry) return entry.value;
  }
  return undefined;
}

export function formRoute(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Body: EchoparkFormPayload }>(
    '/api/echopark/request/form/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['requestId', 'step', 'form'],
          properties: {
            requestId: ref,
            step: ref,
            form: {
              type: 'object',
              maxProperties: 500,
              required: ['id'],
              properties: {
                id: idSchema,
                groups: {
                  type: 'array',
                  maxItems: 100,
                  items: {
                    type: 'object',
                    properties: { id: idSchema, fields: { type: 'array', maxItems: 500, items: { type: 'object', properties: { id: idSchema } } } },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const user = echoparkUser(request);
      assertBoundedJson(request.body.form, { depth: 6, nodes: 5000, text: 10_000 }, 'Le formulaire');
      const row = actionableRequest(db, user, request.body.requestId);
      if (idFrom(request.body.step) !== row.step_id) throw refusal('010003');
      if (row.form_id === null) throw refusal('010004');
      const { form } = request.body;
      if (form.id !== row.form_id) throw badRequest("Ce formulaire ne correspond pas à l'étape de la demande.");
      const definition = loadForm(db, row.form_id, null, null)!;
      const values = new Map<number, FormValue | null>();
      const errors: string[] = [];
      for (const field of definition.groups.flatMap((g) => g.fields)) {
        if (field.disabled) continue; // read-only: its saved value stays
        const checked = checkFormValue(field, rawValue(form, field));
        if ('error' in checked) {
          errors.push(checked.error);
          continue;
        }
        if (field.type === 'upload' && checked.value !== null && references(db, user).echoparkPicture(checked.value, row.id) === null) {
          errors.push(`Le champ « ${field.label} » doit désigner une photo de la demande.`);
          continue;
        }
        values.set(field.id, checked.value);
      }
      if (errors.length > 0) throw badRequest(errors.join(' '));
      const now = new Date().toISOString();
      tx(db, () => {
        const save = db.prepare(`INSERT OR REPLACE INTO echopark_form_answers (request_id, step_id, field_id, value) VALUES (?, ?, ?, ?)`);
        const clear = db.prepare(`DELETE FROM echopark_form_answers WHERE request_id = ? AND step_id = ? AND field_id = ?`);
        for (const [fieldId, value] of values) {
          if (value === null) clear.run(row.id, row.step_id, fieldId);
          else save.run(row.id, row.step_id, fieldId, JSON.stringify(value));
        }
        addHistory(db, {
          requestId: row.id,
          type: ECHOPARK_MESSAGE_TYPES.form,
          stepId: row.step_id,
          groupId: row.current_group_id,
          authorId: user.id,
          message: `Formulaire « ${definition.label} » soumis.`,
          at: now,
        });
        touchRequest(db, row.id, now);
      });
      return { data: { id: row.id, message: ECHOPARK_TEXTS.formSubmitted } };
    },
  );
}
