/**
 * The provider's debriefing (spec part 1 §4, §5): message, begin, end and
 * photos ('Merci de rajouter une image' for a file that is not one). formik
 * holds the values and the yup schema of forms.ts checks them on every save
 * button: the three fields are required (one message, written beside the
 * first missing field and named by the others), the end after the beginning
 * (said under 'Fin' as soon as both are set). The focus goes to the first
 * field to fix. Saved as a draft (0), finished (1) or to continue (2) through
 * the saveDebriefing operation, offline too.
 */
import { useRef, useState } from 'react';
import { useFormik } from 'formik';

import { runOperation } from '../../services/commands';
import { Button, TextArea } from '../../ui/controls';
import { DateField } from '../../ui/date-input';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { errorId, focusField } from './form-focus';
import {
  DEBRIEFING_FIELDS,
  debriefingDatesError,
  debriefingSchema,
  debriefingSuccess,
  emptyDebriefing,
  firstInvalid,
  placeErrors,
  toDebriefing,
  type DebriefingEndingValue,
  type DebriefingValues,
} from './forms';
import { interventionTexts as t } from './texts';

const IDS: Record<(typeof DEBRIEFING_FIELDS)[number], string> = { message: 'debriefing-message', begin: 'debriefing-begin', end: 'debriefing-end' };

export function DebriefingForm({ docId }: { docId: string }) {
  const [images, setImages] = useState<PickedImage[]>([]);
  // Which button was pressed: a ref, read by onSubmit in the same tick (a state would still hold the previous one).
  const ending = useRef<DebriefingEndingValue>(0);
  const form = useFormik<DebriefingValues>({
    initialValues: emptyDebriefing,
    validationSchema: debriefingSchema,
    onSubmit: async (values, helpers) => {
      const input = { ...toDebriefing(values, docId, ending.current), photos: images.map(toStoredFile) };
      if (!(await runOperation((e) => e.interventions.saveDebriefing(input), { success: debriefingSuccess(ending.current) }))) return;
      helpers.resetForm();
      setImages([]);
    },
  });
  const v = form.values;
  // Before a save is pressed only the order of the dates is said (live, under 'Fin'); after, every rule.
  const errors = form.submitCount > 0 ? form.errors : { end: debriefingDatesError(v) ?? undefined };
  const placed = placeErrors(DEBRIEFING_FIELDS, errors);
  /** Each field: its own message, or aria-describedby naming the one written beside an earlier field. */
  const field = (name: (typeof DEBRIEFING_FIELDS)[number]) => {
    const p = placed[name];
    if (!p) return { id: IDS[name], name, value: v[name], onChange: form.handleChange };
    if (p.at === name) return { id: IDS[name], name, value: v[name], onChange: form.handleChange, error: p.text };
    return { id: IDS[name], name, value: v[name], onChange: form.handleChange, 'aria-invalid': true, 'aria-describedby': errorId(IDS[p.at]) };
  };

  const save = async (next: DebriefingEndingValue) => {
    ending.current = next;
    const found = await form.validateForm();
    const first = firstInvalid(DEBRIEFING_FIELDS, found);
    // submitForm counts the attempt (the errors show) and sends only when the schema passes.
    await form.submitForm();
    if (first) focusField(IDS[first]);
  };

  return (
    <form className="panel stack" noValidate onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel__title">{t.newDebriefing}</h3>
      <TextArea label={t.debriefing} rows={4} {...field('message')} />
      <div className="grid-2">
        <DateField kind="datetime" label={t.start} {...field('begin')} onChange={(d) => void form.setFieldValue('begin', d)} />
        <DateField kind="datetime" label={t.end} min={v.begin || undefined} {...field('end')} onChange={(d) => void form.setFieldValue('end', d)} />
      </div>
      <ImagePicker images={images} onChange={setImages} wrongTypeText={t.pictureNeeded} />
      <div className="row-card__actions">
        <Button variant="ghost" disabled={form.isSubmitting} onClick={() => void save(0)}>
          {t.saveDraft}
        </Button>
        <Button variant="secondary" disabled={form.isSubmitting} onClick={() => void save(2)}>
          {t.toContinue}
        </Button>
        <Button disabled={form.isSubmitting} onClick={() => void save(1)}>
          {t.finish}
        </Button>
      </div>
    </form>
  );
}
