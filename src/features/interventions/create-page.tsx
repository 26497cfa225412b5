/**
 * /requests-create, the 6-step creation tunnel (spec part 1 §2, §5): place,
 * buildings, business area, information and photos, summary, success. formik
 * holds the values and each step's yup schema (forms.ts) says what it lacks
 * when 'Suivant' is pressed, beside the step's field, which takes the focus.
 * The creation and its photos are commands: offline, the request shows in the
 * list at once, marked, and gets its number when the server answers. Online,
 * a refusal is shown on the summary as the server words it, and nothing the
 * user entered is lost.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useFormik } from 'formik';
import { refusalOf } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { failureText, handleError } from '../../services/errors';
import { Alert, Button, TextArea } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { focusField } from './form-focus';
import { emptyTunnel, toCreation, TUNNEL_FIELDS, tunnelStepSchema, withPlace, type TunnelField, type TunnelValues } from './forms';
import { PlaceStep, Recap, SuccessStep } from './tunnel-steps';
import { TreePicker } from '../../ui/tree-picker';
import { useBuildingTree, useBusinessAreaTree, useRealEstates } from './use-reference';
import { interventionTexts as t } from './texts';
import './interventions.css';

const STEPS = t.steps.length;
const [PLACE, BUILDINGS, AREA, INFO, RECAP, SUCCESS] = [0, 1, 2, 3, 4, 5] as const;
const STEP_SCHEMAS = t.steps.map((_, i) => tunnelStepSchema(i));
const FIELD_IDS: Record<TunnelField, string> = {
  place: 'tunnel-place',
  buildings: 'tunnel-buildings',
  businessArea: 'tunnel-area',
  information: 'tunnel-information',
};

export function InterventionCreatePage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<number>(PLACE);
  const [query, setQuery] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [offline, setOffline] = useState(false);
  const form = useFormik<TunnelValues>({ initialValues: emptyTunnel, validationSchema: STEP_SCHEMAS[step], onSubmit: () => undefined });
  const v = form.values;
  const places = useRealEstates();
  const buildingTree = useBuildingTree(v.place?.id ?? null);
  const areaTree = useBusinessAreaTree();

  /** A step's error shows once 'Suivant' was pressed on it, and follows the value from then on. */
  const errorOf = (field: TunnelField) => (form.touched[field] ? (form.errors[field] as string | undefined) : undefined);
  const set = <F extends keyof TunnelValues>(field: F, value: TunnelValues[F]) => void form.setFieldValue(field, value);

  const back = () => (step === PLACE ? void navigate({ to: '/requests' }) : setStep(step - 1));
  const next = async () => {
    const field = TUNNEL_FIELDS[step];
    if (field) {
      await form.setFieldTouched(field, true, false);
      const errors = await form.validateForm();
      if (errors[field]) return focusField(FIELD_IDS[field]);
    }
    setStep(step + 1);
  };

  const submit = async () => {
    if (!v.place || v.businessArea === null) return;
    form.setSubmitting(true);
    form.setStatus(null);
    const { body, preview } = toCreation(v, areaTree.find((a) => a.id === v.businessArea)?.name ?? '');
    const engine = await getEngine();
    let ids: string[];
    try {
      ids = await engine.interventions.create({ body, preview, photos: images.map(toStoredFile) });
    } catch (error) {
      handleError(error);
      return form.setSubmitting(false);
    }
    const done = await engine.outcome(ids, navigator.onLine ? 8000 : 0, { withdraw: true });
    if (done.outcome === 'rejected') {
      // Refused as sent: the user stays here with everything they typed, and reads why (spec §8).
      form.setStatus(failureText(refusalOf(done.command)));
      return form.setSubmitting(false);
    }
    setOffline(done.outcome === 'pending');
    form.setSubmitting(false);
    setStep(SUCCESS);
  };

  const status = typeof form.status === 'string' ? form.status : null;
  return (
    <div className="page page--narrow tunnel">
      <div className="tunnel__head">
        {step < SUCCESS ? (
          <button type="button" className="icon-button" aria-label={step === PLACE ? t.quit : t.previous} onClick={back}>
            <Icon name="back" />
          </button>
        ) : null}
        <p className="tunnel__step">
          {t.stepOf(step + 1, STEPS)} · <strong>{t.steps[step]}</strong>
        </p>
      </div>
      <progress className="tunnel__progress" max={STEPS} value={step + 1} aria-label={t.stepOf(step + 1, STEPS)} />

      {step === PLACE ? (
        <PlaceStep
          id={FIELD_IDS.place}
          places={places}
          selected={v.place?.id ?? null}
          query={query}
          onQuery={setQuery}
          onPick={(p) => void form.setValues(withPlace(v, p))}
          error={errorOf('place')}
        />
      ) : null}
      {step === BUILDINGS ? (
        <TreePicker
          id={FIELD_IDS.buildings}
          nodes={buildingTree}
          selected={v.buildings}
          multiple
          label={t.buildings}
          error={errorOf('buildings')}
          onToggle={({ id }) => set('buildings', v.buildings.includes(id) ? v.buildings.filter((x) => x !== id) : [...v.buildings, id])}
        />
      ) : null}
      {step === AREA ? (
        <TreePicker
          id={FIELD_IDS.businessArea}
          nodes={areaTree}
          selected={v.businessArea === null ? [] : [v.businessArea]}
          multiple={false}
          label={t.businessAreas}
          error={errorOf('businessArea')}
          onToggle={({ id }) => set('businessArea', id)}
        />
      ) : null}
      {step === INFO ? (
        <div className="stack">
          <TextArea
            id={FIELD_IDS.information}
            label={t.informationLabel}
            name="information"
            rows={5}
            value={v.information}
            onChange={form.handleChange}
            error={errorOf('information')}
          />
          <ImagePicker images={images} onChange={setImages} />
        </div>
      ) : null}
      {step === RECAP ? <Recap values={v} images={images} buildingTree={buildingTree} areaTree={areaTree} /> : null}
      {step === SUCCESS ? <SuccessStep offline={offline} onDone={() => void navigate({ to: '/requests' })} /> : null}

      {status && step === RECAP ? <Alert tone="error">{status}</Alert> : null}
      {step < RECAP ? (
        <Button block onClick={() => void next()}>
          {t.next}
        </Button>
      ) : null}
      {step === RECAP ? (
        <Button block onClick={() => void submit()} disabled={form.isSubmitting}>
          {form.isSubmitting ? t.sending : t.submit}
        </Button>
      ) : null}
    </div>
  );
}
