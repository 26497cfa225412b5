/**
 * The forms queued for the server, as a JSON blob built from cached chunks
 * (issue 22). Turning the 8 MB text of a 20,000-field visit into bytes took
 * 200–800 ms of main thread at 4× on each save. A form's sections are cut
 * into chunks of about CHUNK_CHARS characters, each kept as its own blob with
 * the section objects it was made of: the editor replaces only the sections
 * it changes (structural sharing), so a save encodes the chunk typed in and
 * joins the other blobs by reference. Same bytes as formsText.
 *
 * Two costs pull apart, measured in Chromium at 4×: encoding a chunk costs
 * with its length (256 KB: 25 ms, 32 KB: 4 ms), and each `new Blob` costs
 * ~3 ms plus ~0.3–0.6 ms a part (8 parts ~8 ms, 64 parts 15–40 ms). So the
 * chunks are joined as a tree, GROUP blobs per join, up to at most GROUP at
 * the top: a save encodes one chunk and joins again the nodes above it, each
 * a few parts, instead of joining the 32 groups of a 20,000-field form with
 * their 31 commas (~40 ms in one task). The commas between entries are in the
 * chunks' own text (every chunk but a form's first starts with one), so a
 * join holds only blobs.
 *
 * The work is a sequence of steps (a generator): a save or a pause runs them
 * a slice of ~10 ms at a time, letting the page paint in between; the
 * warm-up of a visit just opened runs the same steps while the page is idle.
 */
import type { VisitData, VisitSection } from '../contract/visit-data';
import { yieldToPage } from '../yield-to-page';
import { entryText, nodeText, openingText } from './visit-forms-text';

const CHUNK_CHARS = 32 * 1024;
const GROUP = 8;
/** Section texts made per step when a form is cut for the first time (JSON.stringify of its sections). */
const TEXTS_PER_STEP = 25;

interface Chunk {
  members: readonly VisitSection[];
  blob: Blob;
}

/** A join of GROUP nodes of the level below (chunks at the first level above them). */
interface Join {
  children: readonly Node[];
  blob: Blob;
}

type Node = Chunk | Join;

/** A form as a tree: levels[0] its chunks, each next level the joins of the one below, the last one at most GROUP nodes. */
type Levels = readonly (readonly Node[])[];

/** Work cut at each `yield`: one text batch, one chunk encoded or one join made. */
type Steps<T> = Generator<void, T, void>;

interface Kept {
  visitId: number;
  byForm: Map<string, Levels>;
  /** The warm-up still to run: a save or a pause finishes it first (formsBlobSoon). */
  warming: Steps<void> | null;
}

// The last visit's trees, by form id (one visit is edited at a time; another one starts afresh).
let kept: Kept | null = null;

/** Runs steps for about `ms` (at least one, all of them with Infinity); the last step's result. */
function runFor<T>(steps: Steps<T>, ms: number): IteratorResult<void, T> {
  const until = Date.now() + ms;
  let step = steps.next();
  while (!step.done && Date.now() < until) step = steps.next();
  return step;
}

/** Runs the steps `sliceMs` at a time, the page painting and taking input in between. */
async function runSliced<T>(steps: Steps<T>, sliceMs: number): Promise<T> {
  for (let step = runFor(steps, sliceMs); ; step = runFor(steps, sliceMs)) {
    if (step.done) return step.value;
    await yieldToPage();
  }
}

/** The sections of these ids as one chunk: their entries' text, encoded once; a form's first chunk has no leading comma. */
const chunkOf = (ids: readonly string[], sections: Record<string, VisitSection>, first: boolean): Chunk => ({
  members: ids.map((id) => sections[id]!),
  blob: new Blob([`${first ? '' : ','}${ids.map((id) => entryText(id, sections[id]!)).join(',')}`]),
});

const joinOf = (children: readonly Node[]): Join => ({ children, blob: new Blob(children.map((c) => c.blob)) });

/** How many sections go in each chunk: about CHUNK_CHARS characters each (their texts made a batch per step). */
function* chunkSizes(sections: Record<string, VisitSection>): Steps<number[]> {
  const sizes: number[] = [];
  let count = 0;
  let chars = 0;
  let made = 0;
  for (const id in sections) {
    count++;
    chars += id.length + nodeText(sections[id]!).length;
    if (chars >= CHUNK_CHARS) {
      sizes.push(count);
      count = 0;
      chars = 0;
    }
    if (++made % TEXTS_PER_STEP === 0) yield;
  }
  if (count > 0) sizes.push(count);
  return sizes;
}

/** The nodes above `below`, GROUP per join; a join of the same children as before (same place) is kept as it was. */
function* joinsOf(below: readonly Node[], before: readonly Node[] | undefined): Steps<Join[]> {
  const joins: Join[] = [];
  for (let at = 0; at < below.length; at += GROUP) {
    const children = below.slice(at, at + GROUP);
    const old = before?.[at / GROUP] as Join | undefined;
    if (old && old.children.length === children.length && old.children.every((c, j) => c === children[j])) joins.push(old);
    else {
      joins.push(joinOf(children));
      yield;
    }
  }
  return joins;
}

