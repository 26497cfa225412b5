/**
 * Filter chips (lists, planning): a named group of toggle buttons, the chosen
 * one pressed. On a phone the chips scroll sideways, so the chosen one is
 * brought into view when it changes (a filter preset by the URL may be far right).
 * It is scrolled to once the frame is painted: scrolling in React's commit made the
 * browser lay out the whole new screen at once inside the commit's task (30 ms of a
 * 150 ms task at page load, Lighthouse). The first chip needs no scroll at all. Only
 * the row scrolls, never the page: coming back to a list, the page is where it was left.
 */
import { useEffect, useRef } from 'react';
import { afterPaint } from './after-paint';
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
  const mounted = useRef(false);
  const first = options[0]?.key;
  useEffect(() => {
    const wasMounted = mounted.current;
    mounted.current = true;
    // At mount the row starts at its first chip: nothing to bring into view.
    if (!wasMounted && selected === first) return;
    return afterPaint(() => {
      const row = group.current;
      const chip = row?.querySelector('.chip--on');
      if (!row || !chip) return;
      const [r, c] = [row.getBoundingClientRect(), chip.getBoundingClientRect()];
      row.scrollLeft += c.left + c.width / 2 - (r.left + r.width / 2);
    });
  }, [selected, first]);
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
