/**
 * /visite-detail/:id (spec part 2 §2.2): the drawer (visit info, 'go there',
 * actions, forms tree, two switches), the toolbar (edit mode for the started
 * visit, save — orange while changes wait —, previous/next section wrapping
 * round, section complete) and the main area. Works from the local copy,
 * offline; fields are disabled unless this visit is the one started here.
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { VISIT_STATE_LABELS, flattenSections, type VisitListDoc, type VisitLocalCopy, type VisitSection } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { downscaleImage } from '../../services/image-downscale';
import { Button } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormCards, SectionView } from './section-view';
import { FilesDialog } from './files-dialog';
import { updateSection, useVisitEditor } from './use-visit-editor';
import { useLocalCopies, useVisitActions, useVisitEntry } from './use-visits';
import { VisitActionButtons } from './visit-action-buttons';
import './visits.css';

interface Position {
  formId: string | null;
  sectionId: string | null;
}

export function VisitDetailPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const visitId = Number(id);
  const navigate = useNavigate();
  const editor = useVisitEditor(visitId);
  const actions = useVisitActions();
  const stored = useVisitEntry(visitId);
  const copies = useLocalCopies();
  const entry = stored.value;
  const startedId = [...copies.entries()].find(([, c]) => c.started)?.[0] ?? null;
  const [at, setAt] = useState<Position>({ formId: null, sectionId: null });
  const [editMode, setEditMode] = useState(false);
  const [showHidden, setShowHidden] = useState(false);
  const [showCompleted, setShowCompleted] = useState(true);
  const [filesOpen, setFilesOpen] = useState(false);
  const [closing, setClosing] = useState<'draft' | 'terminate' | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const { copy, forms } = editor;

  // Navigation order: every section of every form, depth first.
  const order = useMemo(() => (forms ? Object.values(forms).flatMap((f) => flattenSections(f.sections).map((s) => ({ formId: f.form_id, section: s }))) : []), [forms]);
  if (!copy || !forms) return <NotOnDevice entry={entry} copy={copies.get(visitId)} startedId={startedId} loaded={editor.loaded && stored.loaded} actions={actions} />;
  const started = copy.started;
  const disabled = !started;
  const current = at.sectionId ? order.find((o) => o.section.id === at.sectionId)?.section : undefined;
  const form = at.formId ? forms[at.formId] : undefined;
  // A form chosen without a section shows its top sections, as a section would show its children.
  const formLevel: VisitSection | undefined = form && !current ? { id: form.form_id, name: form.form_name, complete: false, is_hidden: false, is_iterable: false, comment: '', add_comment: false, section_answer_id: null, fields: {}, sections: form.sections } : undefined;
  const shown = current ?? formLevel;
  const open = (sectionId: string) => {
    setAt({ formId: order.find((o) => o.section.id === sectionId)?.formId ?? at.formId, sectionId });
    setMenuOpen(false);
  };
  const step = (delta: number) => {
    if (order.length === 0) return;
    const index = order.findIndex((o) => o.section.id === at.sectionId);
    const next = order[(index + delta + order.length) % order.length]!;
    setAt({ formId: next.formId, sectionId: next.section.id });
  };
  const changeShown = (change: (s: VisitSection) => VisitSection) => {
    if (current) editor.update((f) => updateSection(f, current.id, change));
    else if (form && formLevel) editor.update((f) => ({ ...f, [form.form_id]: { ...form, sections: change(formLevel).sections } }));
  };
  const keepFile = async (file: File, name: string) => {
    const engine = await getEngine();
    // Camera photos are reduced like every other upload (other types keep the name the answer
    // refers to, so they are left as they are). Kept under the generated name, sent with the original.
    const kept = file.type === 'image/jpeg' ? await downscaleImage(file) : file;
    await engine.store?.files.put({ id: `visit-${visitId}-${name}`, blob: kept, name: file.name, type: kept.type, size: kept.size });
  };
  const leave = async (to: string) => {
    if (editor.dirty && !(await editor.save())) return; // a failed save keeps the user here
    void navigate({ to });
  };

  return (
    <main id="main" className={`visit${menuOpen ? ' visit--menu' : ''}`}>
      <aside className="visit__drawer" aria-label="Menu de la visite">
        <button type="button" className="icon-button visit__menu-button" aria-label="Fermer le menu" onClick={() => setMenuOpen(false)}>
          <Icon name="close" />
        </button>
        <button type="button" className="visit__title link-button" onClick={() => setAt({ formId: null, sectionId: null })}>
          {copy.info.visit_name}
        </button>
        <p className="small">
          {copy.info.realestate_name}
          <br />
          {copy.info.realestate_address}, {copy.info.realestate_postal_code} {copy.info.realestate_city}
        </p>
        <a className="btn btn--ghost" target="_blank" rel="noreferrer" href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${copy.info.realestate_address} ${copy.info.realestate_postal_code} ${copy.info.realestate_city}`)}`}>
          S’y rendre
        </a>
        <div className="visit__actions">
          {started ? (
            <>
              <Button variant="secondary" onClick={() => setClosing('draft')}>
                Pause
              </Button>
              <Button onClick={() => setClosing('terminate')}>Terminer</Button>
            </>
          ) : (
            <p className="muted small">{copy.closing ? 'Envoi de la visite en cours…' : 'Démarrez la visite pour la remplir.'}</p>
          )}
          <Button variant="ghost" onClick={() => setFilesOpen(true)}>
            Fichiers de la visite
          </Button>
          <Button variant="ghost" onClick={() => void leave(`/visite-fiche/${visitId}`)}>
            Fiche
          </Button>
        </div>
        <label className="switch">
          <input type="checkbox" role="switch" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} /> Afficher les éléments désactivés
        </label>
        <label className="switch">
          <input type="checkbox" role="switch" checked={showCompleted} onChange={(e) => setShowCompleted(e.target.checked)} /> Afficher les sections complétées
        </label>
        <nav aria-label="Formulaires">
          <ul className="tree-nav">
            {Object.values(forms).map((f) => (
              <li key={f.form_id}>
                <button type="button" className="link-button tree-nav__form" aria-current={at.formId === f.form_id && !at.sectionId ? 'true' : undefined} onClick={() => (setAt({ formId: f.form_id, sectionId: null }), setMenuOpen(false))}>
                  {f.form_name}
                </button>
                <TreeLevel sections={f.sections} currentId={at.sectionId} showHidden={showHidden} showCompleted={showCompleted} onOpen={open} />
              </li>
            ))}
          </ul>
        </nav>
      </aside>

      <div className="visit__main">
        <div className="visit__toolbar" role="toolbar" aria-label="Outils de la visite">
          <button type="button" className="icon-button visit__menu-button" aria-label="Menu de la visite" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
            <Icon name="menu" />
          </button>
          <button type="button" className="icon-button" aria-label="Retour à la liste" onClick={() => void leave('/visites')}>
            <Icon name="back" />
          </button>
          {started ? (
            <label className="switch">
              <input type="checkbox" role="switch" checked={editMode} onChange={(e) => setEditMode(e.target.checked)} /> Édition
            </label>
          ) : null}
          <Button variant={editor.dirty ? 'primary' : 'ghost'} disabled={disabled && !editor.dirty} onClick={() => void editor.save()}>
            {editor.dirty ? 'Enregistrer •' : 'Enregistré'}
          </Button>
          <button type="button" className="icon-button" aria-label="Section précédente" onClick={() => step(-1)}>
            <Icon name="previous" />
          </button>
          <button type="button" className="icon-button" aria-label="Section suivante" onClick={() => step(1)}>
            <Icon name="next" />
          </button>
          {current ? (
            <button type="button" className={`btn ${current.complete ? 'btn--success' : 'btn--ghost'}`} aria-pressed={current.complete} disabled={disabled} onClick={() => changeShown((s) => ({ ...s, complete: !s.complete }))}>
              {current.complete ? 'Section complète' : 'Marquer complète'}
            </button>
          ) : null}
        </div>
        {!started ? (
          <div className="alert alert--info stack">
            <p>Lecture seule : cette visite n’est pas démarrée sur cet appareil.</p>
            {entry && !copy.closing ? <VisitActionButtons visit={entry.visit} copy={copy} startedId={startedId} actions={actions} /> : null}
          </div>
        ) : null}
        {shown ? (
          <>
            <h2 className="page-title">{shown.name}</h2>
            <SectionView section={shown} disabled={disabled} editMode={editMode && started} showHidden={showHidden} showCompleted={showCompleted} onOpen={open} onChangeSection={changeShown} onFile={keepFile} />
          </>
        ) : (
          <FormCards forms={forms} onOpen={(formId) => setAt({ formId, sectionId: null })} />
        )}
      </div>

      <FilesDialog open={filesOpen} visitId={visitId} files={copy.files} onClose={() => setFilesOpen(false)} />
      <ConfirmDialog
        open={closing !== null}
        title={closing === 'terminate' ? 'Terminer la visite ?' : 'Mettre la visite en pause ?'}
        confirmLabel={closing === 'terminate' ? 'Terminer' : 'Pause'}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          const mode = closing;
          setClosing(null);
          if (!mode) return;
          editor.handOver();
          void actions.close(visitId, mode, copy, forms).then((ok) => {
            if (ok) void navigate({ to: '/visites' });
          });
        }}
      >
        <p>Les réponses, la fiche et les fichiers seront envoyés{navigator.onLine ? '' : ' dès le retour du réseau'}. La copie locale sera retirée une fois tout reçu par le serveur.</p>
      </ConfirmDialog>
    </main>
  );
}

function TreeLevel({ sections, currentId, showHidden, showCompleted, onOpen }: { sections: Record<string, VisitSection>; currentId: string | null; showHidden: boolean; showCompleted: boolean; onOpen: (id: string) => void }) {
  const visible = Object.values(sections).filter((s) => (showHidden || !s.is_hidden) && (showCompleted || !s.complete));
  if (visible.length === 0) return null;
  return (
    <ul>
      {visible.map((s) => (
        <li key={s.id}>
          <button type="button" className={`link-button tree-nav__section${s.complete ? ' is-complete' : ''}${s.is_hidden ? ' is-hidden' : ''}`} aria-current={s.id === currentId ? 'true' : undefined} onClick={() => onOpen(s.id)}>
            {s.name}
          </button>
          <TreeLevel sections={s.sections} currentId={currentId} showHidden={showHidden} showCompleted={showCompleted} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A visit not downloaded here yet: what the list knows of it (readable offline once the list was
 * pulled), and its own download, start and take-over, so the inspector need not go back to the list.
 */
function NotOnDevice({ entry, copy, startedId, loaded, actions }: { entry: VisitListDoc | undefined; copy: VisitLocalCopy | undefined; startedId: number | null; loaded: boolean; actions: ReturnType<typeof useVisitActions> }) {
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
            <span className={`status-tag visit-state--${entry.visit.state}`}>{VISIT_STATE_LABELS[entry.visit.state]}</span> Cette visite n’est pas encore téléchargée sur cet appareil.
          </p>
          <VisitActionButtons visit={entry.visit} copy={copy} startedId={startedId} actions={actions} />
        </section>
      ) : (
        <p className="muted">{loaded ? 'Cette visite n’est pas téléchargée sur cet appareil. Téléchargez-la depuis la liste des visites.' : 'Chargement…'}</p>
      )}
      <Link to="/visites" className="btn btn--secondary">
        Liste des visites
      </Link>
    </main>
  );
}
