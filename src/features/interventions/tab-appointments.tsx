/**
 * The RDV tab (spec part 1 §4, §5): the appointments with their status; the
 * provider proposes one (end after start, the end picker's minimum is the
 * start, add enabled only with both) and the request moves to planning when
 * it is not there yet; the manager accepts one or refuses it with a reason, or
 * refuses them all. Once the accepted one has begun, the provider is asked
 * whether the work is under way (WorkStartedQuestion, shown by the detail
 * above its tabs: the spec asks it of the provider opening the request, not
 * of one who finds the RDV tab). All of it works offline through the outbox.
 */
import { useState } from 'react';
import type { AppointmentDto, InterventionDetailDto } from '../../../sync/index';
import { APPOINTMENT_STATUS_LABELS, askWorkStarted } from '../../domain/interventions';
import { formatDateTime } from '../../domain/format';
import { sendCommand } from '../../services/commands';
import { Button, TextArea } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';
import { ProposeForm } from './appointment-form';
import { interventionTexts as t } from './texts';
import type { Doc } from './use-intervention';

interface Props {
  intervention: InterventionDetailDto;
  docId: string;
  appointments: readonly Doc<AppointmentDto>[];
  manager: boolean;
  /** How the detail's pull ended (the tab says « not yet offline » rather than « none » when never pulled). */
  outcome?: PullOutcome;
}

export function WorkStartedQuestion({ intervention, docId, appointments, manager }: Props) {
  const accepted = appointments.find((a) => a.data.status === 2);
  if (manager || !askWorkStarted(intervention.place, accepted?.data.date)) return null;
  return (
    <div className="alert alert--warning question">
      <p>{t.workStartedQuestion}</p>
      <Button onClick={() => void sendCommand('intervention.step', { interventionId: docId, stepCode: 'in_progress' }, { success: t.workStarted })}>
        {t.workStartedYes}
      </Button>
    </div>
  );
}

export function AppointmentsTab({ intervention, docId, appointments, manager, outcome }: Props) {
  const proposed = appointments.filter((a) => a.data.status === 1);
  const [refusing, setRefusing] = useState<Doc<AppointmentDto> | null>(null);
  const [reason, setReason] = useState('');
  const [refuseAll, setRefuseAll] = useState(false);

  const decide = (a: Doc<AppointmentDto>, status: 2 | 3, why = '') =>
    sendCommand(
      'appointment.decide',
      { appointmentId: a.id, interventionId: docId, status, reason: why },
      { success: status === 2 ? t.appointmentAccepted : t.appointmentRefused },
    );

  return (
    <div className="stack">
      <EmptyOrNotYet
        count={appointments.length}
        resource={`appointments:${docId}`}
        object={`intervention:${docId}`}
        outcome={outcome}
        empty={t.noAppointment}
      />
      <ul className="rows">
        {appointments.map((a) => (
          <li key={a.id} className="row-card">
            <div className="row-card__main">
              <strong>{t.range(formatDateTime(a.data.date), formatDateTime(a.data.dateEnd))}</strong>
              <span className="status-tag">{APPOINTMENT_STATUS_LABELS[a.data.status] ?? a.data.status}</span>
              {a.pending ? <span className="muted small">{t.notYetSent}</span> : null}
            </div>
            {a.data.information ? <p className="pre">{a.data.information}</p> : null}
            {a.data.status === 3 && a.data.reason ? <p className="muted">{t.reason(a.data.reason)}</p> : null}
            {manager && a.data.status === 1 ? (
              <div className="row-card__actions">
                <Button onClick={() => void decide(a, 2)}>{t.accept}</Button>
                <Button variant="ghost" onClick={() => setRefusing(a)}>
                  {t.refuse}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {manager && proposed.length > 1 ? (
        <Button variant="ghost" onClick={() => setRefuseAll(true)}>
          {t.refuseAll}
        </Button>
      ) : null}
      {!manager && ['waiting', 'planning', 'start', 'reclaim'].includes(intervention.place) ? <ProposeForm intervention={intervention} docId={docId} /> : null}

      <ConfirmDialog
        open={refusing !== null}
        title={t.refuseOneTitle}
        confirmLabel={t.refuse}
        danger
        onCancel={() => setRefusing(null)}
        onConfirm={() => {
          if (refusing) void decide(refusing, 3, reason.trim());
          setRefusing(null);
          setReason('');
        }}
      >
        <TextArea label={t.refuseReason} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
      </ConfirmDialog>
      <ConfirmDialog
        open={refuseAll}
        title={t.refuseAllTitle}
        confirmLabel={t.refuseAllConfirm}
        danger
        onCancel={() => setRefuseAll(false)}
        onConfirm={() => {
          setRefuseAll(false);
          void sendCommand('appointment.refuseAll', { interventionId: docId }, { success: t.appointmentsRefused });
        }}
      >
        <p>{t.refuseAllText}</p>
      </ConfirmDialog>
    </div>
  );
}