/** A sections record as a tree; the chunks and joins made last time are reused where their sections are the same objects. */
function* sectionLevels(before: Levels | undefined, sections: Record<string, VisitSection>): Steps<Levels> {
  const ids = Object.keys(sections);
  const previous = before?.[0] as readonly Chunk[] | undefined;
  // The same cuts while the sections are as many (an answer), new ones after a copy or a removal.
  const same = previous !== undefined && previous.reduce((n, c) => n + c.members.length, 0) === ids.length ? before : undefined;
  const sizes = same ? previous!.map((c) => c.members.length) : yield* chunkSizes(sections);
  const chunks: Chunk[] = [];
  let at = 0;
  for (const [i, size] of sizes.entries()) {
    const chunkIds = ids.slice(at, at + size);
    const old = same ? previous![i] : undefined;
    if (old && chunkIds.every((id, j) => sections[id] === old.members[j])) chunks.push(old);
    else {
      chunks.push(chunkOf(chunkIds, sections, i === 0));
      yield;
    }
    at += size;
  }
  const levels: (readonly Node[])[] = [chunks];
  while (levels.at(-1)!.length > GROUP) levels.push(yield* joinsOf(levels.at(-1)!, same?.[levels.length]));
  return levels;
}

/** Every form's tree made or brought up to date, kept for the next save. */
function* formTrees(own: Kept, forms: VisitData): Steps<void> {
  for (const [id, form] of Object.entries(forms)) own.byForm.set(id, yield* sectionLevels(own.byForm.get(id), form.sections));
}

/** The forms as a JSON blob, from their trees (made or brought up to date first). */
function* blobSteps(visitId: number, forms: VisitData): Steps<Blob> {
  if (kept?.visitId !== visitId) kept = { visitId, byForm: new Map(), warming: null };
  const own = kept;
  yield* formTrees(own, forms);
  const parts: BlobPart[] = ['{'];
  Object.entries(forms).forEach(([id, form], i) => {
    parts.push(
      `${i > 0 ? ',' : ''}${JSON.stringify(id)}:${openingText(form)}`,
      ...own.byForm
        .get(id)!
        .at(-1)!
        .map((n) => n.blob),
      '}}',
    );
  });
  parts.push('}');
  return new Blob(parts, { type: 'application/json' });
}

/** The forms as a JSON blob (the bytes of formsText), in one go; chunks of earlier saves of this visit reused. */
export function formsBlob(visitId: number, forms: VisitData): Blob {
  if (kept?.visitId === visitId && kept.warming) runFor(kept.warming, Infinity);
  return runFor(blobSteps(visitId, forms), Infinity).value as Blob;
}

/** Runs `work` when the page is idle (a timer where there is no idle callback: Node, Safari). */
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? void requestIdleCallback(work, { timeout: 2_000 }) : void setTimeout(work, 20);

/**
 * Makes the trees of a visit just opened, ~10 ms of steps at a time while the page is idle, so that
 * its first save encodes one chunk too (making them all at once took ~500 ms at 4× for 20,000 fields).
 * Sections changed meanwhile are simply encoded again by that save.
 */
export function warmFormsBlob(visitId: number, forms: VisitData, later: (work: () => void) => unknown = whenIdle): void {
  // The forms were just read from the store: trees kept for this visit were made of other objects (it
  // was opened before, or paused and downloaded again), none can be reused, and keeping them would skip
  // the warm-up: the first save encoded the whole visit (86 ms at 4× for 1,000 fields).
  const own: Kept = (kept = { visitId, byForm: new Map(), warming: null });
  // Whoever runs its last step (the idle runs here, a save or a pause) marks the warm-up done.
  const steps = (function* (): Steps<void> {
    yield* formTrees(own, forms);
    own.warming = null;
  })();
  own.warming = steps;
  const run = () => {
    if (kept !== own || own.warming !== steps) return; // another visit is edited now, or a save finished the steps
    if (!runFor(steps, 10).done) later(run);
  };
  later(run);
}

/**
 * The forms blob for a save or a pause, made `sliceMs` of steps at a time between tasks: a warm-up
 * still under way (a pause right after opening) is finished first (built in one go, the chunks of a
 * 20,000-field visit took 1.2 s of Blob at 4× in one task), then the chunk typed in and the joins
 * above it. A visit not warmed up here is cut the same way.
 */
export async function formsBlobSoon(visitId: number, forms: VisitData, sliceMs = 10): Promise<Blob> {
  if (kept?.visitId === visitId && kept.warming) await runSliced(kept.warming, sliceMs);
  return runSliced(blobSteps(visitId, forms), sliceMs);
}

/** Where the forms queued for the server are kept: a blob in the file store, by command. */
const FORMS_FILE_PREFIX = 'visitdata:';

/**
 * The forms as a JSON blob for a send command (commands/visits.ts `dataFile`): stored and sent by
 * reference (IndexedDB and fetch take a blob without copying it on the page's thread).
 */
export async function formsFile(visitId: number, forms: VisitData): Promise<{ id: string; name: string; type: string; size: number; blob: Blob }> {
  const blob = await formsBlobSoon(visitId, forms);
  return { id: `${FORMS_FILE_PREFIX}${visitId}:${crypto.randomUUID()}`, name: `visite-${visitId}.json`, type: blob.type, size: blob.size, blob };
}
