/**
 * The action card of an OS detail (spec part 1 §4 "On detail"): by place and
 * can-flag, one advance button (completion, OS creation, sending; its code
 * from the server's next_step), or accept and refuse (signatures, purchase
 * orders; refusing confirms in a dialog with an optional reason: the spec's
 * step carries none), and 'Modifier' /
 * 'Reprendre' for an OS still editable. Offline, the step is queued and the
 * follow-up bar moves at once; the server's answer wins.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { type OsDashboard, type OsData, type OsPlace, osPlaceLabel } from '../../../sync/index';
import { mayEdit, osAction } from '../../domain/os';
import { capitalize } from '../../domain/format';
import { runOperation } from '../../services/commands';
import { Button } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { osTexts as t } from './texts';

interface Props {
  docId: string;
  os: OsData;
  dashboard: OsDashboard | null;
  user: { id: number; firstname: string; name: string } | null;
}

export function OsActions({ docId, os, dashboard, user }: Props) {
  const [busy, setBusy] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const action = osAction(os.place, os.price, dashboard, os.nextSteps ?? null);
  const editable = mayEdit(os.place, dashboard);
  if (!action && !editable) return null;
  const input = { osId: docId, place: os.place as OsPlace, price: os.price };

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  const refuse = () => {
    setRefusing(false);
    const author = { id: user?.id ?? 0, firstName: capitalize(user?.firstname ?? ''), lastName: user?.name ?? '' };
    void run(() => runOperation((e) => e.os.refuse({ ...input, reason, author }), { success: t.accepted }));
    setReason('');
  };

  return (
    <section className="panel os-action" aria-labelledby="os-action-title">
      <h2 id="os-action-title" className="panel__title">
        {t.actionTitle}
      </h2>
      {os.place === 'start' || os.place === 'request_init' ? <p>{t.draftNotice}</p> : null}
      {action?.kind === 'advance' ? (
        <>
          <p className="muted">{t.advanceTo(osPlaceLabel(action.target))}</p>
          <Button onClick={() => void run(() => runOperation((e) => e.os.advance({ ...input, code: action.code }), { success: t.moved }))} disabled={busy}>
            {t.advance[os.place] ?? t.advanceTo(osPlaceLabel(action.target))}
          </Button>
        </>
      ) : null}
      {action?.kind === 'decide' ? (
        <>
          <p>{t.decideText(osPlaceLabel(os.place))}</p>
          <div className="os-action__buttons">
            <Button onClick={() => void run(() => runOperation((e) => e.os.sign(input), { success: t.accepted }))} disabled={busy}>
              {t.accept}
            </Button>
            <Button variant="danger" onClick={() => setRefusing(true)} disabled={busy}>
              {t.refuse}
            </Button>
          </div>
        </>
      ) : null}
      {editable ? (
        <Link to="/requests-os-create" search={{ id: docId }} className="btn btn--secondary">
          {os.place === 'start' || os.place === 'request_init' ? t.resume : t.edit}
        </Link>
      ) : null}
      <ConfirmDialog
        open={refusing}
        title={t.refuseTitle}
        confirmLabel={t.refuseConfirm}
        cancelLabel={t.cancel}
        danger
        onConfirm={refuse}
        onCancel={() => setRefusing(false)}
      >
        <p>{t.refuseText}</p>
        <div className="field">
          <label htmlFor="os-refuse-reason">{t.refuseReason}</label>
          <textarea id="os-refuse-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
