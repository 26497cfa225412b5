/**
 * The progress form of the request's current step (spec part 2 §3.1, §5):
 * the 12 field types (checkbox, combo, list multi-select, upload, date,
 * timestamp, time, integer, number, textarea, text, email), config.obligatoire
 * required, disabled fields read-only. formik holds the values; the yup
 * schema runs the contract's checkFormValue (the server's own rule), so the
 * form is valid before it is submitted. Sent as an operation, offline too.
 * An upload field names a photo of the request, or a new one taken there
 * (camera or files, reduced by the shared picker before the 5 MB check): the
 * new photo is queued with the form, uploaded first, and the field then names
 * it by its server id, so a required photo can be given with no network.
 */
import { useRef, useState } from 'react';
import { Formik, Form, useField } from 'formik';
import { isNewPhotoRef, newPhotoRef, type EchoparkForm, type EchoparkFormField } from '../../../sync/index';
import { formFieldName, formPayload, initialFormValues, progressFormSchema, type FormValues } from '../../domain/echopark';
import { runOperation } from '../../services/commands';
import { showToast } from '../../services/toasts';
import { Button } from '../../ui/controls';
import { DateInput } from '../../ui/date-input';
import type { DateEntryKind } from '../../domain/date-entry';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { t } from './texts';

const INPUT_TYPES: Partial<Record<EchoparkFormField['type'], string>> = {
  email: 'email',
  text: 'text',
};
/** Dates and times are typed dd/MM/yyyy and 24 h whatever the device's language (ui/date-input). */
const DATE_KINDS: Partial<Record<EchoparkFormField['type'], DateEntryKind>> = { date: 'date', timestamp: 'datetime', time: 'time' };

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

/** New photos picked in the form's upload fields, by the reference the field holds (newPhotoRef). */
type NewPhotos = Record<string, PickedImage>;

function FieldInput({
  field,
  pictures,
  newPhotos,
  onNewPhoto,
}: {
  field: EchoparkFormField;
  pictures: { id: number }[];
  newPhotos: NewPhotos;
  onNewPhoto: (ref: string, image: PickedImage) => void;
}) {
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
  if (field.type === 'upload') {
    const options = pictures.map((p, i) => ({ value: String(p.id), label: t.photoOption(i + 1) }));
    // A new photo: picked here (its name known), or queued with a form sent earlier and not confirmed yet.
    const fresh = isNewPhotoRef(value) ? newPhotos[value] : undefined;
    if (isNewPhotoRef(value)) options.push({ value, label: fresh ? t.newPhotoOption(fresh.file.name) : t.pendingPhotoOption });
    control = (
      <>
        <select {...common}>
          <option value="">{t.noPhotoOption}</option>
          {options.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {field.disabled ? null : (
          <ImagePicker
            images={fresh ? [fresh] : []}
            label={t.takeFieldPhoto}
            wrongTypeText={t.pictureNeeded}
            onChange={(next) => {
              // One photo per field: the last one picked (the picker allows several at once).
              const image = next.filter((i) => i !== fresh).pop();
              if (image) {
                const ref = newPhotoRef(image.id);
                onNewPhoto(ref, image);
                void helpers.setValue(ref);
              } else if (next.length === 0) void helpers.setValue('');
            }}
          />
        )}
      </>
    );
  } else if (field.type === 'combo') {
    control = (
      <select {...common}>
        <option value="">{t.choose}</option>
        {field.choices.map((c) => (
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
  } else if (DATE_KINDS[field.type]) {
    control = <DateInput kind={DATE_KINDS[field.type]!} {...common} onChange={(v) => void helpers.setValue(v)} />;
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
  const [newPhotos, setNewPhotos] = useState<NewPhotos>({});
  const onNewPhoto = (ref: string, image: PickedImage) => setNewPhotos((photos) => ({ ...photos, [ref]: image }));
  // Photos already queued with a form: the field keeps showing them (name, thumbnail) until the server has
  // them, and a second submit names them by reference without queuing them again.
  const queued = useRef(new Set<string>());
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
            const payload = formPayload(form, values, requestId, step);
            // The new photos the fields name go with the form (uploaded first); a photo picked then replaced stays behind.
            const named = new Set(Object.values(values));
            const photos = Object.entries(newPhotos)
              .filter(([ref]) => named.has(ref) && !queued.current.has(ref))
              .map(([ref, image]) => ({ ref, photo: toStoredFile(image) }));
            for (const p of photos) queued.current.add(p.ref);
            const done = await runOperation((e) => e.echopark.submitForm({ requestId, payload, photos }), { success: t.formSubmitted });
            // Nothing could be queued (no local store): the photos go with the next submit.
            if (!done) for (const p of photos) queued.current.delete(p.ref);
          }}
        >
          {({ submitForm, validateForm, setTouched, values }) => (
            <Form noValidate>
              {form.groups.map((g) => (
                <fieldset key={g.id}>
                  <legend>{g.label}</legend>
                  {g.fields.map((f) => (
                    <FieldInput key={f.id} field={f} pictures={pictures} newPhotos={newPhotos} onNewPhoto={onNewPhoto} />
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
