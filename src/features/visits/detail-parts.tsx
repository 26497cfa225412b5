/**
 * Parts of the visit detail kept apart to keep the screen short: the forms
 * tree of the drawer, the screen of a visit not downloaded here yet, and
 * 'S'y rendre' (the device's maps app: domain/maps-link).
 */
import { memo, useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { type VisitListDoc, type VisitCopyMeta, type VisitSection } from '../../../sync/index';
import { startedElsewhere } from '../../domain/visits';
import { mapsLink, mapsPlatform } from '../../domain/maps-link';
import { MissingMark } from './required-fields';
import type { useVisitActions } from './use-visits';
import { VisitActionButtons } from './visit-action-buttons';
import { visitTexts as t } from './texts';
import { VisitStatePill } from './visit-state-pill';

/** What each tree entry shows besides its section: whether it is the one shown, and its missing required fields. */
export interface TreeMarks {
  currentId: string | null;
  /** Required fields left empty under each section id (required-fields.tsx); the same Map while the counts stay. */
  counts: ReadonlyMap<string, number>;
}

/**
 * The marks, followed by each entry on its own: moving to another section or filling a required field
 * draws again the entries whose mark changed, without drawing the tree (a large inventory has 4,000
 * entries; drawing the level again cost ~190 ms at 4× for a section change).
 */
export function createTreeMarks() {
  let marks: TreeMarks = { currentId: null, counts: new Map() };
  const listeners = new Set<() => void>();
  return {
    get: () => marks,
    set(next: TreeMarks) {
      if (next.currentId === marks.currentId && next.counts === marks.counts) return;
      marks = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type TreeMarksStore = ReturnType<typeof createTreeMarks>;

interface TreeLevelProps {
  sections: Record<string, VisitSection>;
  showHidden: boolean;
  showCompleted: boolean;
  onOpen: (id: string) => void;
  marks: TreeMarksStore;
}

/** Two sections look the same in the tree: what it shows of them, and the same children. */
const sameEntry = (a: VisitSection, b: VisitSection) =>
  a === b || (a.id === b.id && a.name === b.name && a.complete === b.complete && a.is_hidden === b.is_hidden && a.sections === b.sections);

const sameSettings = (a: Omit<TreeLevelProps, 'sections'>, b: Omit<TreeLevelProps, 'sections'>) =>
  a.showHidden === b.showHidden && a.showCompleted === b.showCompleted && a.onOpen === b.onOpen && a.marks === b.marks;

/**
 * A level is drawn again only when what it shows changed: an answer typed in a section gives it
 * new objects up to the form, but its name, flags and children stay, so the level is skipped.
 */
function sameLevel(a: TreeLevelProps, b: TreeLevelProps): boolean {
  if (!sameSettings(a, b)) return false;
  if (a.sections === b.sections) return true;
  const before = Object.values(a.sections);
  const after = Object.values(b.sections);
  return before.length === after.length && before.every((s, i) => sameEntry(s, after[i]!));
}

export const TreeLevel = memo(function TreeLevel({ sections, showHidden, showCompleted, onOpen, marks }: TreeLevelProps) {
  const visible = Object.values(sections).filter((s) => (showHidden || !s.is_hidden) && (showCompleted || !s.complete));
  if (visible.length === 0) return null;
  return (
    <ul>
      {visible.map((s) => (
        <TreeEntry key={s.id} section={s} showHidden={showHidden} showCompleted={showCompleted} onOpen={onOpen} marks={marks} />
      ))}
    </ul>
  );
}, sameLevel);

interface TreeEntryProps extends Omit<TreeLevelProps, 'sections'> {
  section: VisitSection;
}

const sameEntryProps = (a: TreeEntryProps, b: TreeEntryProps) => sameEntry(a.section, b.section) && sameSettings(a, b);

const TreeEntry = memo(function TreeEntry({ section: s, showHidden, showCompleted, onOpen, marks }: TreeEntryProps) {
  // A number, compared by value: an entry wakes only when its own mark changes.
  const mark = useSyncExternalStore(marks.subscribe, () => {
    const { currentId, counts } = marks.get();
    return (counts.get(s.id) ?? 0) * 2 + (currentId === s.id ? 1 : 0);
  });
  const current = mark % 2 === 1;
  const missing = Math.floor(mark / 2);
  return (
    <li>
      <button
        type="button"
        className={`link-button tree-nav__section${s.complete ? ' is-complete' : ''}${s.is_hidden ? ' is-hidden' : ''}`}
        aria-current={current ? 'true' : undefined}
        onClick={() => onOpen(s.id)}
      >
        {s.name}
      </button>
      {/* Beside the button, not in its name: the section is still called by its name alone. */}
      <MissingMark count={missing} />
      <TreeLevel sections={s.sections} showHidden={showHidden} showCompleted={showCompleted} onOpen={onOpen} marks={marks} />
    </li>
  );
}, sameEntryProps);

/**
 * A visit not downloaded here yet: what the list knows of it (readable offline once the list was
 * pulled), and its own download, start and take-over, so the inspector need not go back to the list.
 */
export function NotOnDevice({
  entry,
  copy,
  startedId,
  loaded,
  actions,
}: {
  entry: VisitListDoc | undefined;
  copy: VisitCopyMeta | undefined;
  startedId: number | null;
  loaded: boolean;
  actions: ReturnType<typeof useVisitActions>;
}) {
  return (
    <main id="main" className="page visit-page stack">
      {entry ? (
        <section className="panel stack" aria-labelledby="visit-title">
          <h1 id="visit-title" className="page-title">
            {entry.visit.name}
          </h1>
          <p className="muted">
            {entry.property.name} · {entry.property.address}, {entry.property.postal_code} {entry.property.city}
          </p>
          <p className="muted small">
            <VisitStatePill state={entry.visit.state} /> {entry.visit.late ? <span className="status-tag status-tag--rejected">{t.late}</span> : null}{' '}
            {t.notYetDownloaded}
            {startedElsewhere(entry.visit, actions.userId, false) ? ` ${t.startedElsewhereDetail}` : ''}
          </p>
          <VisitActionButtons visit={entry.visit} copy={copy} startedId={startedId} actions={actions} />
        </section>
      ) : (
        <p className="muted">{loaded ? t.notDownloaded : t.loading}</p>
      )}
      <Link to="/visites" className="btn btn--secondary">
        {t.visitList}
      </Link>
    </main>
  );
}

/** 'S'y rendre': the address in the device's maps app (geo: on Android, Plans on iOS), a web map elsewhere. */
export function GoThere({ address }: { address: string }) {
  const { href, newTab } = mapsLink(address, mapsPlatform(navigator.userAgent, navigator.maxTouchPoints));
  return (
    <a className="btn btn--ghost" href={href} {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {t.goThere}
    </a>
  );
}
