/**
 * Filter chips (lists, planning): a named group of toggle buttons, the chosen
 * one pressed. On a phone the chips scroll sideways, so the chosen one is
 * brought into view when it changes (a filter preset by the URL may be far right).
 */
import { useEffect, useRef } from 'react';
import './filter-chips.css';

export interface ChipOption<K extends string | number> {
  key: K;
  label: string;
}

export function FilterChips<K extends string | number>({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: readonly ChipOption<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView now returns a promise, which React would call as the cleanup.
  useEffect(() => {
    group.current?.querySelector('.chip--on')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [selected]);
  return (
    <div className="chips" role="group" aria-label={label} ref={group}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={`chip${o.key === selected ? ' chip--on' : ''}`}
          aria-pressed={o.key === selected}
          onClick={() => onSelect(o.key)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
