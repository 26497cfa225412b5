/**
 * Toasts, top-right, announced politely to screen readers: below the top bar when there is one, below a
 * screen's own sticky bar when it says where that ends (ui/use-toasts-below.ts), else at the top.
 */
import { useSnapshot } from 'valtio';
import { fr } from '../../i18n/fr';
import { dismissToast, toasts } from '../../services/toasts';
import { CLOSE_PATH, SvgIcon } from '../../ui/svg-icon';

export function ToastsView({ belowTopBar }: { belowTopBar: boolean }) {
  const { items, top } = useSnapshot(toasts);
  return (
    <div className={belowTopBar ? 'toasts' : 'toasts toasts--no-bar'} style={top === null ? undefined : { top }} aria-live="polite" aria-relevant="additions">
      {items.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <div>
            <strong>{t.title}</strong>
            <p>{t.text}</p>
          </div>
          <button type="button" className="icon-button" aria-label={fr.close} onClick={() => dismissToast(t.id)}>
            <SvgIcon d={CLOSE_PATH} size={18} />
          </button>
        </div>
      ))}
    </div>
  );
}
