/**
 * The actions of one visit on this device (spec part 2 §4.2): download with
 * its percent, retry of failed files, Démarrer, Récupérer la visite. Shared
 * by the list and the detail, so a visit opened before its download can be
 * downloaded, started or taken over from its own screen.
 */
import type { VisitListVisit, VisitCopyMeta } from '../../../sync/index';
import { visitActions } from '../../domain/visits';
import { Button } from '../../ui/controls';
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
  const can = visitActions(visit, actions.userId, {
    downloaded: Boolean(copy),
    startedHere: Boolean(copy?.started),
    otherStarted: startedId !== null && startedId !== visit.id,
  });
  const percent = actions.progress[visit.id];
  return (
    <>
      {percent !== undefined ? <progress max={100} value={percent} aria-label={t.downloadProgress(percent)} /> : null}
      <div className="row-card__actions">
        {can.download ? (
          <Button variant="secondary" disabled={percent !== undefined} onClick={() => void actions.download(visit.id)}>
            {percent !== undefined ? t.downloading(percent) : t.download}
          </Button>
        ) : null}
        {copy && copy.failedFiles.length > 0 ? (
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
    </>
  );
}
