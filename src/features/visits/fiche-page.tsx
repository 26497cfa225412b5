/**
 * /visite-fiche/:id (spec part 2 §2.2): the read-only summary of every form,
 * section and field in cards. Leaving saves what waits and turns edit mode
 * off; the back arrow returns to the detail after 50 ms. The route's
 * `data=true` query goes back to the detail with it.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { flattenSections, formNote, formProgress, type VisitField } from '../../../sync/index';
import { Icon } from '../../ui/icons';
import { useVisitEditor } from './use-visit-editor';
import { visitTexts as t } from './texts';
import { useSaveBeforeLeaving } from './leave-guard';
import { FactRow, Facts } from '../../ui/facts';
import './visits.css';

const route = getRouteApi('/visite-fiche/$id');

const NAVIGATION_DELAY_MS = 50;

function answerText(field: VisitField): string {
  if (field.field_type === 'boolean') return field.field_value[0] === '1' ? t.yes : field.field_value[0] === '0' ? t.no : '—';
  if (field.field_type === 'file' || field.field_type === 'image')
    return (
      field.files
        .filter((f) => !f.deleted)
        .map((f) => f.originalName)
        .join(', ') || '—'
    );
  return field.field_value.join(', ') || '—';
}

export function VisitFichePage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const search = route.useSearch();
  const editor = useVisitEditor(Number(id));
  const { copy, forms, loaded } = editor;
  useSaveBeforeLeaving(editor);
  const back = () => setTimeout(() => void navigate({ to: '/visite-detail/$id', params: { id }, search }), NAVIGATION_DELAY_MS);
  return (
    <main id="main" className="page visit-page">
      <div className="toolbar-row">
        <button type="button" className="icon-button" aria-label={t.backToVisit} onClick={back}>
          <Icon name="back" />
        </button>
        <h1 className="page-title">{t.ficheTitle(copy?.info.visit_name ?? '')}</h1>
      </div>
      {!forms ? <p className="muted">{loaded ? t.ficheNotDownloaded : t.loading}</p> : null}
      {forms
        ? Object.values(forms).map((form) => {
            const progress = formProgress(form);
            const note = formNote(form);
            return (
              <section key={form.form_id} className="fiche-form">
                <h2>{form.form_name}</h2>
                <p className="muted small">{t.ficheProgress(progress.percent, note)}</p>
                {flattenSections(form.sections)
                  .filter((s) => !s.is_hidden)
                  .map((s) => (
                    <article key={s.id} className="panel fiche-section">
                      <h3>
                        {s.name} {s.complete ? <span className="status-tag">{t.complete}</span> : null}
                      </h3>
                      <Facts>
                        {Object.values(s.fields)
                          .filter((f) => !f.is_hidden && f.field_type !== 'title' && f.field_type !== 'description')
                          .map((f) => (
                            <FactRow key={f.id} label={f.name}>
                              {answerText(f)}
                              {f.comment ? <span className="muted"> — {f.comment}</span> : null}
                            </FactRow>
                          ))}
                      </Facts>
                      {s.comment ? <p className="pre muted">{s.comment}</p> : null}
                    </article>
                  ))}
              </section>
            );
          })
        : null}
    </main>
  );
}
