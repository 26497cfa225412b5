/**
 * The discreet indicator of the offline briefcase's first pass (issue 20):
 * while no pass has completed yet and one runs, a thin bar along the bottom
 * edge of the top bar, named « Préparation du mode hors ligne… 120/480 » for
 * screen readers (and as a tooltip). Fixed over the top bar's edge: it takes
 * no room, moves nothing and catches no click. Later passes show only in the
 * account's « Données hors ligne ».
 */
import { fr } from '../../i18n/fr';
import { firstPassRunning, useBriefcase } from '../../services/briefcase';
import './briefcase-progress.css';

export function BriefcaseProgress() {
  const briefcase = useBriefcase();
  if (!briefcase || !firstPassRunning(briefcase.state)) return null;
  const { done, total } = briefcase.state;
  const label = fr.briefcasePreparing(done, total);
  const max = Math.max(total, 1);
  return (
    <div
      className="briefcase-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(done, max)}
      aria-valuetext={label}
      title={label}
    >
      <div className="briefcase-progress__done" style={{ transform: `scaleX(${Math.min(done / max, 1)})` }} />
    </div>
  );
}
