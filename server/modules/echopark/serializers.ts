/**
 * Row → answer mappers of echopark: list items, the full intervention of spec
 * part 2 §3.1 (next steps, recipients, history, photos as base64, progress form
 * with its saved values, debriefings) and the next-step rule the step route checks.
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import type {
  EchoparkDetail,
  EchoparkForm,
  EchoparkFormField,
  EchoparkListItem,
  EchoparkMessage,
  FormFieldType,
  FormValue,
} from '../../../sync/contract/echopark';

const LIST_SELECT = /* sql */ `
  SELECT r.id, r.number, r.community_id, r.created_at, r.modified_at, r.urgency_name, r.message, r.initial_group_id,
         d.name AS domain_name, pd.name AS parent_domain_name, t.id AS type_id, t.name AS type_name,
         s.id AS step_id, s.name AS step_name, s.type_name AS step_type, s.is_closing, s.can_message, s.debriefing_available, s.form_id,
         p.id AS property_id, p.name AS property_name, p.city AS property_city, ps.name AS site_name,
         u.firstname, u.lastname, c.name AS company_name
  FROM echopark_requests r
  JOIN echopark_domain_tree dt ON dt.id = r.domain_tree_id
  JOIN echopark_domains d ON d.id = dt.domain_id
  LEFT JOIN echopark_domain_tree pdt ON pdt.id = dt.parent_id
  LEFT JOIN echopark_domains pd ON pd.id = pdt.domain_id
  JOIN echopark_request_types t ON t.id = r.request_type_id
  JOIN echopark_steps s ON s.id = r.step_id
  JOIN echopark_properties p ON p.id = r.property_id
  LEFT JOIN echopark_properties ps ON ps.id = p.parent_id AND p.level = 3
  JOIN users u ON u.id = r.requested_by
  LEFT JOIN companies c ON c.id = u.company_id`;

interface ListRow {
  id: number;
  number: string;
  community_id: number;
  created_at: string;
  modified_at: string;
  urgency_name: string;
  message: string;
  initial_group_id: number;
  domain_name: string;
  parent_domain_name: string | null;
  type_id: number;
  type_name: string;
  step_id: number;
  step_name: string;
  step_type: string;
  is_closing: number;
  can_message: number;
  debriefing_available: number;
  form_id: number | null;
  property_id: number;
  property_name: string;
  property_city: string | null;
  site_name: string | null;
  firstname: string;
  lastname: string;
  company_name: string | null;
}

function listItem(r: ListRow): EchoparkListItem {
  return {
    id: r.id,
    number: r.number,
    communityId: r.community_id,
    createdAt: r.created_at,
    modifiedAt: r.modified_at,
    domain: { name: r.domain_name, parentName: r.parent_domain_name, requestTypeName: r.type_name, requestTypeId: r.type_id },
    step: { id: r.step_id, name: r.step_name, typeName: r.step_type },
    realEstate: {
      id: r.property_id,
      name: r.property_name,
      label: r.site_name ? `${r.site_name} – ${r.property_name}` : r.property_name,
      city: r.property_city,
    },
    urgencyName: r.urgency_name,
    requestedBy: { firstName: r.firstname, lastName: r.lastname, companyName: r.company_name },
    closed: r.is_closing ? 1 : 0,
  };
}

/** The requests of a community, newest first, and their total. */
export function listItems(db: Db, communityId: number, limit: number, offset: number): { items: EchoparkListItem[]; total: number } {
  const rows = db
    .prepare(`${LIST_SELECT} WHERE r.community_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
    .all(communityId, limit, offset) as ListRow[];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM echopark_requests WHERE community_id = ?`).get(communityId) as { total: number };
  return { items: rows.map(listItem), total };
}

export interface NextStep {
  stepId: number;
  stepName: string;
  groupId: number | null;
  groupName: string | null;
  roleId: number | null;
}

/** The (step, group) pairs a request may be sent to: a transition's role and that role's groups in the community. */
export function nextSteps(db: Db, fromStepId: number, communityId: number): NextStep[] {
  return db
    .prepare(
      `SELECT s.id AS stepId, s.name AS stepName, g.id AS groupId, g.name AS groupName, tr.role_id AS roleId
       FROM echopark_step_transitions tr
       JOIN echopark_steps s ON s.id = tr.to_step_id
       LEFT JOIN echopark_groups g ON g.role_id = tr.role_id AND g.community_id = ?
       WHERE tr.from_step_id = ? AND (tr.role_id IS NULL OR g.id IS NOT NULL)
       ORDER BY s.position, g.name`,
    )
    .all(communityId, fromStepId) as NextStep[];
}

