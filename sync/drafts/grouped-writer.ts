/**
 * Groups rapid changes (typing) into one write, `delayMs` after the last
 * change; `flush` writes now (the screen goes, the page hides), `cancel`
 * forgets (the draft was sent or dropped). The timers are injectable so the
 * tests drive them by hand; the visit draft and every tunnel draft use it.
 */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const DRAFT_WRITE_DELAY_MS = 300;

export interface GroupedWriter<T> {
  /** Remembers the latest value; written once no change came for `delayMs`. */
  set(value: T): void;
  /** Writes a pending value now. */
  flush(): Promise<void>;
  /** Forgets a pending value; resolves once a write already under way has ended, so that what
   * the caller does next (dropping the draft) is not undone by it. */
  cancel(): Promise<void>;
}

export function groupedWriter<T>(
  write: (value: T) => Promise<void>,
  delayMs = DRAFT_WRITE_DELAY_MS,
  timers: Timers = realTimers,
  onError: (error: unknown) => void = (error) => console.warn('Brouillon non enregistré', error),
): GroupedWriter<T> {
  let pending: { value: T } | null = null;
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();
  const run = async () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const next = pending;
    pending = null;
    if (!next) return;
    // Writes follow one another: a flush never races the timer's write.
    const done = writing.then(() => write(next.value));
    writing = done.catch(() => undefined);
    await done;
  };
  return {
    set(value) {
      pending = { value };
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => void run().catch(onError), delayMs);
    },
    flush: run,
    cancel() {
      pending = null;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      return writing;
    },
  };
}
