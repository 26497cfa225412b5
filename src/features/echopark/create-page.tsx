/**
 * /echopark-requests-new (spec part 2 §2.1 RequestEchoparkCreate): the five
 * steps Request types, Properties, Domains, Documents, Messages; back on step
 * 1 goes to the list. Everything comes from the creation data in the store,
 * so the tunnel works with no signal. The consigne for the chosen type,
 * domain and property is shown before sending when it can be fetched. The
 * creation is a command: offline, the request shows in the list at once,
 * marked, and gets its number from the server. A refusal shows the answer's
 * reason, translated, in an alert; nothing typed is lost (the command stays
 * in 'Envois en attente' and the form keeps its values).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { flattenProperties, isBlankDraft } from '../../../sync/index';
import { matchingDomains, propertyPath } from '../../domain/echopark';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { session } from '../../services/session';
import { showToast } from '../../services/toasts';
import { Alert, Button, TextArea } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { ImagePicker, toStoredFile } from '../../ui/image-picker';
import { Facts } from '../../ui/facts';
import { PropertyStep } from './property-step';
import { t } from './texts';
import { useCreationData } from './use-echopark';
import { emptyTunnel, STEP_FIELDS, tunnelStepSchema, type TunnelValues } from './tunnel-form';
import { useTunnelDraft } from './use-tunnel-draft';
import './echopark.css';

const STEPS = t.tunnelTitles.length;
/** How long a creation still queued is followed after the tunnel closes, to flash its success when it is accepted. */
const LATER_MS = 24 * 3_600_000;

