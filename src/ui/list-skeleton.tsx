/**
 * Grey cards where a list's items will come, while the store is being read:
 * the first render reserves about the room the cards take, so what follows
 * (the « Afficher plus » row, the end of the page) is not pushed down when
 * the list fills (Lighthouse measured a layout shift of 0.84 on the OS list
 * without it). Hidden from assistive technologies: the list itself says it
 * is busy (aria-busy), the placeholders are not content.
 */
import './list-skeleton.css';

/** Enough cards to fill a phone's screen below the filters (a request card is about 8 rem tall). */
export function ListSkeleton({ count = 5, variant = 'request' }: { count?: number; variant?: 'request' | 'row' }) {
  return (
    <div className={`list-skeleton list-skeleton--${variant}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="list-skeleton__card">
          <span className="list-skeleton__line list-skeleton__line--short" />
          <span className="list-skeleton__line" />
          <span className="list-skeleton__line list-skeleton__line--mid" />
        </div>
      ))}
    </div>
  );
}