export function recipients(db: Db, communityId: number): EchoparkDetail['recipients'] {
  const rows = db
    .prepare(
      `SELECT ro.id AS role_id, ro.name AS role_name, g.id, g.name FROM echopark_groups g JOIN echopark_roles ro ON ro.id = g.role_id
       WHERE g.community_id = ? ORDER BY ro.id, g.name`,
    )
    .all(communityId) as { role_id: number; role_name: string; id: number; name: string }[];
  const byRole = new Map<number, EchoparkDetail['recipients'][number]>();
  for (const r of rows) {
    const entry = byRole.get(r.role_id) ?? { roleId: r.role_id, roleName: r.role_name, groups: [] };
    entry.groups.push({ value: r.id, label: r.name });
    byRole.set(r.role_id, entry);
  }
  return [...byRole.values()];
}

function messages(db: Db, requestId: number): EchoparkMessage[] {
  const rows = db
    .prepare(
      `SELECT m.id, m.message_type, m.step_id, s.name AS step_name, m.role_id, ro.name AS role_name, m.group_id, g.name AS group_name,
              m.author_id, u.firstname, u.lastname, m.message, m.created_at
       FROM echopark_messages m
       LEFT JOIN echopark_steps s ON s.id = m.step_id
       LEFT JOIN echopark_roles ro ON ro.id = m.role_id
       LEFT JOIN echopark_groups g ON g.id = m.group_id
       LEFT JOIN users u ON u.id = m.author_id
       WHERE m.request_id = ? ORDER BY m.created_at DESC, m.id DESC`,
    )
    .all(requestId) as {
    id: number;
    message_type: number;
    step_id: number | null;
    step_name: string | null;
    role_id: number | null;
    role_name: string | null;
    group_id: number | null;
    group_name: string | null;
    author_id: number | null;
    firstname: string | null;
    lastname: string | null;
    message: string;
    created_at: string;
  }[];
  return rows.map((m) => ({
    id: m.id,
    messageType: m.message_type,
    step: { stepId: m.step_id, stepName: m.step_name },
    role: { roleId: m.role_id, roleName: m.role_name },
    group: { groupId: m.group_id, groupName: m.group_name },
    author: m.author_id !== null ? { firstName: m.firstname ?? '', lastName: m.lastname ?? '' } : null,
    createdAt: m.created_at,
    message: m.message,
  }));
}

/**
 * Base64 carried inline by one detail, all photos together. The spec inlines
 * every photo; past this budget a photo comes with `b64: ''` and its mediaId,
 * and the client loads it from GET api/media/{mediaId} (issue 21: forty 1 MB
 * photos made a 53 MB detail, 85 large ones a 500 for the whole community).
 */
export const DETAIL_INLINE_BUDGET = 2_000_000;

function pictures(ctx: AppContext, requestId: number): EchoparkDetail['pictures'] {
  const rows = ctx.db
    .prepare(`SELECT p.id, p.media_id, m.md5, m.type, m.size FROM echopark_pictures p JOIN media m ON m.id = p.media_id WHERE p.request_id = ? ORDER BY p.id`)
    .all(requestId) as { id: number; media_id: number; md5: string; type: string; size: number }[];
  let budget = DETAIL_INLINE_BUDGET;
  return rows.flatMap((p) => {
    const inlineSize = Math.ceil(p.size / 3) * 4;
    // Past the budget the file is not even read: the detail stays cheap however many photos there are.
    if (inlineSize > budget) return [{ id: p.id, mediaId: p.media_id, b64: '', mime: p.type }];
    const data = ctx.files.get(p.md5);
    if (!data) return [];
    budget -= inlineSize;
    return [{ id: p.id, mediaId: p.media_id, b64: data.toString('base64'), mime: p.type }];
  });
}

interface FieldRow {
  group_id: number;
  group_label: string;
  form_fieldset_id: number;
  fieldset_field_id: number | null;
  id: number | null;
  label: string | null;
  key: string | null;
  type: FormFieldType | null;
  choices: string | null;
  obligatoire: number | null;
  placeholder: string | null;
  disabled: number | null;
}

