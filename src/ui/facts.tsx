/**
 * A facts list (label → value) as a two-column description list: the detail
 * screens, the tunnels' summaries, the cards and the visit fiche. Rows are
 * either bare dt/dd pairs or wrapped in <FactRow> (a div a list may hold).
 */
import type { ReactNode } from 'react';
import './facts.css';

export function Facts({
  children,
  size = 'normal',
  className,
  label,
}: {
  children: ReactNode;
  /** An accessible name, when the list stands alone (a tunnel's summary). */
  label?: string;
  /** 'compact' for cards and panels, 'small' for list cards (smaller text). */
  size?: 'normal' | 'compact' | 'small';
  className?: string;
}) {
  const classes = ['facts', size === 'normal' ? '' : `facts--${size}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <dl className={classes} aria-label={label}>
      {children}
    </dl>
  );
}

/** One label and its value, grouped (the grid lays out the dt and dd as if the div were not there). */
export function FactRow({ label, children, valueClassName }: { label: string; children: ReactNode; valueClassName?: string | undefined }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
