/**
 * The head of a detail screen (intervention, OS, echopark request): its title,
 * an optional line under it, the status line (pill, 'not sent' tag, creation
 * date), an optional notice, and when it was last refreshed with the refresh
 * button.
 */
import type { ReactNode } from 'react';
import { RefreshButton } from './refresh-button';
import { RefreshedAt } from './refreshed-at';
import './detail-header.css';

export function DetailHeader({
  title,
  subtitle,
  status,
  children,
  resource,
  refreshLabel,
  refreshing,
  refreshAsked,
  onRefresh,
}: {
  title: string;
  subtitle?: ReactNode;
  status: ReactNode;
  /** Shown between the status line and the refresh line (a hint, a notice). */
  children?: ReactNode;
  /** The refreshed-at resource of the screen. */
  resource: string;
  refreshLabel: string;
  refreshing: boolean;
  /** The person's own refresh runs: the icon turns (RefreshButton). */
  refreshAsked: boolean;
  onRefresh: () => void;
}) {
  return (
    <header className="detail-head">
      <h1 className="page-title">{title}</h1>
      {subtitle}
      <div className="detail-head__status">{status}</div>
      {children}
      <div className="detail-head__refresh">
        <RefreshedAt resource={resource} />
        <RefreshButton label={refreshLabel} onRefresh={onRefresh} refreshing={refreshing} asked={refreshAsked} />
      </div>
    </header>
  );
}
