/**
 * /requests-os-create, the 8-step OS tunnel (spec part 1 §2, §5): provider
 * (a pick advances), place (search by name, address, postal code or city),
 * buildings, business area, type (a pick advances), information + price +
 * image files, recap, success. 'Enregistrer le brouillon' as soon as a place
 * is chosen posts what is filled in (a draft in 'start' until it is
 * complete). `?id=` resumes an OS in an editable place (a draft included) and
 * saves with PUT; `?draft=<key>` resumes a draft an earlier version kept on
 * the device only (drafts kit), posted when saved. Everything is a command:
 * the tunnel works offline and nothing typed is lost.
 */
import { useEffect, useRef, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useFormik } from 'formik';
import { refusalOf, type OsPlace } from '../../../sync/index';
import { matchesPlace } from '../../domain/trees';
import { getEngine } from '../../services/engine';
import { runOperation } from '../../services/commands';
import { useOpenEngine, useWatch } from '../../services/store-hooks';
import { failureText } from '../../services/errors';
import { Alert, Button } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { toStoredFile, type PickedImage } from '../../ui/image-picker';
import { emptyForm, fromOs, osInformationSchema, toPayload, toPreview, type OsFormValues } from './os-form';
import { InformationStep, Recap, RadioChoices, SuccessStep } from './tunnel-steps';
import { TreePicker } from '../../ui/tree-picker';
import { useOsReference } from './use-os-reference';
import { osTexts as t } from './texts';
import './os.css';

const route = getRouteApi('/requests-os-create');

