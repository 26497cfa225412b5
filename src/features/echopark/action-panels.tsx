/**
 * The write-side panels of an echopark request (spec part 2 §4.1, §5): the
 * step change (step, then its group; 'Veuillez compléter les champs
 * obligatoires.' when none), a new message (role, then its groups, then the
 * text; only when canMessage is 1) and the debriefing (begin and end as
 * DD-MM-YYYY HH:mm, pushed as unix seconds). formik + yup; each action is an
 * operation of sync/ that works offline and says 'Succès' once sent.
 */
import { Formik, Form, useField, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { formatDebriefDate, groupChoices, parseDebriefDate, stepChoices } from '../../domain/echopark';
import { runOperation } from '../../services/commands';
import { showToast } from '../../services/toasts';
import { Button, SelectField, TextArea, TextField } from '../../ui/controls';
import { t } from './texts';
import type { RequestDoc } from './use-echopark';

type Data = RequestDoc['data'];
const flashError = (text: string) => showToast({ title: t.errorTitle, text, tone: 'error' });

/** A select bound to the formik field `name` (ui/controls' field: label, error and their ids); `onPick` resets what depends on it. */
function Select({ name, label, options, onPick }: { name: string; label: string; options: { id: number; name: string }[]; onPick?: () => void }) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <SelectField
      id={`ep-${name}`}
      label={label}
      error={meta.touched && meta.error ? meta.error : undefined}
      placeholder={t.choose}
      options={options.map((o) => ({ value: String(o.id), label: o.name }))}
      {...field}
      onChange={(e) => {
        void helpers.setValue(e.target.value);
        onPick?.();
      }}
    />
  );
}

/** A text input or area bound to the formik field `name`. */
function Text({ name, label, area, placeholder }: { name: string; label: string; area?: boolean; placeholder?: string }) {
  const [field, meta] = useField<string>(name);
  const props = { id: `ep-${name}`, label, placeholder, error: meta.touched && meta.error ? meta.error : undefined, ...field };
  return area ? <TextArea rows={3} {...props} /> : <TextField type="text" {...props} />;
}

interface StepValues {
  step: string;
  groupe: string;
  message: string;
}
const stepSchema = yup.object({ step: yup.string().required(t.fieldRequired), groupe: yup.string(), message: yup.string() });

