/**
 * Sends held by a screen (the enqueue option `sendAfter`): while a hold is on, no send starts (one
 * under way goes on); when the last one is let go, the outbox flushes. Measured on the pause of a
 * 20,000-field visit at 4x on 2 cores: the upload started beside the way to the list (its 8 MB read
 * from the file store, the request, the answer) made the list's navigation a long task in 3 pauses
 * of 8; held until the list was painted, in none of 5.
 */

/** The longest a `sendAfter` holds the sends back, should its screen never say it is shown. */
export const SEND_HOLD_MAX_MS = 5_000;

export function sendHolds(flush: () => void, maxMs = SEND_HOLD_MAX_MS) {
  let holds = 0;

  /** Holds the sends until `until` settles (at most `maxMs`); returns the function that lets go early. */
  function hold(until: Promise<unknown>): () => void {
    holds++;
    let held = true;
    const letGo = () => {
      if (!held) return;
      held = false;
      clearTimeout(limit);
      holds--;
      if (holds === 0) flush();
    };
    const limit = setTimeout(letGo, maxMs);
    until.then(letGo, letGo);
    return letGo;
  }

  return {
    get held(): boolean {
      return holds > 0;
    },
    /**
     * Queues with the sends held from before the write (the store's insert event would otherwise
     * start the send) until `until` settles; let go at once if the queueing fails.
     */
    async queue<T>(until: Promise<unknown> | undefined, write: () => Promise<T>): Promise<T> {
      const letGo = until ? hold(until) : null;
      try {
        return await write();
      } catch (error) {
        letGo?.();
        throw error;
      }
    },
    /** New work is sent at once, unless held. */
    kick(): void {
      if (holds === 0) flush();
    },
  };
}
