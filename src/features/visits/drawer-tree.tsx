/**
 * The drawer's forms tree (spec part 2 §2.2): each form's sections, nested,
 * with the section shown marked current and the required fields left empty
 * counted beside each entry. A large inventory (thousands of sections) is
 * drawn as a window of rows over the drawer's scroll (only the rows in view
 * exist): drawing, styling and laying out 4,000 entries took ~1.5 s at 4×
 * each time the drawer opened on a phone.
 */
import { memo, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { VisitSection } from '../../../sync/index';
import { shownWith } from '../../domain/visits';
import { MissingMark } from './required-fields';

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

/** One entry's mark, followed on its own: a number compared by value, so an entry wakes only when its mark changes. */
function useEntryMark(marks: TreeMarksStore, id: string): { current: boolean; missing: number } {
  const mark = useSyncExternalStore(marks.subscribe, () => {
    const { currentId, counts } = marks.get();
    return (counts.get(id) ?? 0) * 2 + (currentId === id ? 1 : 0);
  });
  return { current: mark % 2 === 1, missing: Math.floor(mark / 2) };
}

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

const TreeLevel = memo(function TreeLevel({ sections, showHidden, showCompleted, onOpen, marks }: TreeLevelProps) {
  const visible = Object.values(sections).filter((s) => shownWith(s, showHidden, showCompleted));
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
  const { current, missing } = useEntryMark(marks, s.id);
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
 * From this many visible entries in a form, the tree is drawn as a window of rows. Opening the drawer
 * lays its tree out (it is not displayed while closed): 200 nested entries took ~100 ms at 4×.
 */
export const VIRTUAL_FROM = 100;
const ROW_PX = 32;
const OVERSCAN = 10;

interface Row {
  section: VisitSection;
  depth: number;
}

/** The visible entries of a level and its children, depth first, as the nested tree shows them. */
function rowsOf(sections: Record<string, VisitSection>, showHidden: boolean, showCompleted: boolean, depth = 0, out: Row[] = []): Row[] {
  for (const id in sections) {
    const section = sections[id]!;
    if (!shownWith(section, showHidden, showCompleted)) continue;
    out.push({ section, depth });
    rowsOf(section.sections, showHidden, showCompleted, depth + 1, out);
  }
  return out;
}

/** A form's sections: the nested tree, or a window of rows when it has VIRTUAL_FROM entries or more. */
export const FormTree = memo(function FormTree(props: TreeLevelProps) {
  const { sections, showHidden, showCompleted } = props;
  const rows = useMemo(() => rowsOf(sections, showHidden, showCompleted), [sections, showHidden, showCompleted]);
  if (rows.length < VIRTUAL_FROM) return <TreeLevel {...props} />;
  return <RowWindow rows={rows} onOpen={props.onOpen} marks={props.marks} />;
});

/** The rows in view of the drawer's scroll (and a few around), each at its place in a list of the full height. */
function RowWindow({ rows, onOpen, marks }: { rows: Row[]; onOpen: (id: string) => void; marks: TreeMarksStore }) {
  const list = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState({ from: 0, to: OVERSCAN * 3 });
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const scroller = element.closest<HTMLElement>('[data-tree-scroll]');
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const view = scroller?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
      if (view.bottom <= view.top) return; // the drawer is closed: nothing in view to follow
      const from = Math.max(0, Math.floor((view.top - top) / ROW_PX) - OVERSCAN);
      const to = Math.min(rows.length, Math.max(from, Math.ceil((view.bottom - top) / ROW_PX) + OVERSCAN));
      setRange((r) => (r.from === from && r.to === to ? r : { from, to }));
    };
    measure();
    const target: HTMLElement | Window = scroller ?? window;
    target.addEventListener('scroll', measure, { passive: true });
    // Opening the drawer on a phone shows it without a scroll: its new size says so.
    const resized = new ResizeObserver(measure);
    resized.observe(scroller ?? element);
    return () => {
      target.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [rows.length]);
  return (
    <ul ref={list} className="tree-nav__window" style={{ height: rows.length * ROW_PX }}>
      {rows.slice(range.from, range.to).map((row, i) => (
        <WindowRow key={row.section.id} row={row} index={range.from + i} count={rows.length} onOpen={onOpen} marks={marks} />
      ))}
    </ul>
  );
}

interface WindowRowProps {
  row: Row;
  index: number;
  count: number;
  onOpen: (id: string) => void;
  marks: TreeMarksStore;
}

const sameRow = (a: WindowRowProps, b: WindowRowProps) =>
  sameEntry(a.row.section, b.row.section) &&
  a.row.depth === b.row.depth &&
  a.index === b.index &&
  a.count === b.count &&
  a.onOpen === b.onOpen &&
  a.marks === b.marks;

const WindowRow = memo(function WindowRow({ row, index, count, onOpen, marks }: WindowRowProps) {
  const { current, missing } = useEntryMark(marks, row.section.id);
  const s = row.section;
  return (
    // Its place in the whole list is said, as the rows out of view are not there.
    <li style={{ top: index * ROW_PX, paddingLeft: `${row.depth * 0.75}rem` }} aria-posinset={index + 1} aria-setsize={count}>
      <button
        type="button"
        className={`link-button tree-nav__section${s.complete ? ' is-complete' : ''}${s.is_hidden ? ' is-hidden' : ''}`}
        aria-current={current ? 'true' : undefined}
        title={s.name}
        onClick={() => onOpen(s.id)}
      >
        {s.name}
      </button>
      <MissingMark count={missing} />
    </li>
  );
}, sameRow);
