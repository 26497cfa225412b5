/**
 * The actions of one visit on this device (spec part 2 §4.2): download with
 * its percent, retry of failed files, Démarrer, Récupérer la visite, and
 * Reprendre sur cet appareil (my visit started on a device that no longer
 * has it, issue 19: asked first, since what that device had not saved is
 * lost). Shared by the list and the detail, so a visit opened before its
 * download can be downloaded, started, resumed or taken over from its own
 * screen. What is offered follows the server's rules (domain/visits.ts).
 */
import { useState } from 'react';
import type { VisitListVisit, VisitCopyMeta } from '../../../sync/index';
import { visitActions } from '../../domain/visits';
import { Button } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { useVisitActions } from './use-visits';
import { visitTexts as t } from './texts';

interface Props {
  visit: VisitListVisit;
  copy: VisitCopyMeta | undefined;
  /** The visit started on this device, if any (only one at a time). */
  startedId: number | null;
  actions: ReturnType<typeof useVisitActions>;
}

export function VisitActionButtons({ visit, copy, startedId, actions }: Props) {
  const [confirmResume, setConfirmResume] = useState(false);
  const can = visitActions(visit, actions.userId, {
    downloaded: Boolean(copy),
    startedHere: Boolean(copy?.started),
    otherStarted: startedId !== null && startedId !== visit.id,
  });
  const percent = actions.progress[visit.id];
  const busy = percent !== undefined;
  return (
    <>
      {busy ? <progress max={100} value={percent} aria-label={t.downloadProgress(percent)} /> : null}
      <div className="row-card__actions">
        {can.download ? (
          <Button variant="secondary" disabled={busy} onClick={() => void actions.download(visit.id)}>
            {busy ? t.downloading(percent) : t.download}
          </Button>
        ) : null}
        {can.resume ? (
          <Button variant="secondary" disabled={busy} onClick={() => setConfirmResume(true)}>
            {busy ? t.downloading(percent) : t.resume}
          </Button>
        ) : null}
        {/* While a download runs its files are still to come: no retry of them yet. */}
        {copy && copy.failedFiles.length > 0 && !busy && !can.resume ? (
          <Button variant="ghost" onClick={() => void actions.download(visit.id)}>
            {t.retryFiles(copy.failedFiles.length)}
          </Button>
        ) : null}
        {can.start ? <Button onClick={() => void actions.start(visit.id)}>{t.start}</Button> : null}
        {can.takeOver ? (
          <Button variant="ghost" onClick={() => void actions.takeOver(visit.id)}>
            {t.takeOver}
          </Button>
        ) : null}
      </div>
      {can.resume ? (
        <ConfirmDialog
          open={confirmResume}
          title={t.resumeTitle}
          confirmLabel={t.resumeConfirm}
          onCancel={() => setConfirmResume(false)}
          onConfirm={() => {
            setConfirmResume(false);
            void actions.resume(visit.id);
          }}
        >
          <p>{t.resumeText}</p>
          <p className="alert alert--warning">{t.resumeLoss}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
