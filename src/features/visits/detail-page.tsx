/**
 * /visite-detail/:id (spec part 2 §2.2): the drawer (visit info, 'go there',
 * actions, forms tree, two switches), the toolbar (edit mode for the started
 * visit, save — orange while changes wait —, previous/next section wrapping
 * round, section complete) and the main area. Works from the local copy,
 * offline; fields are disabled unless this visit is the one started here.
 * The loader hides 1000 ms after the forms have loaded (§9); leaving with
 * pending changes saves first, whatever the way out (leave-guard.ts). The
 * route's optional `data=true` query is passed through to the fiche.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { findSection, flattenSections, updateField, updateSection, type VisitData, type VisitForm, type VisitSection } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { Button } from '../../ui/controls';
import { afterPaint } from '../../ui/after-paint';
import { Icon } from '../../ui/icons';
import { useStableCallback } from '../../ui/use-stable-callback';
import { useToastsBelow } from '../../ui/use-toasts-below';
import { FormCards, SectionView } from './section-view';
import { FORM_STATE_OFF } from './typed-input';
import { FilesDialog } from './files-dialog';
import { useVisitEditor } from './use-visit-editor';
import { prepareFieldPhoto } from './field-photo';
import { useLocalCopies, useVisitActions, useVisitEntry } from './use-visits';
import { VisitActionButtons } from './visit-action-buttons';
import { NotOnDevice } from './detail-parts';
import { createTreeMarks } from './drawer-tree';
import { useMissingCounts } from './required-fields';
import { VisitDrawer } from './visit-drawer';
import { ClosingDialog, type ClosingMode } from './closing-dialog';
import { DelayedLoader, FORMS_LOADER_MS } from './delayed-loader';
import { useSaveBeforeLeaving } from './leave-guard';
import type { VisitSearch } from '../../domain/route-search';
import { visitTexts as t } from './texts';
import './visits.css';

const route = getRouteApi('/visite-detail/$id');

interface Position {
  formId: string | null;
  sectionId: string | null;
}

export function VisitDetailPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const editor = useVisitEditor(Number(id));
  return (
    <>
      <DelayedLoader loaded={editor.loaded} delayMs={FORMS_LOADER_MS} label={t.formsLoading} />
      <VisitDetail visitId={Number(id)} editor={editor} search={search} />
    </>
  );
}

/**
 * Navigation order: every section of every form, depth first. Built on a click, not at each render,
 * and kept per outline (the forms as a structure change left them; answers do not move sections).
 */
const orders = new WeakMap<VisitData, { formId: string; sectionId: string }[]>();
function navigationOrder(outline: VisitData) {
  let order = orders.get(outline);
  if (!order) {
    order = Object.values(outline).flatMap((f) => flattenSections(f.sections).map((section) => ({ formId: f.form_id, sectionId: section.id })));
    orders.set(outline, order);
  }
  return order;
}

const formAsSection = (form: VisitForm): VisitSection => ({
  id: form.form_id,
  name: form.form_name,
  complete: false,
  is_hidden: false,
  is_iterable: false,
  comment: '',
  add_comment: false,
  section_answer_id: null,
  fields: {},
  sections: form.sections,
});

