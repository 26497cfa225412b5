/**
 * Tabs of a detail screen (WAI-ARIA tabs pattern, automatic activation): one
 * tab list named for screen readers, the arrows move and wrap, Home and End
 * jump to the ends, only the selected tab is in the tab order (roving
 * tabindex), and the panel is labelled by its tab. Ids are `${idPrefix}tab-…`
 * and `${idPrefix}panel-…`, so links and tests keep finding them.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** The key a keypress moves to in a list of `count` tabs from `index`, or null when the key is not a tab key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Tabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix = '',
  fill = false,
  panelClassName,
  children,
}: {
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  idPrefix?: string;
  /** On phones the tabs share the width instead of scrolling (few, short labels). */
  fill?: boolean;
  panelClassName?: string;
  children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = tabKeyTarget(
      event.key,
      tabs.findIndex((tab) => tab.key === selected),
      tabs.length,
    );
    if (target === null) return;
    event.preventDefault(); // Home and End would scroll the page
    const next = tabs[target]!;
    onSelect(next.key);
    document.getElementById(`${idPrefix}tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div className={`tabs${fill ? ' tabs--fill' : ''}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${idPrefix}tab-${tab.key}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={selected === tab.key}
            aria-controls={`${idPrefix}panel-${tab.key}`}
            tabIndex={selected === tab.key ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section
        id={`${idPrefix}panel-${selected}`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}tab-${selected}`}
        className={`tabpanel${panelClassName ? ` ${panelClassName}` : ''}`}
      >
        {children}
      </section>
    </>
  );
}
