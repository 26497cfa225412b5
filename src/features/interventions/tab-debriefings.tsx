/**
 * The CR tab (spec part 1 §4): debriefings newest first; in in_progress the
 * provider writes one (message, begin and end, photos) and saves it as a
 * draft (0), finishes (1: the request goes to debriefing then done) or keeps
 * it open to continue (2: the place stays). Offline, the whole sequence is
 * queued in order: the debriefing is created before its photos and status.
 */
import { useState } from 'react';
import type { DebriefingDto, InterventionDetailDto } from '../../../sync/index';
import { DEBRIEFING_STATUS_LABELS, appointmentError } from '../../domain/interventions';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { sendCommand } from '../../services/commands';
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

type Ending = 0 | 1 | 2;

function DebriefingForm({ docId }: { docId: string }) {
  const [message, setMessage] = useState('');
  const [begin, setBegin] = useState('');
  const [end, setEnd] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const datesError = appointmentError(begin ? new Date(begin).toISOString() : '', end ? new Date(end).toISOString() : '');

  const save = async (ending: Ending) => {
    if (!message.trim() || !begin || !end) return setError('Renseignez le compte-rendu, la date de début et la date de fin.');
    if (datesError) return setError(datesError);
    setError(null);
    const debriefingId = `tmp-${crypto.randomUUID()}`;
    const base = { debriefingId, interventionId: docId, message: message.trim(), dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() };
    // One queue per intervention: creation, photos, status and steps leave in this order;
    // the screen waits (a moment) only for the last one.
    const steps: [string, Record<string, unknown>, PickedImage | null][] = [['debriefing.save', { ...base, status: 0, isNew: true }, null]];
    for (const image of images) steps.push(['debriefing.media', { targetId: debriefingId, interventionId: docId, fileId: image.id, fileName: image.file.name }, image]);
    if (ending !== 0) steps.push(['debriefing.save', { ...base, status: ending, isNew: false }, null]);
    if (ending === 1) steps.push(['intervention.step', { interventionId: docId, stepCode: 'debriefing' }, null], ['intervention.step', { interventionId: docId, stepCode: 'done' }, null]);
    const success = ending === 1 ? 'Intervention terminée.' : ending === 2 ? 'Compte-rendu enregistré.' : 'Brouillon enregistré.';
    for (const [index, [name, payload, image]] of steps.entries()) {
      const last = index === steps.length - 1;
      const sent = await sendCommand(name, payload, { ...(image ? { files: [toStoredFile(image)] } : {}), ...(last ? { success } : { noWait: true }) });
      if (!sent) return;
    }
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
      <ImagePicker images={images} onChange={setImages} />
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