const STEPS = t.steps.length;
const [PROVIDER, PLACE, BUILDINGS, AREA, TYPE, INFO, RECAP, SUCCESS] = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export function OsCreatePage() {
  const navigate = useNavigate();
  const search = route.useSearch();
  const editId = search.id ?? null;
  const engine = useOpenEngine();
  const [step, setStep] = useState(0);
  const [query, setQuery] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [offline, setOffline] = useState(false);
  const form = useFormik<OsFormValues>({ initialValues: emptyForm, validationSchema: osInformationSchema, validateOnChange: false, onSubmit: () => undefined });
  const v = form.values;
  const ref = useOsReference(v.realEstate?.id ?? null);
  const existingDoc = useWatch((e) => e.os.watchDetail(editId ?? ''), [editId], null);
  const existing = { value: editId ? (existingDoc.value?.data ?? null) : null };
  const loaded = useRef(false);

  // Resume: an OS of the store (editable place) or the draft kept on the device, once.
  useEffect(() => {
    if (loaded.current) return;
    if (editId && existing.value) {
      loaded.current = true;
      void form.setValues(fromOs(existing.value));
    } else if (!editId && search.draft && engine) {
      loaded.current = true;
      void engine.os.readDraft(search.draft).then((draft) => {
        if (draft) void form.setValues({ ...emptyForm, ...(draft.value as Partial<OsFormValues>) });
      });
    }
  }, [editId, existing.value, search.draft, engine, form]);
  // An error is about what was there when 'Suivant' was pressed: any change clears it.
  useEffect(() => setError(null), [v.provider, v.realEstate, v.buildings, v.businessArea, v.type]);

  const set = (field: keyof OsFormValues, value: unknown) => void form.setFieldValue(field, value, false);
  const back = () => (step === PROVIDER ? void navigate({ to: '/requests-os' }) : setStep(step - 1));
  const next = async () => {
    const problem = [
      v.provider ? null : t.pickProvider,
      v.realEstate ? null : t.fillAllFields,
      v.buildings.length ? null : t.pickBuilding,
      v.businessArea ? null : t.pickArea,
      v.type ? null : t.pickType,
    ][step];
    if (problem) return setError(problem);
    if (step === INFO) {
      const errors = await form.validateForm();
      await form.setTouched({ information: true, price: true }, false);
      if (Object.keys(errors).length > 0) return;
    }
    setStep(step + 1);
  };

  const input = () => ({ body: toPayload(v), preview: toPreview(v), files: images.map(toStoredFile) });

  // Spec part 1 §2: saving a draft (a property chosen) posts what is filled in — or modifies the OS
  // being edited — through the outbox, so it works offline; one OS per draft, resumed from the list.
  const saveDraft = async () => {
    setSending(true);
    const done =
      editId && existing.value
        ? await runOperation((e) => e.os.save({ ...input(), osId: editId, place: existing.value!.place as OsPlace, submit: false }), {
            success: t.keyMessageWorkValidationSave,
          })
        : await runOperation((e) => e.os.create({ ...input(), submit: false }), { success: t.keyMessageWorkValidationSave });
    setSending(false);
    // A draft of an earlier version, kept on the device only, is now an OS of its own.
    if (done && search.draft) await (await getEngine()).os.dropDraft(search.draft);
    if (done) void navigate({ to: '/requests-os' });
  };

  const submit = async () => {
    setSending(true);
    setError(null);
    const engine = await getEngine();
    let ids: string[];
    try {
      ids =
        editId && existing.value
          ? await engine.os.save({ ...input(), osId: editId, place: existing.value.place as OsPlace, submit: true })
          : await engine.os.create({ ...input(), submit: true });
    } catch (failure) {
      setError(failureText(failure));
      return setSending(false);
    }
    const done = await engine.outcome(ids, navigator.onLine ? 8000 : 0, { withdraw: true });
    if (done.outcome === 'rejected') {
      // Refused as sent: the user stays on the recap with everything typed, and reads why.
      setError(failureText(refusalOf(done.command)));
      return setSending(false);
    }
    if (search.draft) await engine.os.dropDraft(search.draft);
    setOffline(done.outcome === 'pending');
    setSending(false);
    setStep(SUCCESS);
  };

  const title = t.steps[step]!;
  return (
    <div className="page page--narrow os-tunnel">
      <div className="os-tunnel__head">
        {step < SUCCESS ? (
          <button type="button" className="icon-button" aria-label={step === PROVIDER ? t.quit : t.previous} onClick={back}>
            <Icon name="back" />
          </button>
        ) : null}
        <h1 className="os-tunnel__step">
          {t.stepOf(step + 1, STEPS)} · <strong>{title}</strong>
        </h1>
      </div>
      <progress className="os-tunnel__progress" max={STEPS} value={step + 1} aria-label={t.stepOf(step + 1, STEPS)} />
      {editId && existing.value?.number ? <p className="muted small">{t.editTitle(existing.value.number)}</p> : null}

      {step === PROVIDER ? (
        <RadioChoices
          items={ref.providers}
          selected={v.provider?.id ?? null}
          label={t.providers}
          onPick={(p, advance) => {
            set('provider', { id: p.id, name: p.name });
            if (advance) setStep(PLACE);
          }}
        />
      ) : null}
      {step === PLACE ? (
        <div className="stack">
          <label className="search">
            <span className="sr-only">{t.searchPlace}</span>
            <input type="search" value={query} placeholder={t.searchPlaceHint} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <RadioChoices
            items={ref.realEstates.filter((p) => matchesPlace(p, query))}
            selected={v.realEstate?.id ?? null}
            label={t.places}
            detail={(p) => [p.mainContact?.address, [p.mainContact?.postalCode, p.mainContact?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
            onPick={(p) => {
              if (p.id !== v.realEstate?.id) set('buildings', []);
              set('realEstate', { id: p.id, name: p.name, mainContact: { id: p.mainContact.id } });
            }}
          />
        </div>
      ) : null}
      {step === BUILDINGS ? (
        <TreePicker
          nodes={ref.buildingTree}
          selected={v.buildings.map((b) => b.id)}
          multiple
          label={t.buildings}
          onToggle={(n) =>
            set('buildings', v.buildings.some((b) => b.id === n.id) ? v.buildings.filter((b) => b.id !== n.id) : [...v.buildings, { id: n.id, name: n.name }])
          }
        />
      ) : null}
      {step === AREA ? (
        <TreePicker
          nodes={ref.areaTree}
          selected={v.businessArea ? [v.businessArea.id] : []}
          multiple={false}
          label={t.businessAreas}
          onToggle={(n) => set('businessArea', { id: n.id, name: n.name })}
        />
      ) : null}
      {step === TYPE ? (
        <RadioChoices
          items={ref.types}
          selected={v.type?.id ?? null}
          label={t.types}
          onPick={(type, advance) => {
            set('type', { id: type.id, name: type.name });
            if (advance) setStep(INFO);
          }}
        />
      ) : null}
      {step === INFO ? <InformationStep form={form} images={images} onImages={setImages} /> : null}
      {step === RECAP ? <Recap values={v} images={images} buildingTree={ref.buildingTree} areaTree={ref.areaTree} /> : null}
      {step === SUCCESS ? <SuccessStep offline={offline} onDone={() => void navigate({ to: '/requests-os' })} /> : null}

      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="os-tunnel__actions">
        {step < RECAP ? (
          <Button block onClick={() => void next()}>
            {t.next}
          </Button>
        ) : null}
        {step === RECAP ? (
          <Button block onClick={() => void submit()} disabled={sending}>
            {sending ? t.sending : editId && existing.value?.place === 'request_completion' ? t.saveChanges : t.submit}
          </Button>
        ) : null}
        {v.realEstate && step < SUCCESS ? (
          <Button block variant="secondary" onClick={() => void saveDraft()} disabled={sending}>
            {t.saveDraft}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
