/**
 * Whether a collection may hold documents whose `field` is `value`, known
 * without reading it where that is sure. A pull that replaces an object's
 * children (appointments, debriefings, a thread) reads the stored ones first to
 * remove those the server no longer gives: on a device's first offline pass,
 * a read per child list, 3,000 of the 5,100 IndexedDB transactions of a pass
 * of 1,000 requests, each one costing the garbage collector a finalization
 * in its pause (docs/architecture.md, Briefcase). If the collection was empty
 * when this watch began, and no document with that value was written since
 * (the collection's change events, other tabs' included), there is none: the
 * read is skipped. Otherwise it is done, as before.
 */
import type { RxCollection } from 'rxdb';

interface Watch {
  /** Resolves true when the collection held nothing as the watch began. */
  emptyAtStart: Promise<boolean>;
  /** The values of `field` written since the watch began. */
  written: Set<string>;
}

const watches = new WeakMap<RxCollection, Map<string, Watch>>();

function watchOf(collection: RxCollection, field: string): Watch {
  let byField = watches.get(collection);
  if (!byField) watches.set(collection, (byField = new Map()));
  let watch = byField.get(field);
  if (!watch) {
    const written = new Set<string>();
    // Subscribed before the count: a document written meanwhile is seen by one or the other. The
    // subscription lasts as long as the collection (its store closes at sign-out).
    collection.$.subscribe((event) => {
      const value = (event.documentData as Record<string, unknown> | undefined)?.[field];
      if (typeof value === 'string') written.add(value);
    });
    const emptyAtStart = collection
      .count()
      .exec()
      .then(
        (n) => n === 0,
        () => false,
      );
    byField.set(field, (watch = { emptyAtStart, written }));
  }
  return watch;
}

/** False only when no document matching `selector` (one field, a string) can be stored; true otherwise. */
export async function mayHold(collection: RxCollection, selector: Record<string, unknown>): Promise<boolean> {
  const fields = Object.keys(selector);
  const value = fields.length === 1 ? selector[fields[0]!] : undefined;
  if (typeof value !== 'string') return true;
  const watch = watchOf(collection, fields[0]!);
  return watch.written.has(value) || !(await watch.emptyAtStart);
}
