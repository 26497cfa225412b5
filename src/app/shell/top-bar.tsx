/**
 * The top bar: page title, online/offline state, and the header menu (Home,
 * My account, Logout) as a disclosure reachable by keyboard.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { fr } from '../../i18n/fr';
import { useSnapshot } from 'valtio';
import { install, promptInstall } from '../../services/install';
import { engineState } from '../../services/engine';
// With the bar, not on demand: signing out offline must not wait for a chunk the page may not have.
import { useSignOut } from './sign-out-dialog';
import { Icon } from '../../ui/icons';
import { useOnline } from '../../services/use-online';

export function TopBar({ title }: { title: string }) {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const installable = useSnapshot(install).event !== null;
  const { pending, rejected } = useSnapshot(engineState);
  const unsent = pending + rejected;
  const pendingText = rejected > 0 ? fr.rejectedCount(rejected) : fr.pendingCount(pending);
  const { askSignOut, dialog } = useSignOut(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <header className="topbar">
      <Link to="/" className="topbar__brand" aria-label={fr.home}>
        <img src="/icons/icon-192.png" alt="" width={32} height={32} />
      </Link>
      <h1 className="topbar__title">{title}</h1>
      {unsent > 0 ? (
        <Link to="/envois-en-attente" className={`pending-chip${rejected > 0 ? ' pending-chip--rejected' : ''}`} aria-label={pendingText}>
          <Icon name="refresh" size={14} />
          <span aria-hidden="true">{rejected > 0 ? rejected : pending}</span>
          <span className="chip__text" aria-hidden="true">
            {pendingText.replace(/^\d+ /, '')}
          </span>
        </Link>
      ) : null}
      <span className={`net net--${online ? 'on' : 'off'}`} role="status">
        {online ? (
          <span className="sr-only">{fr.online}</span>
        ) : (
          <>
            <Icon name="wifiOff" size={16} /> <span className="chip__text">{fr.offline}</span>
            <span className="sr-only chip__alt">{fr.offline}</span>
          </>
        )}
      </span>
      <div className="menu" ref={menuRef}>
        <button type="button" className="icon-button" aria-label={fr.menu} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <Icon name="menu" />
        </button>
        {open ? (
          <div className="menu__list" role="menu">
            <Link role="menuitem" to="/" onClick={() => setOpen(false)}>
              <Icon name="home" size={18} /> {fr.home}
            </Link>
            <Link role="menuitem" to="/mon-compte" onClick={() => setOpen(false)}>
              <Icon name="user" size={18} /> {fr.myAccount}
            </Link>
            {installable ? (
              <button
                role="menuitem"
                type="button"
                onClick={() => {
                  setOpen(false);
                  void promptInstall();
                }}
              >
                <Icon name="download" size={18} /> {fr.install}
              </button>
            ) : null}
            <Link role="menuitem" to="/envois-en-attente" onClick={() => setOpen(false)}>
              <Icon name="refresh" size={18} /> {fr.pendingTitle}
            </Link>
            <button role="menuitem" type="button" onClick={() => void askSignOut()}>
              <Icon name="logout" size={18} /> {fr.logout}
            </button>
          </div>
        ) : null}
      </div>
      {dialog}
    </header>
  );
}