export function StepPanel({ requestId, r }: { requestId: string; r: Data }) {
  const steps = r.steps ?? [];
  const submit = async (v: StepValues, helpers: FormikHelpers<StepValues>) => {
    const stepId = Number(v.step);
    const groups = groupChoices(steps, stepId);
    const group = groups.find((g) => String(g.id) === v.groupe) ?? null;
    if (groups.length > 0 && !group) return flashError(t.completeRequired);
    const stepName = steps.find((s) => s.stepId === stepId)?.stepName ?? '';
    helpers.resetForm();
    const input = { requestId, step: stepId, groupe: group?.id ?? null, message: (v.message ?? '').trim(), stepName, groupName: group?.name ?? null };
    await runOperation((e) => e.echopark.moveStep(input), { success: t.stepDone });
  };
  return (
    <section className="panel ep-panel" aria-labelledby="ep-panel-step">
      <h2 id="ep-panel-step">{t.stepPanel}</h2>
      {steps.length === 0 ? <p className="muted">{t.noNextStep}</p> : null}
      <Formik initialValues={{ step: '', groupe: '', message: '' }} validationSchema={stepSchema} onSubmit={submit}>
        {({ values, setFieldValue, submitForm, validateForm }) => (
          <Form noValidate>
            <Select name="step" label={t.chooseStep} options={stepChoices(steps)} onPick={() => void setFieldValue('groupe', '')} />
            {groupChoices(steps, Number(values.step) || null).length > 0 ? (
              <Select name="groupe" label={t.chooseGroup} options={groupChoices(steps, Number(values.step))} />
            ) : null}
            <Text name="message" label={t.stepComment} area />
            <Button
              onClick={async () => {
                if (Object.keys(await validateForm()).length > 0) flashError(t.completeRequired);
                await submitForm();
              }}
            >
              {t.moveStep}
            </Button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

const messageSchema = yup.object({
  role: yup.string().required(t.fieldRequired),
  group: yup.string().required(t.fieldRequired),
  text: yup.string().trim().required(t.fieldRequired),
});

export function MessagePanel({ requestId, r }: { requestId: string; r: Data }) {
  const recipients = r.recipients ?? [];
  return (
    <section className="panel ep-panel" aria-labelledby="ep-panel-message">
      <h2 id="ep-panel-message">{t.messagePanel}</h2>
      {r.canMessage !== 1 ? (
        <p className="muted">{t.cannotMessage}</p>
      ) : (
        <Formik
          initialValues={{ role: '', group: '', text: '' }}
          validationSchema={messageSchema}
          onSubmit={async (v, helpers) => {
            const role = recipients.find((x) => String(x.roleId) === v.role)!;
            const group = role.groups.find((g) => String(g.value) === v.group)!;
            helpers.resetForm();
            const input = {
              requestId,
              recipientRoleId: role.roleId,
              recipientGroupId: group.value,
              message: v.text.trim(),
              roleName: role.roleName,
              groupName: group.label,
            };
            await runOperation((e) => e.echopark.sendMessage(input), { success: t.messageSaved });
          }}
        >
          {({ values, setFieldValue }) => (
            <Form noValidate>
              <Select
                name="role"
                label={t.role}
                options={recipients.map((x) => ({ id: x.roleId, name: x.roleName }))}
                onPick={() => void setFieldValue('group', '')}
              />
              {values.role ? (
                <Select
                  name="group"
                  label={t.chooseGroup}
                  options={(recipients.find((x) => String(x.roleId) === values.role)?.groups ?? []).map((g) => ({ id: g.value, name: g.label }))}
                />
              ) : null}
              <Text name="text" label={t.messageText} area />
              <Button type="submit">{t.sendMessage}</Button>
            </Form>
          )}
        </Formik>
      )}
    </section>
  );
}

const dateRule = yup.string().test('format', t.debriefDateFormat, (v) => !v || parseDebriefDate(v) !== null);
const debriefSchema = yup.object({
  begin: dateRule,
  end: dateRule.test('order', t.debriefOrder, function order(v) {
    const a = parseDebriefDate(this.parent.begin ?? '');
    const b = parseDebriefDate(v ?? '');
    return a === null || b === null || b >= a;
  }),
  comment: yup.string(),
  done: yup.boolean(),
});

export function DebriefPanel({ requestId, r }: { requestId: string; r: Data }) {
  const debriefings = (r.debriefings ?? []) as { id: number; beginAt: string; endAt: string; comment: string; done: boolean; pending?: boolean }[];
  return (
    <section className="panel ep-panel ep-panel--wide" aria-labelledby="ep-panel-debrief">
      <h2 id="ep-panel-debrief">{t.debriefPanel}</h2>
      {debriefings.length > 0 ? (
        <ul className="ep-debriefs">
          {debriefings.map((d) => (
            <li key={d.id}>
              <p className="small muted">
                {t.debriefFrom(formatDebriefDate(new Date(d.beginAt)), formatDebriefDate(new Date(d.endAt)))}
                {d.done ? ` · ${t.debriefDoneTag}` : ''}
                {d.pending ? ` · ${t.waitingToSend}` : ''}
              </p>
              {d.comment ? <p className="pre">{d.comment}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Formik
        initialValues={{ begin: '', end: '', comment: '', done: false }}
        validationSchema={debriefSchema}
        onSubmit={async (v, helpers) => {
          const begin = parseDebriefDate(v.begin ?? '');
          const end = parseDebriefDate(v.end ?? '');
          if (begin === null || end === null) return flashError(t.debriefDates);
          const comment = (v.comment ?? '').trim();
          helpers.resetForm();
          const payload = { requestId, etape: r.step?.id ?? null, begin_at: begin, end_at: end, comment, done: !!v.done };
          const summary = t.debriefSummary(comment, v.begin!.trim(), v.end!.trim());
          await runOperation((e) => e.echopark.sendDebrief({ requestId, payload, summary }), { success: t.debriefSent });
        }}
      >
        {({ values, setFieldValue }) => (
          <Form noValidate>
            <div className="grid-2">
              <Text name="begin" label={t.debriefBegin} placeholder={formatDebriefDate(new Date())} />
              <Text name="end" label={t.debriefEnd} placeholder={formatDebriefDate(new Date())} />
            </div>
            <Text name="comment" label={t.debriefComment} area />
            <label className="ep-check">
              <input type="checkbox" checked={!!values.done} onChange={(e) => void setFieldValue('done', e.target.checked)} />
              {t.debriefDone}
            </label>
            <Button type="submit">{t.sendDebrief}</Button>
          </Form>
        )}
      </Formik>
    </section>
  );
}
