/**
 * The forms queued for the server, as a JSON blob built from cached chunks
 * (issue 22). Turning the 8 MB text of a 20,000-field visit into bytes took
 * 200–800 ms of main thread at 4× on each save. A form's sections are cut
 * into chunks of about CHUNK_CHARS characters, each kept as its own blob with
 * the section objects it was made of: the editor replaces only the sections
 * it changes (structural sharing), so a save encodes the chunk typed in and
 * joins the other blobs by reference. Same bytes as formsText.
 *
 * Two sizes pull apart, measured in Chromium at 4×: encoding a chunk costs
 * with its length (256 KB: 25 ms, 32 KB: 4 ms), and joining blobs costs with
 * their number (0.6 ms a part: 31 parts 18 ms, 245 parts 74 ms). So chunks
 * are small and joined GROUP at a time into a group blob, kept too; the save
 * joins the groups (a blob made of blobs joins at the cost of its own parts).
 */
import type { VisitData, VisitSection } from '../contract/visit-data';
import { yieldToPage } from '../yield-to-page';
import { entryText, nodeText, openingText } from './visit-forms-text';

const CHUNK_CHARS = 32 * 1024;
const GROUP = 8;

interface Chunk {
  members: readonly VisitSection[];
  blob: Blob;
}

interface Group {
  chunks: readonly Chunk[];
  blob: Blob;
}

interface Kept {
  visitId: number;
  byForm: Map<string, Group[]>;
  /** The steps of its warm-up still to run: a save or a pause finishes them first (formsBlobSoon). */
  steps: (() => void)[];
}

// The last visit's groups, by form id (one visit is edited at a time; another one starts afresh).
let kept: Kept | null = null;

/** Runs steps for about `ms`, at least one. */
function runSteps(steps: (() => void)[], ms: number): void {
  const until = Date.now() + ms;
  do steps.shift()?.();
  while (steps.length > 0 && Date.now() < until);
}

/** The sections of these ids as one chunk: their entries' text, encoded once. */
const chunkOf = (ids: readonly string[], sections: Record<string, VisitSection>): Chunk => ({
  members: ids.map((id) => sections[id]!),
  blob: new Blob([ids.map((id) => entryText(id, sections[id]!)).join(',')]),
});

/** Blobs joined by reference, with a comma between two. */
const joined = (blobs: readonly Blob[]): BlobPart[] => blobs.flatMap((blob, i) => (i > 0 ? [',', blob] : [blob]));

const groupOf = (chunks: readonly Chunk[]): Group => ({ chunks, blob: new Blob(joined(chunks.map((c) => c.blob))) });

/** The chunks cut into groups; a group of the same chunks as before is kept as it was. */
function groupsOf(chunks: readonly Chunk[], before?: readonly Group[]): Group[] {
  const groups: Group[] = [];
  for (let at = 0; at < chunks.length; at += GROUP) {
    const members = chunks.slice(at, at + GROUP);
    const old = before?.[at / GROUP];
    groups.push(old && old.chunks.length === members.length && old.chunks.every((c, j) => c === members[j]) ? old : groupOf(members));
  }
  return groups;
}

/** How many sections go in each chunk: about CHUNK_CHARS characters each. */
function chunkSizes(sections: Record<string, VisitSection>): number[] {
  const sizes: number[] = [];
  let count = 0;
  let chars = 0;
  for (const id in sections) {
    count++;
    chars += id.length + nodeText(sections[id]!).length;
    if (chars >= CHUNK_CHARS) {
      sizes.push(count);
      count = 0;
      chars = 0;
    }
  }
  if (count > 0) sizes.push(count);
  return sizes;
}

/** A sections record as groups; the chunks and groups made last time are reused where their sections are the same objects. */
function sectionGroups(before: readonly Group[] | undefined, sections: Record<string, VisitSection>): Group[] {
  const ids = Object.keys(sections);
  const previous = before?.flatMap((g) => g.chunks);
  // The same cuts while the sections are as many (an answer), new ones after a copy or a removal.
  const sameCount = previous !== undefined && previous.reduce((n, c) => n + c.members.length, 0) === ids.length;
  const sizes = sameCount ? previous.map((c) => c.members.length) : chunkSizes(sections);
  const chunks: Chunk[] = [];
  let at = 0;
  sizes.forEach((size, i) => {
    const chunkIds = ids.slice(at, at + size);
    const old = sameCount ? previous[i] : undefined;
    chunks.push(old && chunkIds.every((id, j) => sections[id] === old.members[j]) ? old : chunkOf(chunkIds, sections));
    at += size;
  });
  return groupsOf(chunks, sameCount ? before : undefined);
}

