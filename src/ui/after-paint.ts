/**
 * Runs `fn` once the browser has painted the current frame; returns a cancel function. Splits a user's
 * action into tasks a phone can show between: what a click changes is painted first, the rest follows.
 */
export function afterPaint(fn: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  // A hidden tab gets no animation frames: what waits here must still happen.
  const fallback = setTimeout(run, 200);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/** Runs `fn` when the page is idle (at most `timeout` ms later); returns a cancel function. */
export function whenIdle(fn: () => void, timeout = 5000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 1000);
  return () => clearTimeout(timer);
}
