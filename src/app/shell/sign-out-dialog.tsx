/**
 * The sign-out warning, built on the engine's one list of unsent work: it
 * names each kind with its count and the objects (queued and refused
 * commands, drafts, visits with unsaved answers, photos not yet queued), and
 * offers to send now (then signs out if nothing is left), to export
 * everything as one file, to cancel, or to sign out anyway. Nothing is wiped
 * without that explicit choice. `useSignOut` is the one way to sign out.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { UnsentItem, UnsentWork } from '../../../sync/index';
import { getEngine, logoutEverywhere } from '../../services/engine';
import { downloadExport } from '../../services/export';
import { handleError } from '../../services/errors';
import { Button } from '../../ui/controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { signOutTexts as t } from './sign-out-texts';
import { useOnline } from '../../services/use-online';

const SHOWN_PER_KIND = 4;
const KINDS: { kind: UnsentItem['kind']; sentence: (n: number) => string }[] = [
  { kind: 'command', sentence: t.queued },
  { kind: 'refused', sentence: t.refused },
  { kind: 'draft', sentence: t.drafts },
  { kind: 'unsaved-visit', sentence: t.unsavedVisits },
  { kind: 'file', sentence: t.files },
];

/** Reads the unsent work; resolves null when there is none (sign out at once). */
export async function readUnsentWork(): Promise<UnsentWork | null> {
  const work = await (await getEngine()).unsentWork();
  return work.total > 0 ? work : null;
}

/** Each kind of unsent work with its count and the objects it concerns (the sign-out warning, the need-update screen). */
export function UnsentList({ work }: { work: UnsentWork }) {
  return (
    <ul className="unsent-list" aria-label={t.listLabel}>
      {KINDS.filter(({ kind }) => work.counts[kind] > 0).map(({ kind, sentence }) => {
        const names = [...new Set(work.items.filter((i) => i.kind === kind).map((i) => i.label))];
        const more = names.length - SHOWN_PER_KIND;
        return (
          <li key={kind}>
            <p>{sentence(work.counts[kind])}</p>
            <p className="muted small">
              {names.slice(0, SHOWN_PER_KIND).join(' · ')}
              {more > 0 ? ` · ${t.andMore(more)}` : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Sign-out everywhere it is offered (header menu, need-update screen): with nothing unsent the
 * user is signed out at once; otherwise the warning asks first. `dialog` is rendered by the caller.
 */
export function useSignOut(before?: () => void): { askSignOut(): Promise<void>; dialog: ReactNode } {
  const navigate = useNavigate();
  const [work, setWork] = useState<UnsentWork | null>(null);
  const signOut = async () => {
    setWork(null);
    await logoutEverywhere();
    void navigate({ to: '/login' });
  };
  const askSignOut = async () => {
    before?.();
    try {
      const unsent = await readUnsentWork();
      if (unsent) setWork(unsent);
      else await signOut();
    } catch (error) {
      handleError(error);
    }
  };
  const dialog = work ? <SignOutDialog work={work} onCancel={() => setWork(null)} onSignOut={() => void signOut()} /> : null;
  return { askSignOut, dialog };
}

export function SignOutDialog({ work, onCancel, onSignOut }: { work: UnsentWork; onCancel(): void; onSignOut(): void }) {
  const online = useOnline();
  const [current, setCurrent] = useState(work);
  const [sending, setSending] = useState(false);
  const sendNow = useCallback(async () => {
    setSending(true);
    try {
      const engine = await getEngine();
      await engine.sendNow();
      const left = await readUnsentWork();
      if (!left) return onSignOut();
      setCurrent(left);
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
    }
  }, [onSignOut]);

  return (
    <ModalDialog open title={t.title} onCancel={onCancel}>
      <div className="dialog__body">
        <UnsentList work={current} />
        <p>{t.loss}</p>
        {!online ? <p className="muted small">{t.sendOffline}</p> : null}
      </div>
      <div className="dialog__actions dialog__actions--wrap">
        <Button variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button variant="secondary" onClick={() => void downloadExport().catch(handleError)}>
          {t.export}
        </Button>
        {online ? (
          <Button variant="primary" disabled={sending} onClick={() => void sendNow()}>
            {sending ? t.sending : t.sendNow}
          </Button>
        ) : null}
        <Button variant="danger" onClick={onSignOut}>
          {t.signOutAnyway}
        </Button>
      </div>
    </ModalDialog>
  );
}