/** A progress form with its groups and fields, and the values saved for one request and step. */
export function loadForm(db: Db, formId: number, requestId: number | null, stepId: number | null): EchoparkForm | null {
  const form = db.prepare(`SELECT id, label FROM echopark_forms WHERE id = ?`).get(formId) as { id: number; label: string } | undefined;
  if (!form) return null;
  const rows = db
    .prepare(
      `SELECT fs.id AS group_id, fs.label AS group_label, ffs.id AS form_fieldset_id, fsf.id AS fieldset_field_id,
              f.id, f.label, f.key, f.type, f.choices, f.obligatoire, f.placeholder, fsf.disabled
       FROM echopark_form_fieldsets ffs
       JOIN echopark_fieldsets fs ON fs.id = ffs.fieldset_id
       LEFT JOIN echopark_fieldset_fields fsf ON fsf.fieldset_id = fs.id
       LEFT JOIN echopark_fields f ON f.id = fsf.field_id
       WHERE ffs.form_id = ? ORDER BY ffs.position, fsf.position`,
    )
    .all(formId) as FieldRow[];
  const answers = new Map(
    (requestId !== null && stepId !== null
      ? (db.prepare(`SELECT field_id, value FROM echopark_form_answers WHERE request_id = ? AND step_id = ?`).all(requestId, stepId) as {
          field_id: number;
          value: string;
        }[])
      : []
    ).map((a) => [a.field_id, JSON.parse(a.value) as FormValue | null]),
  );
  const groups: EchoparkForm['groups'] = [];
  for (const r of rows) {
    let group = groups.find((g) => g.formFieldsetEntity === r.form_fieldset_id);
    if (!group) groups.push((group = { id: r.group_id, label: r.group_label, formFieldsetEntity: r.form_fieldset_id, fields: [] }));
    if (r.id === null || r.fieldset_field_id === null) continue;
    const field: EchoparkFormField = {
      id: r.id,
      label: r.label ?? '',
      key: r.key ?? '',
      type: r.type ?? 'text',
      choices: JSON.parse(r.choices ?? '[]') as EchoparkFormField['choices'],
      disabled: r.disabled === 1,
      config: { obligatoire: r.obligatoire === 1 ? 1 : 0, ...(r.placeholder ? { placeholder: r.placeholder } : {}) },
      fieldsetFieldEntity: r.fieldset_field_id,
      value: answers.get(r.id) ?? null,
    };
    group.fields.push(field);
  }
  return { id: form.id, label: form.label, groups };
}

/** The full echopark intervention, or null when the id is unknown. */
export function requestDetail(ctx: AppContext, id: number): EchoparkDetail | null {
  const { db } = ctx;
  const r = db.prepare(`${LIST_SELECT} WHERE r.id = ?`).get(id) as ListRow | undefined;
  if (!r) return null;
  const { realEstate, ...item } = listItem(r);
  const initial = db
    .prepare(
      `SELECT ro.name AS role_name, g.name AS group_name, c.name AS company_name FROM echopark_groups g
       JOIN echopark_roles ro ON ro.id = g.role_id LEFT JOIN companies c ON c.id = g.company_id WHERE g.id = ?`,
    )
    .get(r.initial_group_id) as { role_name: string; group_name: string; company_name: string | null };
  const debriefings = db
    .prepare(`SELECT id, step_id, begin_at, end_at, comment, done, created_at FROM echopark_debriefings WHERE request_id = ? ORDER BY created_at DESC, id DESC`)
    .all(id) as { id: number; step_id: number; begin_at: string; end_at: string; comment: string; done: number; created_at: string }[];
  return {
    ...item,
    realEstate: { id: realEstate.id, name: realEstate.name, label: realEstate.label },
    steps: nextSteps(db, r.step_id, r.community_id),
    recipientInitial: { roleName: initial.role_name, companyName: initial.company_name, groupName: initial.group_name },
    recipients: recipients(db, r.community_id),
    message: r.message,
    canMessage: r.can_message ? 1 : 0,
    messages: messages(db, id),
    pictures: pictures(ctx, id),
    form: r.form_id !== null ? loadForm(db, r.form_id, id, r.step_id) : null,
    debriefing_available: r.debriefing_available ? 1 : 0,
    debriefings: debriefings.map((d) => ({
      id: d.id,
      stepId: d.step_id,
      beginAt: d.begin_at,
      endAt: d.end_at,
      comment: d.comment,
      done: d.done === 1,
      createdAt: d.created_at,
    })),
  };
}
