/**
 * The refresh button of lists and details. It cannot be pressed while any pull of the screen runs,
 * and its icon turns only while the refresh the person asked for runs: the pulls that come by
 * themselves (the screen opening, the network back, every 120 s) leave it still, since a turning
 * icon has the GPU process draw 60 frames a second on the cores the screen's load needs (issue 22).
 */
import { Icon } from './icons';

export function RefreshButton({ label, onRefresh, refreshing, asked }: { label: string; onRefresh: () => void; refreshing: boolean; asked: boolean }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onRefresh} disabled={refreshing}>
      <Icon name="refresh" className={asked ? 'spin' : undefined} />
    </button>
  );
}
