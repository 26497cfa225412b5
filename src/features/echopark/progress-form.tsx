/**
 * The progress form of the request's current step (spec part 2 §3.1, §5):
 * the 12 field types (checkbox, combo, list multi-select, upload, date,
 * timestamp, time, integer, number, textarea, text, email), config.obligatoire
 * required, disabled fields read-only. formik holds the values; the yup
 * schema runs the contract's checkFormValue (the server's own rule), so the
 * form is valid before it is submitted. Sent as an operation, offline too.
 */
import { Formik, Form, useField } from 'formik';
import type { EchoparkForm, EchoparkFormField } from '../../../sync/index';
import { formFieldName, formPayload, initialFormValues, progressFormSchema, type FormValues } from '../../domain/echopark';
import { runOperation } from '../../services/commands';
import { showToast } from '../../services/toasts';
import { Button } from '../../ui/controls';
import { t } from './texts';

const INPUT_TYPES: Partial<Record<EchoparkFormField['type'], string>> = {
  date: 'date',
  timestamp: 'datetime-local',
  time: 'time',
  email: 'email',
  text: 'text',
};

function Label({ field, htmlFor }: { field: EchoparkFormField; htmlFor: string }) {
  const required = field.config.obligatoire === 1 && !field.disabled;
  return (
    <label htmlFor={htmlFor}>
      {field.label}
      {required ? (
        <>
          {' '}
          <span className="ep-required" aria-hidden="true">
            *
          </span>
          <span className="sr-only">{t.required}</span>
        </>
      ) : null}
    </label>
  );
}

function FieldInput({ field, pictures }: { field: EchoparkFormField; pictures: { id: number }[] }) {
  const name = formFieldName(field);
  const [input, meta, helpers] = useField<FormValues[string]>(name);
  const id = `ep-form-${field.id}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': field.config.obligatoire === 1 && !field.disabled ? true : undefined,
  } as const;
  const errorText = error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
  const placeholder = field.config.placeholder;
  if (field.type === 'checkbox') {
    return (
      <div className={`field${error ? ' field--error' : ''}`}>
        <span className="ep-check">
          <input
            id={id}
            type="checkbox"
            name={name}
            checked={input.value === true}
            disabled={field.disabled}
            onBlur={input.onBlur}
            onChange={(e) => void helpers.setValue(e.target.checked)}
            {...aria}
          />
          <Label field={field} htmlFor={id} />
        </span>
        {errorText}
      </div>
    );
  }
  if (field.type === 'list') {
    const chosen = Array.isArray(input.value) ? input.value : [];
    return (
      <fieldset className={`ep-multi${error ? ' field--error' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{field.label}</legend>
        {field.choices.map((c) => (
          <label key={c.value}>
            <input
              type="checkbox"
              disabled={field.disabled}
              checked={chosen.includes(c.value)}
              onChange={(e) => void helpers.setValue(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))}
            />
            {c.label}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  }
  const value = typeof input.value === 'string' ? input.value : '';
  const common = { id, name, value, disabled: field.disabled, onChange: input.onChange, onBlur: input.onBlur, ...aria };
  let control;
  if (field.type === 'combo' || field.type === 'upload') {
    const options = field.type === 'combo' ? field.choices : pictures.map((p, i) => ({ value: String(p.id), label: t.photoOption(i + 1) }));
    control = (
      <select {...common}>
        <option value="">{field.type === 'upload' ? t.noPhotoOption : t.choose}</option>
        {options.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea rows={3} placeholder={placeholder} {...common} />;
  } else if (field.type === 'integer' || field.type === 'number') {
    control = <input type="text" inputMode={field.type === 'integer' ? 'numeric' : 'decimal'} placeholder={placeholder} {...common} />;
  } else {
    control = <input type={INPUT_TYPES[field.type] ?? 'text'} placeholder={placeholder} {...common} />;
  }
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <Label field={field} htmlFor={id} />
      {control}
      {errorText}
    </div>
  );
}

export function ProgressForm({
  requestId,
  form,
  step,
  pictures,
}: {
  requestId: string;
  form: EchoparkForm | null | undefined;
  step: number;
  pictures: { id: number }[];
}) {
  return (
    <section className="panel ep-panel ep-panel--wide ep-form" aria-labelledby="ep-panel-form">
      <h2 id="ep-panel-form">{form ? form.label || t.formPanel : t.formPanel}</h2>
      {!form ? (
        <p className="muted">{t.noForm}</p>
      ) : (
        <Formik
          initialValues={initialFormValues(form)}
          validationSchema={progressFormSchema(form)}
          enableReinitialize
          onSubmit={async (values) => {
            await runOperation((e) => e.echopark.submitForm({ requestId, payload: formPayload(form, values, requestId, step) }), { success: t.formSubmitted });
          }}
        >
          {({ submitForm, validateForm, setTouched, values }) => (
            <Form noValidate>
              {form.groups.map((g) => (
                <fieldset key={g.id}>
                  <legend>{g.label}</legend>
                  {g.fields.map((f) => (
                    <FieldInput key={f.id} field={f} pictures={pictures} />
                  ))}
                </fieldset>
              ))}
              <Button
                onClick={async () => {
                  const errors = await validateForm(values);
                  if (Object.keys(errors).length > 0) {
                    await setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])), false);
                    return showToast({ title: t.errorTitle, text: t.completeRequired, tone: 'error' });
                  }
                  await submitForm();
                }}
              >
                {t.submitForm}
              </Button>
            </Form>
          )}
        </Formik>
      )}
    </section>
  );
}