/** The forms as a JSON blob (the bytes of formsText), chunks of earlier saves of this visit reused. */
export function formsBlob(visitId: number, forms: VisitData): Blob {
  if (kept?.visitId !== visitId) kept = { visitId, byForm: new Map(), steps: [] };
  const parts: BlobPart[] = ['{'];
  Object.entries(forms).forEach(([id, form], i) => {
    const groups = sectionGroups(kept!.byForm.get(id), form.sections);
    kept!.byForm.set(id, groups);
    parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(id)}:${openingText(form)}`, ...joined(groups.map((g) => g.blob)), '}}');
  });
  parts.push('}');
  return new Blob(parts, { type: 'application/json' });
}

/** Runs `work` when the page is idle (a timer where there is no idle callback: Node, Safari). */
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? void requestIdleCallback(work, { timeout: 2_000 }) : void setTimeout(work, 20);

/**
 * Makes the chunks of a visit just opened, a few sections at a time while the page is idle, so that
 * its first save encodes one chunk too (making them all at once took ~500 ms at 4× for 20,000 fields).
 * Sections changed meanwhile are simply encoded again by that save.
 */
export function warmFormsBlob(visitId: number, forms: VisitData, later: (work: () => void) => unknown = whenIdle): void {
  // The forms were just read from the store: groups kept for this visit were made of other objects (it
  // was opened before, or paused and downloaded again), none can be reused, and keeping them would skip
  // the warm-up: the first save encoded the whole visit (86 ms at 4× for 1,000 fields).
  const own: Kept = (kept = { visitId, byForm: new Map(), steps: [] });
  // Small steps, run ~10 ms at a time: a form's section texts 25 at a time, then its cut, then one chunk or one group per step.
  const { steps } = own;
  for (const [formId, { sections }] of Object.entries(forms)) {
    const ids = Object.keys(sections);
    for (let at = 0; at < ids.length; at += 25) steps.push(() => ids.slice(at, at + 25).forEach((id) => nodeText(sections[id]!)));
    steps.push(() => {
      if (own.byForm.has(formId)) return; // a save cut this form meanwhile
      const chunks: Chunk[] = [];
      let at = 0;
      const sizes = chunkSizes(sections);
      const encode = sizes.map((size) => {
        const from = at;
        at += size;
        const to = at;
        return () => void chunks.push(chunkOf(ids.slice(from, to), sections));
      });
      const groups: Group[] = [];
      const join = () => void groups.push(groupOf(chunks.slice(groups.length * GROUP, (groups.length + 1) * GROUP)));
      const joins = Array.from({ length: Math.ceil(sizes.length / GROUP) }, () => join);
      steps.unshift(...encode, ...joins, () => void (own.byForm.has(formId) || own.byForm.set(formId, groups)));
    });
  }
  const run = () => {
    if (kept !== own || steps.length === 0) return; // another visit is edited now, or a save finished the steps
    runSteps(steps, 10);
    if (steps.length > 0) later(run);
  };
  later(run);
}

/**
 * The forms blob for a save or a pause. A warm-up still under way (a pause right after opening) is
 * finished first, about `sliceMs` at a time between tasks: built in one go, the chunks of a 20,000-field
 * visit took 1.2 s of Blob at 4× in one task (the bench's profiled pause). A visit not warmed up here is
 * cut the same way.
 */
export async function formsBlobSoon(visitId: number, forms: VisitData, sliceMs = 10): Promise<Blob> {
  if (kept?.visitId !== visitId) warmFormsBlob(visitId, forms, () => undefined);
  while (kept?.visitId === visitId && kept.steps.length > 0) {
    runSteps(kept.steps, sliceMs);
    await yieldToPage();
  }
  return formsBlob(visitId, forms);
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
