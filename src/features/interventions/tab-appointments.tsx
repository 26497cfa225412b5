/**
 * The RDV tab (spec part 1 §4, §5): the appointments with their status; the
 * provider proposes one (end after start, the end picker's minimum is the
 * start, add enabled only with both) and the request moves to planning when
 * it is not there yet; the manager accepts one or refuses it with a reason, or
 * refuses them all; once the accepted one has begun, the provider is asked
 * whether the work is under way. All of it works offline through the outbox.
 */
import { useState } from 'react';
import { proposeAppointment, type AppointmentDto, type InterventionDetailDto } from '../../../sync/index';
import { APPOINTMENT_STATUS_LABELS, appointmentError, askWorkStarted } from '../../domain/interventions';
import { formatDateTime } from '../../domain/format';
import { runOperation, sendCommand } from '../../services/commands';
import { Button, TextArea, TextField } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { Doc } from './use-intervention';

interface Props {
  intervention: InterventionDetailDto;
  docId: string;
  appointments: readonly Doc<AppointmentDto>[];
  manager: boolean;
}

/** A datetime-local value (local time) as an ISO instant. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

export function AppointmentsTab({ intervention, docId, appointments, manager }: Props) {
  const accepted = appointments.find((a) => a.data.status === 2);
  const proposed = appointments.filter((a) => a.data.status === 1);
  const [refusing, setRefusing] = useState<Doc<AppointmentDto> | null>(null);
  const [reason, setReason] = useState('');
  const [refuseAll, setRefuseAll] = useState(false);

  const decide = (a: Doc<AppointmentDto>, status: 2 | 3, why = '') =>
    sendCommand('appointment.decide', { appointmentId: a.id, interventionId: docId, status, reason: why }, { success: status === 2 ? 'Rendez-vous accepté.' : 'Rendez-vous refusé.' });

  return (
    <div className="stack">
      {!manager && askWorkStarted(intervention.place, accepted?.data.date) ? (
        <div className="alert alert--warning question">
          <p>Le rendez-vous a commencé. Les travaux sont-ils en cours ?</p>
          <Button onClick={() => void sendCommand('intervention.step', { interventionId: docId, stepCode: 'in_progress' }, { success: 'Intervention en cours.' })}>Oui, travaux en cours</Button>
        </div>
      ) : null}

      {appointments.length === 0 ? <p className="muted">Aucun rendez-vous proposé.</p> : null}
      <ul className="rows">
        {appointments.map((a) => (
          <li key={a.id} className="row-card">
            <div className="row-card__main">
              <strong>
                {formatDateTime(a.data.date)} → {formatDateTime(a.data.dateEnd)}
              </strong>
              <span className={`status-tag status-tag--a${a.data.status}`}>{APPOINTMENT_STATUS_LABELS[a.data.status] ?? a.data.status}</span>
              {a.pending ? <span className="muted small">en attente d’envoi</span> : null}
            </div>
            {a.data.information ? <p className="pre">{a.data.information}</p> : null}
            {a.data.status === 3 && a.data.reason ? <p className="muted">Motif : {a.data.reason}</p> : null}
            {manager && a.data.status === 1 ? (
              <div className="row-card__actions">
                <Button onClick={() => void decide(a, 2)}>Accepter</Button>
                <Button variant="ghost" onClick={() => setRefusing(a)}>
                  Refuser
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {manager && proposed.length > 1 ? (
        <Button variant="ghost" onClick={() => setRefuseAll(true)}>
          Refuser tous les rendez-vous
        </Button>
      ) : null}
      {!manager && ['waiting', 'planning', 'start', 'reclaim'].includes(intervention.place) ? <ProposeForm intervention={intervention} docId={docId} /> : null}

      <ConfirmDialog
        open={refusing !== null}
        title="Refuser ce rendez-vous ?"
        confirmLabel="Refuser"
        danger
        onCancel={() => setRefusing(null)}
        onConfirm={() => {
          if (refusing) void decide(refusing, 3, reason.trim());
          setRefusing(null);
          setReason('');
        }}
      >
        <TextArea label="Motif du refus" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
      </ConfirmDialog>
      <ConfirmDialog
        open={refuseAll}
        title="Refuser tous les rendez-vous proposés ?"
        confirmLabel="Tout refuser"
        danger
        onCancel={() => setRefuseAll(false)}
        onConfirm={() => {
          setRefuseAll(false);
          void sendCommand('appointment.refuseAll', { interventionId: docId }, { success: 'Rendez-vous refusés.' });
        }}
      >
        <p>Le prestataire devra proposer de nouvelles dates.</p>
      </ConfirmDialog>
    </div>
  );
}

function ProposeForm({ intervention, docId }: { intervention: InterventionDetailDto; docId: string }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [information, setInformation] = useState('');
  const error = appointmentError(toIso(start), toIso(end));
  const submit = async () => {
    if (error) return;
    const input = { interventionId: docId, place: intervention.place, date: toIso(start), dateEnd: toIso(end), information: information.trim() };
    if (!(await runOperation(proposeAppointment, input, { success: 'Rendez-vous proposé.' }))) return;
    setStart('');
    setEnd('');
    setInformation('');
  };
  return (
    <form
      className="panel stack"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="panel__title">Proposer un rendez-vous</h3>
      <div className="grid-2">
        <TextField label="Début" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
        <TextField label="Fin" type="datetime-local" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} error={error ?? undefined} />
      </div>
      <TextArea label="Information (facultatif)" value={information} rows={2} onChange={(e) => setInformation(e.target.value)} />
      <Button type="submit" disabled={!start || !end || error !== null}>
        Ajouter
      </Button>
    </form>
  );
}
