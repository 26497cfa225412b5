/**
 * 'Envois en attente': every queued command with its status, object, time,
 * attempts and last error, with Retry and Discard (asked first), and the
 * export of all unsent work as one file (the safety valve).
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { blockedBy, refusalOf, type OutboxDoc } from '../../../sync/index';
import { formatDateTime } from '../../domain/format';
import { outboxTexts } from './texts';
import { engineState, getEngine } from '../../services/engine';
import { handleError, refusalReason } from '../../services/errors';
import { downloadExport } from '../../services/export';
import { Button } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export function PendingPage() {
  const { commands, progress } = useSnapshot(engineState);
  const [toDiscard, setToDiscard] = useState<OutboxDoc | null>(null);
  const list = commands as readonly OutboxDoc[];
  return (
    <div className="page page--narrow">
      <div className="toolbar-row">
        <p className="muted" role="status">
          {list.length === 0 ? outboxTexts.allSent : outboxTexts.pendingOnDevice(list.length)}
        </p>
        {list.length > 0 ? (
          <div className="outbox-item__actions">
            <Button variant="secondary" onClick={() => void getEngine().then((e) => e.sendNow())}>
              {outboxTexts.sendNow}
            </Button>
            <Button variant="ghost" onClick={() => void downloadExport().catch(handleError)}>
              {outboxTexts.exportAll}
            </Button>
          </div>
        ) : null}
      </div>
      <ul className="outbox-list">
        {list.map((c) => {
          const blocker = blockedBy(c, list);
          return (
            <li key={c.id} className={`outbox-item${c.status === 'rejected' ? ' outbox-item--rejected' : ''}`}>
              <div className="outbox-item__head">
                <strong>{c.label}</strong>
                <span className={`status-tag${c.status === 'rejected' ? ' status-tag--rejected' : ''}`}>{outboxTexts.outboxStatus[c.status]}</span>
              </div>
              <p className="outbox-item__meta">
                {outboxTexts.recordedAt(formatDateTime(new Date(c.createdAt).toISOString()), c.attempts)}
                {blocker ? outboxTexts.waitsFor(blocker.label) : ''}
              </p>
              {progress[c.id] !== undefined ? <progress max={100} value={progress[c.id]} aria-label={outboxTexts.fileUploadProgress(progress[c.id]!)} /> : null}
              {c.status === 'rejected' ? (
                <>
                  <p className="outbox-item__error">{outboxTexts.refusedBecause(refusalReason(refusalOf(c)))}</p>
                  <p className="muted small">{outboxTexts.refusedHint}</p>
                </>
              ) : c.lastError ? (
                <p className="outbox-item__error">{outboxTexts.lastError(c.lastError.message)}</p>
              ) : null}
              <div className="outbox-item__actions">
                <Button variant="secondary" onClick={() => void getEngine().then((e) => e.retry(c.id))}>
                  {outboxTexts.retry}
                </Button>
                <Button variant="ghost" onClick={() => setToDiscard(c)}>
                  {outboxTexts.discard}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={toDiscard !== null}
        title={outboxTexts.discardTitle}
        confirmLabel={outboxTexts.discard}
        danger
        onCancel={() => setToDiscard(null)}
        onConfirm={() => {
          if (toDiscard) void getEngine().then((e) => e.discard(toDiscard.id));
          setToDiscard(null);
        }}
      >
        <p>{outboxTexts.discardText(toDiscard?.label ?? '')}</p>
      </ConfirmDialog>
    </div>
  );
}
