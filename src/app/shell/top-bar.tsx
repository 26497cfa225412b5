/**
 * The top bar: page title, online/offline state, and the header menu (Home,
 * My account, Logout) as a disclosure reachable by keyboard.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { fr } from '../../i18n/fr';
import { useSnapshot } from 'valtio';
import { session } from '../../services/session';
import { install, promptInstall } from '../../services/install';
import { Icon } from '../../ui/icons';
import { useOnline } from './use-online';

export function TopBar({ title }: { title: string }) {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menuRef = useRef<HTMLDivElement>(null);
  const installable = useSnapshot(install).event !== null;

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

  const logout = () => {
    setOpen(false);
    session.logout();
    void navigate({ to: '/login' });
  };

  return (
    <header className="topbar">
      <Link to="/" className="topbar__brand" aria-label={fr.home}>
        <img src="/icons/icon-192.png" alt="" width={32} height={32} />
      </Link>
      <h1 className="topbar__title">{title}</h1>
      <span className={`net net--${online ? 'on' : 'off'}`} role="status">
        {online ? <span className="sr-only">{fr.online}</span> : <><Icon name="wifiOff" size={16} /> {fr.offline}</>}
      </span>
      <div className="menu" ref={menuRef}>
        <button type="button" className="icon-button" aria-label={fr.menu} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <Icon name="menu" />
        </button>
        {open ? (
          <div className="menu__list" role="menu">
            <Link role="menuitem" to="/" onClick={() => setOpen(false)}><Icon name="home" size={18} /> {fr.home}</Link>
            <Link role="menuitem" to="/mon-compte" onClick={() => setOpen(false)}><Icon name="user" size={18} /> {fr.myAccount}</Link>
            {installable ? (
              <button role="menuitem" type="button" onClick={() => { setOpen(false); void promptInstall(); }}><Icon name="download" size={18} /> {fr.install}</button>
            ) : null}
            <button role="menuitem" type="button" onClick={logout}><Icon name="logout" size={18} /> {fr.logout}</button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
