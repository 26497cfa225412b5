/**
 * The status pill of a request (its place or step), one look for every
 * module; each module maps its places to a tone.
 */
import type { ReactNode } from 'react';
import './status-pill.css';

export type PillTone = 'new' | 'todo' | 'planned' | 'progress' | 'done' | 'alert';

export function StatusPill({ tone, children, className }: { tone: PillTone; children: ReactNode; className?: string }) {
  return <span className={`pill pill--${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