function VisitDetail({ visitId, editor, search }: { visitId: number; editor: ReturnType<typeof useVisitEditor>; search: VisitSearch }) {
  const navigate = useNavigate();
  useSaveBeforeLeaving(editor);
  const actions = useVisitActions();
  const stored = useVisitEntry(visitId);
  const copies = useLocalCopies();
  const entry = stored.value;
  const startedId = [...copies.entries()].find(([, c]) => c.started)?.[0] ?? null;
  const [at, moveTo] = useState<Position>({ formId: null, sectionId: null });
  const { settle } = editor;
  // Text typed and held by the draft goes into the forms before another section is shown from them.
  const setAt = useCallback((position: Position) => (settle(), moveTo(position)), [settle]);
  const [editMode, setEditMode] = useState(false);
  const [showHidden, setShowHidden] = useState(false);
  const [showCompleted, setShowCompleted] = useState(true);
  const [filesOpen, setFilesOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback(() => setLeaving(true), []);
  // The pause's and end's dialog, opened without rendering this screen (closing-dialog.tsx).
  const openClosing = useRef<((mode: ClosingMode) => void) | null>(null);
  const closeVisit = useStableCallback(actions.close);
  // Closed to typing by the closing dialog from the confirmation until the screen leaves.
  const editing = useRef<HTMLDivElement>(null);
  const toolbar = useToastsBelow();
  const { copy, forms } = editor;

  const counts = useMissingCounts(forms);
  // Found by a walk that stops at it: nothing over the whole visit at each pause in typing.
  const current = at.sectionId && forms ? findSection(forms, at.sectionId)?.section : undefined;
  const [marks] = useState(createTreeMarks);
  useLayoutEffect(() => marks.set({ currentId: at.sectionId, counts }), [marks, at.sectionId, counts]);
  const form = at.formId && forms ? forms[at.formId] : undefined;
  // A form chosen without a section shows its top sections, as a section would show its children.
  const formLevel = useMemo(() => (form && !current ? formAsSection(form) : undefined), [form, current]);
  const shown = current ?? formLevel;
  // Stable identities: the memoised fields and tree entries skip the render of a keystroke elsewhere.
  const open = useStableCallback((sectionId: string) => {
    setAt({ formId: (forms && findSection(forms, sectionId)?.formId) ?? at.formId, sectionId });
    setMenuOpen(false);
  });
  const openForm = useStableCallback((formId: string | null) => {
    setAt({ formId, sectionId: null });
    if (formId) setMenuOpen(false);
  });
  // A pause sends the latest answers when confirmed; an end lists what is missing, from the settled forms.
  // Each opens after the click's frame is painted (see the save button).
  const pauseVisit = useCallback(() => afterPaint(() => openClosing.current?.('draft')), []);
  const terminateVisit = useCallback(() => afterPaint(() => (settle(), openClosing.current?.('terminate'))), [settle]);
  const openFiles = useCallback(() => setFilesOpen(true), []);
  const closeFiles = useCallback(() => setFilesOpen(false), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const changeShown = useStableCallback((change: (s: VisitSection) => VisitSection) => {
    if (current) editor.update((f) => updateSection(f, current.id, change));
    else if (form && formLevel) editor.update((f) => ({ ...f, [form.form_id]: { ...form, sections: change(formLevel).sections } }));
  });
  const { update } = editor;
  const keepFile = useCallback(
    async (picked: File, fieldId: string): Promise<string | null> => {
      // Reduced like every other picker, then checked on what will be sent (field-photo.ts).
      const prepared = await prepareFieldPhoto(picked);
      if (!prepared.ok) return prepared.message;
      try {
        const engine = await getEngine();
        // Kept under the generated name the answer refers to, until the server has it.
        await engine.visits.keepFieldPhoto(visitId, prepared.entry.name, prepared.file, prepared.entry.originalName);
      } catch (error) {
        console.warn('Photo de visite non gardée', error);
        return t.notKept;
      }
      update((f) => updateField(f, fieldId, (field) => ({ ...field, files: [...field.files, prepared.entry] })));
      return null;
    },
    [visitId, update],
  );
  if (leaving) return <main id="main" className="visit" aria-busy="true" />;
  if (!copy || !forms)
    return <NotOnDevice entry={entry} copy={copies.get(visitId)} startedId={startedId} loaded={editor.loaded && stored.loaded} actions={actions} />;
  const started = copy.started;
  const disabled = !started;
  const step = (delta: number) => {
    const order = navigationOrder(editor.outline ?? forms);
    if (order.length === 0) return;
    const index = order.findIndex((o) => o.sectionId === at.sectionId);
    const next = order[(index + delta + order.length) % order.length]!;
    setAt({ formId: next.formId, sectionId: next.sectionId });
  };

  return (
    <main id="main" className={`visit${menuOpen ? ' visit--menu' : ''}`}>
      <VisitDrawer
        visitId={visitId}
        copy={copy}
        outline={editor.outline ?? forms}
        counts={counts}
        formShown={at.sectionId ? null : at.formId}
        marks={marks}
        search={search}
        showHidden={showHidden}
        showCompleted={showCompleted}
        onShowHidden={setShowHidden}
        onShowCompleted={setShowCompleted}
        onOpenForm={openForm}
        onOpenSection={open}
        onPause={pauseVisit}
        onTerminate={terminateVisit}
        onFiles={openFiles}
        onClose={closeMenu}
      />

      <div className="visit__main" ref={editing}>
        <div className="visit__toolbar" role="toolbar" aria-label={t.toolbar} ref={toolbar}>
          <button
            type="button"
            className="icon-button visit__menu-button"
            aria-label={t.openMenu}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <Icon name="menu" />
          </button>
          <button type="button" className="icon-button" aria-label={t.backToList} onClick={() => void navigate({ to: '/visites' })}>
            <Icon name="back" />
          </button>
          {started ? (
            <label className="switch">
              <input type="checkbox" role="switch" {...FORM_STATE_OFF} checked={editMode} onChange={(e) => setEditMode(e.target.checked)} /> {t.editMode}
            </label>
          ) : null}
          {/* The save starts after the click's frame is painted: the browser's own handling of a click (pointer,
              mouse and focus events, hit testing) is 30-40 ms of its task on a slow phone (4×), and the save's first
              steps as much again; together they were one task over 50 ms (issue 22). */}
          <Button variant={editor.dirty ? 'primary' : 'ghost'} disabled={disabled && !editor.dirty} onClick={() => afterPaint(() => void editor.save())}>
            {editor.dirty ? t.saveDirty : t.saved}
          </Button>
          <button type="button" className="icon-button" aria-label={t.previousSection} onClick={() => step(-1)}>
            <Icon name="previous" />
          </button>
          <button type="button" className="icon-button" aria-label={t.nextSection} onClick={() => step(1)}>
            <Icon name="next" />
          </button>
          {current ? (
            <button
              type="button"
              className={`btn ${current.complete ? 'btn--success' : 'btn--ghost'}`}
              aria-pressed={current.complete}
              disabled={disabled}
              onClick={() => changeShown((s) => ({ ...s, complete: !s.complete }))}
            >
              {current.complete ? t.sectionComplete : t.markComplete}
            </button>
          ) : null}
        </div>
        {!started ? (
          <div className="alert alert--info stack">
            <p>{t.readOnly}</p>
            {entry && !copy.closing ? <VisitActionButtons visit={entry.visit} copy={copy} startedId={startedId} actions={actions} /> : null}
          </div>
        ) : null}
        {shown ? (
          <>
            <h2 className="page-title">{shown.name}</h2>
            <SectionView
              section={shown}
              disabled={disabled}
              editMode={editMode && started}
              realSection={Boolean(current)}
              showHidden={showHidden}
              showCompleted={showCompleted}
              onOpen={open}
              onChangeSection={changeShown}
              onAnswer={editor.answer}
              onComment={editor.comment}
              onChangeField={editor.changeField}
              onFile={keepFile}
            />
          </>
        ) : (
          <FormCards forms={forms} onOpen={(formId) => setAt({ formId, sectionId: null })} />
        )}
      </div>

      <FilesDialog open={filesOpen} visitId={visitId} files={copy.files} onClose={closeFiles} />
      <ClosingDialog
        openRef={openClosing}
        visitId={visitId}
        copy={copy}
        forms={forms}
        latestForms={editor.latestForms}
        handOver={editor.handOver}
        close={closeVisit}
        editing={editing}
        onLeaving={leave}
        onOpenSection={open}
      />
    </main>
  );
}
