/**
 * /requests-create, the 6-step creation tunnel (spec part 1 §2, §5): place,
 * buildings, business area, information and photos, summary, success. The
 * creation and its photos are commands: offline, the request shows in the
 * list at once, marked, and gets its number when the server answers. Online,
 * a refusal is shown on the summary as the server words it, and nothing the
 * user entered is lost.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { createIntervention, type RealEstateDto } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { INFORMATION_REQUIRED } from '../../domain/interventions';
import { matchesPlace, pathTo } from '../../domain/trees';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { Alert, Button, TextArea } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { useSuccessCelebration } from '../../ui/use-success-celebration';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { TreePicker } from './tree-picker';
import { useBuildingTree, useBusinessAreaTree, useRealEstates } from './use-reference';
import './interventions.css';

const STEP_TITLES = ['Lieu', 'Bâtiment(s)', 'Corps d’état', 'Informations', 'Récapitulatif', 'Demande envoyée'];

export function InterventionCreatePage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [query, setQuery] = useState('');
  const [place, setPlace] = useState<RealEstateDto | null>(null);
  const [buildings, setBuildings] = useState<number[]>([]);
  const [area, setArea] = useState<number | null>(null);
  const [information, setInformation] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [sending, setSending] = useState(false);
  const places = useRealEstates();
  const buildingTree = useBuildingTree(place?.id ?? null);
  const areaTree = useBusinessAreaTree();
  // An error is about what was there when 'Suivant' was pressed: any change clears it.
  useEffect(() => setError(null), [place, buildings, area, information, images]);

  const back = () => {
    setError(null);
    if (step === 0) void navigate({ to: '/requests' });
    else setStep(step - 1);
  };
  const next = () => {
    const problem = [place ? null : fr.fillAllFields, buildings.length ? null : 'Sélectionnez au moins un bâtiment.', area ? null : 'Choisissez un corps d’état.', information.trim() ? null : INFORMATION_REQUIRED][step];
    if (problem) return setError(problem);
    setError(null);
    setStep(step + 1);
  };

  const submit = async () => {
    if (!place || area === null) return;
    setSending(true);
    setError(null);
    const areaNode = areaTree.find((a) => a.id === area);
    const body = { information: information.trim(), realEstatId: place.id, businessAreaId: area, equipmentIdList: [], buildingIdList: buildings, contactId: place.mainContact.id };
    const preview = { realEstate: { id: place.id, name: place.name }, businessArea: { id: area, name: areaNode?.name ?? '' } };
    let ids: string[];
    try {
      ids = await createIntervention(await getEngine(), { body, preview, photos: images.map(toStoredFile) });
    } catch (error) {
      handleError(error);
      return setSending(false);
    }
    const created = { id: ids[0]! };
    const engine = await getEngine();
    const outcome = await engine.settle(created.id, navigator.onLine ? 8000 : 0);
    if (outcome === 'rejected') {
      // Refused as sent: the user stays here with everything they typed, and reads why.
      const reason = engine.state.commands.find((c) => c.id === created.id)?.lastError?.message ?? fr.genericError;
      for (const id of ids) await engine.discard(id);
      setError(reason);
      setSending(false);
      return;
    }
    setOffline(outcome === 'pending');
    setSending(false);
    setStep(5);
  };

  return (
    <div className="page page--narrow tunnel">
      <div className="tunnel__head">
        {step < 5 ? (
          <button type="button" className="icon-button" aria-label={step === 0 ? 'Quitter' : 'Étape précédente'} onClick={back}>
            <Icon name="back" />
          </button>
        ) : null}
        <p className="tunnel__step">
          Étape {step + 1} sur 6 · <strong>{STEP_TITLES[step]}</strong>
        </p>
      </div>
      <progress className="tunnel__progress" max={6} value={step + 1} aria-label={`Étape ${step + 1} sur 6`} />

      {step === 0 ? (
        <div className="stack">
          <label className="search">
            <span className="sr-only">Rechercher un lieu</span>
            <input type="search" value={query} placeholder="Nom, adresse, code postal ou ville" onChange={(e) => setQuery(e.target.value)} />
          </label>
          <ul className="choices" role="radiogroup" aria-label="Lieux">
            {places
              .filter((p) => matchesPlace(p, query))
              .map((p) => (
                <li key={p.id} className="choice">
                  <label className="choice__label">
                    <input
                      type="radio"
                      name="place"
                      checked={place?.id === p.id}
                      onChange={() => {
                        setPlace(p);
                        setBuildings([]);
                      }}
                    />
                    <span>
                      <strong>{p.name}</strong>
                      <span className="muted small block">
                        {p.mainContact.address}, {p.mainContact.postalCode} {p.mainContact.city}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {step === 1 ? <TreePicker nodes={buildingTree} selected={buildings} multiple label="Bâtiments" onToggle={(id) => setBuildings((b) => (b.includes(id) ? b.filter((x) => x !== id) : [...b, id]))} /> : null}
      {step === 2 ? <TreePicker nodes={areaTree} selected={area === null ? [] : [area]} multiple={false} label="Corps d’état" onToggle={setArea} /> : null}
      {step === 3 ? (
        <div className="stack">
          <TextArea label="Décrivez votre demande" rows={5} value={information} onChange={(e) => setInformation(e.target.value)} />
          <ImagePicker images={images} onChange={setImages} />
        </div>
      ) : null}
      {step === 4 && place ? (
        <dl className="facts panel">
          <dt>Lieu</dt>
          <dd>{place.name}</dd>
          <dt>Bâtiment(s)</dt>
          <dd>{buildingTree.filter((b) => buildings.includes(b.id)).map((b) => pathTo(buildingTree, b.id).map((n) => n.name).join(' › ')).join(', ')}</dd>
          <dt>Corps d’état</dt>
          <dd>{pathTo(areaTree, area).map((n) => n.name).join(' › ')}</dd>
          <dt>Informations</dt>
          <dd className="pre">{information.trim()}</dd>
          <dt>Photos</dt>
          <dd>{images.length}</dd>
        </dl>
      ) : null}
      {step === 5 ? <SuccessStep offline={offline} onDone={() => void navigate({ to: '/requests' })} /> : null}

      {error ? <Alert tone="error">{error}</Alert> : null}
      {step < 4 ? (
        <Button block onClick={next}>
          Suivant
        </Button>
      ) : null}
      {step === 4 ? (
        <Button block onClick={() => void submit()} disabled={sending}>
          {sending ? 'Envoi…' : 'Valider la demande'}
        </Button>
      ) : null}
    </div>
  );
}

function SuccessStep({ offline, onDone }: { offline: boolean; onDone: () => void }) {
  useSuccessCelebration(onDone);
  return (
    <div className="success panel" role="status">
      <h2>Demande enregistrée</h2>
      <p>{offline ? 'Vous êtes hors ligne : la demande est gardée sur cet appareil et sera envoyée au retour du réseau.' : 'Votre demande d’intervention a bien été envoyée.'}</p>
    </div>
  );
}
