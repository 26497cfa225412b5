/**
 * « Données hors ligne » (issue 20): what the offline briefcase keeps on this
 * device — objects per module, photos and documents against their budget,
 * the device's storage, the last complete pass, the running pass's progress,
 * « Mettre à jour maintenant », and how queued changes are sent (by the
 * service worker with no page open, or only while the app is open). Without
 * a briefcase in the engine, nothing of it shows.
 */
import type { CSSProperties } from 'react';
import { useSnapshot } from 'valtio';
import { roles } from '../../../sync/index';
import { formatDateTime } from '../../domain/format';
import { session } from '../../services/session';
import { useBriefcase, type BriefcaseModuleName } from '../../services/briefcase';
import { Button } from '../../ui/controls';
import { StorageMeter } from './storage-meter';
import { accountTexts as t } from './texts';
import './account.css';

/** The modules, each counted only for a user whose roles open it. */
const MODULES: [BriefcaseModuleName, (userRoles: readonly string[]) => boolean][] = [
  ['interventions', roles.canUseInterventions],
  ['os', roles.canUseOs],
  ['echopark', roles.canUseEchopark],
  ['visits', roles.canUseVisits],
];

const mb = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export function OfflineData() {
  const briefcase = useBriefcase();
  const { user } = useSnapshot(session.state);
  if (!briefcase) return <StorageMeter />;
  const { state: s, runNow } = briefcase;
  const modules = MODULES.filter(([, opens]) => opens(user?.roles ?? [])).map(([m]) => m);
  return (
    <section className="panel offline-data" aria-labelledby="offline-data-title">
      <h2 id="offline-data-title" className="offline-data__title">
        {t.offlineTitle}
      </h2>
      <p className="muted small">{t.offlineIntro}</p>
      <dl className="offline-data__counts" aria-label={t.offlineContents} style={{ '--modules': modules.length } as CSSProperties}>
        {modules.map((m) => (
          <div key={m} className="offline-data__count">
            <dt>{t.modules[m]}</dt>
            <dd>{t.count(s.counts[m] ?? 0)}</dd>
          </div>
        ))}
      </dl>
      <p className="small">{t.mediaSize(mb(s.mediaBytes), mb(s.budgetBytes))}</p>
      <p className="small">{s.lastCompleteAt ? t.lastPass(formatDateTime(new Date(s.lastCompleteAt))) : t.lastPassNever}</p>
      <p className="small offline-data__send">{s.backgroundSend === 'worker' ? t.backgroundWorker : t.backgroundPages}</p>
      {s.saveData ? <p className="muted small">{t.saveData}</p> : null}
      <StorageMeter />
      <div className="offline-data__pass">
        {s.running ? (
          <>
            <p className="small">{s.paused ? t.paused(s.done, s.total) : t.running(s.done, s.total)}</p>
            <progress max={Math.max(s.total, 1)} value={s.done} aria-label={t.progressLabel} />
          </>
        ) : null}
      </div>
      <Button variant="secondary" block disabled={s.running} onClick={runNow}>
        {t.updateNow}
      </Button>
    </section>
  );
}
