/**
 * The visit's drawer (spec part 2 §2.2): the visit's name and place, 'go there', pause and end (or why
 * not), the visit's files and the fiche, the two switches, the forms' tree. Memoised, with stable
 * callbacks: a section change leaves it alone (it was drawn again at each one, its switches' inputs
 * updated, for nothing the drawer shows; the tree marks the current section through its own store).
 */
import { memo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { DraftSnapshot, VisitData } from '../../../sync/index';
import type { VisitSearch } from '../../domain/route-search';
import { Button } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { FORM_STATE_OFF } from './typed-input';
import { GoThere } from './detail-parts';
import { FormTree, type TreeMarksStore } from './drawer-tree';
import { MissingMark } from './required-fields';
import { visitTexts as t } from './texts';

export interface VisitDrawerProps {
  visitId: number;
  copy: NonNullable<DraftSnapshot['copy']>;
  /** The forms as a structure (the tree's entries). */
  outline: VisitData;
  counts: ReadonlyMap<string, number>;
  /** The form shown at its own level (its top sections as cards), marked current; null otherwise. */
  formShown: string | null;
  marks: TreeMarksStore;
  search: VisitSearch;
  showHidden: boolean;
  showCompleted: boolean;
  onShowHidden: (shown: boolean) => void;
  onShowCompleted: (shown: boolean) => void;
  /** A form chosen by its name, or null for the visit's name (the forms' cards). */
  onOpenForm: (formId: string | null) => void;
  onOpenSection: (sectionId: string) => void;
  onPause: () => void;
  onTerminate: () => void;
  onFiles: () => void;
  onClose: () => void;
}

export const VisitDrawer = memo(function VisitDrawer(p: VisitDrawerProps) {
  const navigate = useNavigate();
  const { info } = p.copy;
  const city = `${info.realestate_postal_code} ${info.realestate_city}`;
  return (
    <aside className="visit__drawer" aria-label={t.drawer} data-tree-scroll>
      <button type="button" className="icon-button visit__menu-button" aria-label={t.closeMenu} onClick={p.onClose}>
        <Icon name="close" />
      </button>
      <button type="button" className="visit__title link-button" onClick={() => p.onOpenForm(null)}>
        {info.visit_name}
      </button>
      <p className="small">
        {info.realestate_name}
        <br />
        {info.realestate_address}, {city}
      </p>
      <GoThere address={`${info.realestate_address} ${city}`} />
      <div className="visit__actions">
        {p.copy.started ? (
          <>
            <Button variant="secondary" onClick={p.onPause}>
              {t.pause}
            </Button>
            <Button onClick={p.onTerminate}>{t.terminate}</Button>
          </>
        ) : (
          <p className="muted small">{p.copy.closing ? t.sending : t.startToFill}</p>
        )}
        <Button variant="ghost" onClick={p.onFiles}>
          {t.visitFiles}
        </Button>
        <Button variant="ghost" onClick={() => void navigate({ to: '/visite-fiche/$id', params: { id: String(p.visitId) }, search: p.search })}>
          {t.fiche}
        </Button>
      </div>
      <label className="switch">
        <input type="checkbox" role="switch" {...FORM_STATE_OFF} checked={p.showHidden} onChange={(e) => p.onShowHidden(e.target.checked)} /> {t.showHidden}
      </label>
      <label className="switch">
        <input type="checkbox" role="switch" {...FORM_STATE_OFF} checked={p.showCompleted} onChange={(e) => p.onShowCompleted(e.target.checked)} />{' '}
        {t.showCompleted}
      </label>
      <nav aria-label={t.formsNav}>
        <ul className="tree-nav">
          {Object.values(p.outline).map((f) => (
            <li key={f.form_id}>
              <button
                type="button"
                className="link-button tree-nav__form"
                aria-current={p.formShown === f.form_id ? 'true' : undefined}
                onClick={() => p.onOpenForm(f.form_id)}
              >
                {f.form_name}
              </button>
              <MissingMark count={p.counts.get(f.form_id)} />
              <FormTree sections={f.sections} showHidden={p.showHidden} showCompleted={p.showCompleted} onOpen={p.onOpenSection} marks={p.marks} />
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
});
