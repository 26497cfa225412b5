/**
 * The tunnel draft's grouped writes (sync/drafts/grouped-writer.ts) with
 * fake timers: typing writes once 300 ms after the last change, a flush
 * writes at once, a cancel forgets, and blank drafts are recognised.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, isBlankDraft } from '../../sync/commands/echopark-draft';
import { DRAFT_WRITE_DELAY_MS, groupedWriter } from '../../sync/drafts/grouped-writer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('tunnel draft writes', () => {
  it('groups a burst of changes into one write of the latest value', async () => {
    const written: string[] = [];
    const writer = groupedWriter(async (v: string) => void written.push(v));
    for (const v of ['C', 'Ca', 'Can', 'Cana']) {
      writer.set(v);
      await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS - 50);
    }
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(written).toEqual(['Cana']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(written).toEqual(['Cana']);
  });
  it('writes at once on flush (the screen goes), and nothing after a cancel', async () => {
    const written: string[] = [];
    const writer = groupedWriter(async (v: string) => void written.push(v));
    writer.set('a');
    await writer.flush();
    expect(written).toEqual(['a']);
    await writer.flush();
    expect(written).toEqual(['a']);
    writer.set('b');
    writer.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual(['a']);
  });
  it('a cancel waits for a write already under way, and a flush never overlaps it', async () => {
    const log: string[] = [];
    let finish = () => {};
    const writer = groupedWriter(
      (v: string) =>
        new Promise<void>((resolve) => {
          log.push(`start ${v}`);
          finish = () => {
            log.push(`end ${v}`);
            resolve();
          };
        }),
    );
    writer.set('a');
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS);
    expect(log).toEqual(['start a']);
    writer.set('b');
    const flushed = writer.flush();
    let cancelled = false;
    void writer.cancel().then(() => (cancelled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a']);
    expect(cancelled).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'end a', 'start b']);
    expect(cancelled).toBe(false);
    finish();
    await flushed;
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled).toBe(true);
  });
  it('knows a draft with nothing in it', () => {
    expect(isBlankDraft(emptyDraft(3))).toBe(true);
    expect(isBlankDraft({ ...emptyDraft(3), message: '  ' })).toBe(true);
    expect(isBlankDraft({ ...emptyDraft(3), typeId: '2' })).toBe(false);
    expect(isBlankDraft({ ...emptyDraft(3), photos: [{ id: 'x', name: 'a.png', type: 'image/png', size: 3 }] })).toBe(false);
  });
});