export function EchoparkCreatePage() {
  const navigate = useNavigate();
  const { user } = useSnapshot(session.state);
  const { data, loaded, communities } = useCreationData();
  const [step, setStep] = useState(0);
  const [domainSearch, setDomainSearch] = useState('');
  const [consigne, setConsigne] = useState<string | null | undefined>(undefined);
  const [tried, setTried] = useState(false);
  const domainsOf = (typeId: string | null) => (typeId && data ? (data.requests[typeId]?.domains ?? []) : []);
  const form = useFormik<TunnelValues>({
    initialValues: emptyTunnel,
    // A function: the domain step checks against the chosen type's domains of this render.
    validationSchema: () =>
      tunnelStepSchema(
        step,
        domainsOf(form.values.typeId).map((d) => d.arboid),
      ),
    onSubmit: () => undefined,
  });
  const { typeId, property, domainId, message, images } = form.values;
  const set = <F extends keyof TunnelValues>(field: F, value: TunnelValues[F]) => void form.setFieldValue(field, value);
  // A refusal's reason (form status) goes once the user changes what was sent.
  const { setStatus } = form;
  useEffect(() => setStatus(null), [setStatus, typeId, property, domainId, message]);
  const sending = form.isSubmitting;

  // The draft on the device: restored once (when the creation data is there), then saved on every change.
  const draft = useTunnelDraft(communities?.current?.id ?? null);
  const restored = useRef(false);
  const [resumed, setResumed] = useState(false);
  const { setValues, resetForm } = form;
  useEffect(() => {
    if (restored.current || !draft.restored || !data) return;
    restored.current = true;
    const d = draft.restored.draft;
    if (isBlankDraft(d)) return;
    setStep(d.step);
    void setValues(
      {
        typeId: d.typeId && data.requests[d.typeId] ? d.typeId : null,
        property: flattenProperties(data.realEstates).find((p) => p.id === d.propertyId) ?? null,
        domainId: d.domainId,
        message: d.message,
        images: draft.restored.images,
      },
      false,
    );
    setResumed(true);
  }, [draft.restored, data, setValues]);
  const communityId = communities?.current?.id ?? null;
  const { save } = draft;
  useEffect(() => {
    if (restored.current)
      save(
        {
          communityId,
          step,
          typeId,
          propertyId: property?.id ?? null,
          domainId,
          message,
          photos: images.map((i) => ({ id: i.id, name: i.file.name, type: i.file.type, size: i.file.size })),
        },
        images,
      );
  }, [save, communityId, step, typeId, property, domainId, message, images]);
  const startOver = async () => {
    // The tunnel starts over even if the device could not drop the old draft (it is said, once).
    await draft.clear(false).catch(handleError);
    setStep(0);
    setTried(false);
    resetForm();
    setResumed(false);
  };

  const type = typeId && data ? data.requests[typeId] : undefined;
  const domains = useMemo(() => type?.domains ?? [], [type]);
  const field = STEP_FIELDS[step];
  /** The step's error shows once 'Suivant' (or 'Envoyer') was pressed on it, and follows the value from then on. */
  const stepError = tried && field ? (form.errors[field] as string | undefined) : undefined;
  const error = stepError ?? (typeof form.status === 'string' ? form.status : null);
  const domain = domains.find((d) => d.arboid === domainId) ?? null;
  const parentName = (parent: number | null) => domains.find((d) => d.arboid === parent)?.name ?? null;

  // The consigne of the chosen type, domain and property, when the network allows.
  useEffect(() => {
    if (step !== 4 || !typeId || !property || domainId === null) return;
    let live = true;
    setConsigne(undefined);
    void getEngine().then(async (engine) => {
      const text = navigator.onLine
        ? await engine.echopark.creationConsigne({ requestTypeId: Number(typeId), domaineTreeId: domainId, realEstateId: property.id })
        : null;
      if (live) setConsigne(text);
    });
    return () => {
      live = false;
    };
  }, [step, typeId, property, domainId]);

  const goTo = (to: number) => {
    setTried(false);
    setStep(to);
  };
  const back = () => (step === 0 ? void navigate({ to: '/echopark-requests' }) : goTo(step - 1));
  /** True when the current step's values pass its schema; else its error shows. */
  const stepValid = async () => {
    setTried(true);
    const errors = await form.validateForm();
    return !field || !errors[field];
  };
  const next = async () => {
    if (await stepValid()) goTo(step + 1);
  };

  const submit = async () => {
    if (!(await stepValid())) return;
    if (!typeId || !type || !property || !domain || !communities?.current) return;
    form.setSubmitting(true);
    setStatus(null);
    const label = data
      ? propertyPath(data.realEstates, property.id)
          .slice(1)
          .map((p) => p.name)
          .join(' – ') || property.name
      : property.name;
    try {
      const engine = await getEngine();
      const ids = await engine.echopark.create({
        body: { requestTypeId: Number(typeId), realEstate: property.id, domainTreeId: domain.arboid, message: message.trim() },
        preview: {
          communityId: communities.current.id,
          domain: { name: domain.name, parentName: parentName(domain.parent), requestTypeName: type.name, requestTypeId: Number(typeId) },
          realEstate: { id: property.id, name: property.name, label, city: property.city },
          urgencyName: '',
          requestedBy: { firstName: user?.firstname ?? '', lastName: user?.name ?? '', companyName: null },
          stepName: t.newRequest,
        },
        // Fresh ids: the draft's copies and a refused earlier attempt's never share a blob with these uploads.
        photos: images.map((i) => ({ ...toStoredFile(i), id: crypto.randomUUID() })),
      });
      const done = await engine.outcome(ids, navigator.onLine ? 8000 : 0, { withdraw: true });
      if (done.outcome === 'rejected') {
        // Refused as sent: the user stays here with everything typed, and reads why (the translated reason).
        setStatus(done.command.lastError?.message || t.refusedTitle);
        form.setSubmitting(false);
        return;
      }
      // Queued: a draft the device fails to drop must not keep the user here to send it twice.
      await draft.clear(false).catch(handleError);
      // Not sent yet: offline, or the server failed or answered without an id (kept and sent again by the outbox).
      const failed = done.outcome === 'pending' && engine.state.commands.some((c) => c.id === ids[0] && c.lastError !== null);
      // The spec's success flash whenever the creation is accepted (part 2 §4.1): at once when the server answers
      // within the wait, else 'kept' now and 'sent' when the outbox has it accepted, whichever screen is open then.
      showToast({ title: t.successTitle, text: done.outcome === 'sent' ? t.created : failed ? t.createdNotConfirmed : t.createdOffline, tone: 'success' });
      if (done.outcome === 'pending') {
        const who = engine.state.userId;
        void engine.outcome(ids, LATER_MS).then((later) => {
          // A sign-out empties the queue too: only the same user's accepted creation is told.
          if (later.outcome === 'sent' && engine.state.userId === who) showToast({ title: t.successTitle, text: t.created, tone: 'success' });
        });
      }
      void navigate({ to: '/echopark-requests' });
    } catch (failure) {
      handleError(failure);
      form.setSubmitting(false);
    }
  };

  return (
    <div className={`page ep-tunnel${step === 1 ? '' : ' page--narrow'}`}>
      <div className="ep-tunnel__head">
        <button type="button" className="icon-button" aria-label={step === 0 ? t.quit : t.previous} onClick={back}>
          <Icon name="back" />
        </button>
        <p className="ep-tunnel__step">
          {t.stepOf(step + 1, STEPS)} · <strong>{t.tunnelTitles[step]}</strong>
        </p>
      </div>
      <progress className="ep-tunnel__progress" max={STEPS} value={step + 1} aria-label={t.stepOf(step + 1, STEPS)} />
      {loaded && !data ? <Alert tone="warning">{t.noCreationData}</Alert> : null}
      {resumed ? (
        <div className="ep-resumed" role="status">
          <span>{t.draftResumed}</span>
          <Button variant="ghost" onClick={() => void startOver()}>
            {t.startOver}
          </Button>
        </div>
      ) : null}

      {step === 0 && data ? (
        <div className="choices" role="radiogroup" aria-label={t.types}>
          {Object.entries(data.requests).map(([id, r]) => (
            <div key={id} className="choice">
              <label className="choice__label">
                <input type="radio" name="type" checked={typeId === id} onChange={() => void form.setValues({ ...form.values, typeId: id, domainId: null })} />
                <span>{r.name}</span>
              </label>
            </div>
          ))}
        </div>
      ) : null}
      {step === 1 && data ? <PropertyStep tree={data.realEstates} selectedId={property?.id ?? null} onSelect={(p) => set('property', p)} /> : null}
      {step === 1 && property ? (
        <p className="ep-summary" role="status">
          {t.chosenProperty(property.name)}
        </p>
      ) : null}
      {step === 2 ? (
        <div className="stack">
          <label className="search">
            <span className="sr-only">{t.searchDomain}</span>
            <input type="search" value={domainSearch} placeholder={t.searchDomain} onChange={(e) => setDomainSearch(e.target.value)} />
          </label>
          <div className="choices" role="radiogroup" aria-label={t.domains}>
            {matchingDomains(domains, domainSearch).map((d) => (
              <div key={d.arboid} className="choice">
                <label className="choice__label">
                  <input type="radio" name="domain" checked={domainId === d.arboid} onChange={() => set('domainId', d.arboid)} />
                  <span className="ep-choice__text">
                    <span>{d.name}</span>
                    {d.parent !== null ? <span className="muted small">{parentName(d.parent)}</span> : null}
                  </span>
                </label>
              </div>
            ))}
          </div>
          {matchingDomains(domains, domainSearch).length === 0 ? <p className="muted">{t.noDomainMatch}</p> : null}
        </div>
      ) : null}
      {step === 3 ? (
        <div className="stack">
          <p className="muted">{t.photosHint}</p>
          <ImagePicker images={images} onChange={(picked) => set('images', picked)} label={t.addPhotos} wrongTypeText={t.pictureNeeded} />
        </div>
      ) : null}
      {step === 4 ? (
        <div className="stack">
          <TextArea label={t.message} rows={5} name="message" value={message} placeholder={t.messagePlaceholder} required onChange={form.handleChange} />
          <section className="panel ep-consigne" aria-labelledby="ep-consigne-title">
            <h2 id="ep-consigne-title" className="ep-title">
              {t.consigneTitle}
            </h2>
            <p>{consigne === undefined ? t.loading : (consigne ?? t.consigneUnavailable)}</p>
          </section>
          <Facts size="compact" className="panel" label={t.summary}>
            <dt>{t.type}</dt>
            <dd>{type?.name}</dd>
            <dt>{t.property}</dt>
            <dd>{property?.name}</dd>
            <dt>{t.domain}</dt>
            <dd>{domain?.name}</dd>
            <dt>{t.photosPanel}</dt>
            <dd>{t.photosCount(images.length)}</dd>
          </Facts>
        </div>
      ) : null}

      {error ? <Alert tone="error">{error}</Alert> : null}
      {step < STEPS - 1 ? (
        <Button block onClick={() => void next()}>
          {t.next}
        </Button>
      ) : (
        <Button block onClick={() => void submit()} disabled={sending}>
          {sending ? t.sending : t.send}
        </Button>
      )}
    </div>
  );
}
