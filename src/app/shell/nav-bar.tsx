/** The bottom navigation by role and variant (default, visit, echopark), with the unread badge. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { fr } from '../../i18n/fr';
import { navItems, type NavVariant } from '../../domain/access';
import { session } from '../../services/session';
import { Icon } from '../../ui/icons';

export function NavBar({ variant }: { variant: NavVariant }) {
  const { user, unreadCount } = useSnapshot(session.state);
  if (!user) return null;
  const items = navItems(variant, user.roles);
  return (
    <nav className="navbar" aria-label={fr.mainNavigation}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              {...(item.search ? { search: item.search } : {})}
              activeOptions={{ exact: item.to === '/', includeSearch: false }}
              activeProps={{ className: 'active', 'aria-current': 'page' }}
            >
              <span className="navbar__icon">
                <Icon name={item.icon} />
                {item.badge === 'unread' && unreadCount > 0 ? (
                  <span className="badge" aria-label={fr.unread(unreadCount)}>
                    {unreadCount > 99 ? '99+' : unreadCount}
                  </span>
                ) : null}
              </span>
              <span className="navbar__label">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
