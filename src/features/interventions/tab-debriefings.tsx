/**
 * The CR tab (spec part 1 §4): debriefings newest first; in in_progress the
 * provider writes one (message, begin and end, photos) and saves it as a
 * draft (0), finishes (1: the request goes to debriefing then done) or keeps
 * it open to continue (2: the place stays). Offline, the whole sequence is
 * queued in order by the saveDebriefing operation of sync/.
 */
import { useState } from 'react';
import { saveDebriefing, type DebriefingDto, type DebriefingEnding, type InterventionDetailDto } from '../../../sync/index';
import { DEBRIEFING_STATUS_LABELS, appointmentError } from '../../domain/interventions';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { fr } from '../../i18n/fr';
import { runOperation } from '../../services/commands';
import { Button, TextArea, TextField } from '../../ui/controls';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { MediasTab } from './tab-description';
import type { Doc } from './use-intervention';

interface Props {
  intervention: InterventionDetailDto;
  docId: string;
  debriefings: readonly Doc<DebriefingDto>[];
  manager: boolean;
}

export function DebriefingsTab({ intervention, docId, debriefings, manager }: Props) {
  return (
    <div className="stack">
      {!manager && intervention.place === 'in_progress' ? <DebriefingForm docId={docId} /> : null}
      {debriefings.length === 0 ? <p className="muted">Aucun compte-rendu.</p> : null}
      <ul className="rows">
        {debriefings.map(({ id, data: d, pending }) => (
          <li key={id} className="row-card">
            <div className="row-card__main">
              <strong>
                {formatDateTime(d.dateBegin)} → {formatDateTime(d.dateEnd)}
              </strong>
              <span className="status-tag">{DEBRIEFING_STATUS_LABELS[d.status] ?? d.status}</span>
              {pending ? <span className="muted small">en attente d’envoi</span> : null}
            </div>
            {d.doneBy ? <p className="muted small">Par {fullName(capitalize(d.doneBy.firstName), d.doneBy.lastname)}</p> : null}
            <p className="pre">{d.message}</p>
            {d.medias?.length ? <MediasTab medias={d.medias} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DebriefingForm({ docId }: { docId: string }) {
  const [message, setMessage] = useState('');
  const [begin, setBegin] = useState('');
  const [end, setEnd] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const datesError = appointmentError(begin ? new Date(begin).toISOString() : '', end ? new Date(end).toISOString() : '');

  const save = async (ending: DebriefingEnding) => {
    if (!message.trim() || !begin || !end) return setError('Renseignez le compte-rendu, la date de début et la date de fin.');
    if (datesError) return setError(datesError);
    setError(null);
    const success = ending === 1 ? 'Intervention terminée.' : ending === 2 ? 'Compte-rendu enregistré.' : 'Brouillon enregistré.';
    const input = { interventionId: docId, message: message.trim(), dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString(), photos: images.map(toStoredFile), ending };
    if (!(await runOperation(saveDebriefing, input, { success }))) return;
    setMessage('');
    setBegin('');
    setEnd('');
    setImages([]);
  };

  return (
    <form className="panel stack" onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel__title">Nouveau compte-rendu</h3>
      <TextArea label="Compte-rendu" value={message} rows={4} onChange={(e) => setMessage(e.target.value)} />
      <div className="grid-2">
        <TextField label="Début" type="datetime-local" value={begin} onChange={(e) => setBegin(e.target.value)} />
        <TextField label="Fin" type="datetime-local" value={end} min={begin || undefined} onChange={(e) => setEnd(e.target.value)} error={datesError ?? undefined} />
      </div>
      <ImagePicker images={images} onChange={setImages} wrongTypeText={fr.pictureNeeded} />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="row-card__actions">
        <Button variant="ghost" onClick={() => void save(0)}>
          Enregistrer le brouillon
        </Button>
        <Button variant="secondary" onClick={() => void save(2)}>
          À poursuivre
        </Button>
        <Button onClick={() => void save(1)}>Terminer l’intervention</Button>
      </div>
    </form>
  );
}
