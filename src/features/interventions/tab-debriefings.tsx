/**
 * The CR tab (spec part 1 §4): debriefings newest first; in in_progress the
 * provider writes one (message, begin and end, photos) and saves it as a
 * draft (0), finishes (1: the request goes to debriefing then done) or keeps
 * it open to continue (2: the place stays). Offline, the whole sequence is
 * queued in order by the saveDebriefing operation of sync/.
 */
import type { DebriefingDto, InterventionDetailDto } from '../../../sync/index';
import { DEBRIEFING_STATUS_LABELS } from '../../domain/interventions';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { DebriefingForm } from './debriefing-form';
import { MediasTab } from './tab-description';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';
import { interventionTexts as t } from './texts';
import type { Doc } from './use-intervention';

interface Props {
  intervention: InterventionDetailDto;
  docId: string;
  debriefings: readonly Doc<DebriefingDto>[];
  manager: boolean;
  outcome?: PullOutcome;
}

export function DebriefingsTab({ intervention, docId, debriefings, manager, outcome }: Props) {
  return (
    <div className="stack">
      {!manager && intervention.place === 'in_progress' ? <DebriefingForm docId={docId} /> : null}
      <EmptyOrNotYet count={debriefings.length} resource={`debriefings:${docId}`} object={`intervention:${docId}`} outcome={outcome} empty={t.noDebriefing} />
      <ul className="rows">
        {debriefings.map(({ id, data: d, pending }) => (
          <li key={id} className="row-card">
            <div className="row-card__main">
              <strong>{t.range(formatDateTime(d.dateBegin), formatDateTime(d.dateEnd))}</strong>
              <span className="status-tag">{DEBRIEFING_STATUS_LABELS[d.status] ?? d.status}</span>
              {pending ? <span className="muted small">{t.notYetSent}</span> : null}
            </div>
            {d.doneBy ? <p className="muted small">{t.doneBy(fullName(capitalize(d.doneBy.firstName), d.doneBy.lastname))}</p> : null}
            <p className="pre">{d.message}</p>
            {d.medias?.length ? <MediasTab medias={d.medias} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
