/**
 * The forms queued for the server as a blob built from cached chunks
 * (drafts/visit-forms-blob.ts): the same bytes as the forms' JSON text, and a
 * save after an answer encodes the one chunk typed in, not the whole visit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBigVisit, buildChecklist } from '../../server/modules/visits/checklists';
import { duplicateSection, flattenSections, type VisitData } from '../../sync/contract/visit-data';
import { updateField, updateSection } from '../../sync/drafts/visit-answers';
import { formsBlob, formsBlobSoon, warmFormsBlob } from '../../sync/drafts/visit-forms-blob';
import { formsText } from '../../sync/drafts/visit-forms-text';

/**
 * Blobs made from a long text (a chunk encoded here), as opposed to blobs joined by reference with a
 * few short texts; the longest text encoded; the parts of the last JSON blob (the one a save sends);
 * the most parts of any other blob (each part costs when a blob is made).
 */
function countTextBlobs() {
  const Real = Blob;
  const made = { text: 0, longest: 0, sentParts: 0, joinParts: 0 };
  vi.stubGlobal(
    'Blob',
    class extends Real {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        const texts = (parts ?? []).filter((p) => typeof p === 'string');
        if (texts.some((p) => p.length > 10_000)) made.text++;
        made.longest = Math.max(made.longest, ...texts.map((p) => p.length));
        if (options?.type === 'application/json') made.sentParts = parts?.length ?? 0;
        else made.joinParts = Math.max(made.joinParts, parts?.length ?? 0);
      }
    },
  );
  return made;
}

afterEach(() => vi.unstubAllGlobals());

const firstField = (data: VisitData, skip = 0) => Object.values(flattenSections(Object.values(data)[1]!.sections)[skip]!.fields)[0]!;

/** A visit just opened, its warm-up run to the end as idle time would. */
function warmUpNow(visitId: number, data: VisitData): void {
  const idle: (() => void)[] = [];
  warmFormsBlob(visitId, data, (work) => idle.push(work));
  while (idle.length > 0) idle.shift()!();
}

/** One answer typed, then the blob a save sends: one chunk encoded, and the bytes of the forms text. */
async function expectOneChunkAfterAnswer(visitId: number, data: VisitData, value: string): Promise<void> {
  const made = countTextBlobs();
  const field = firstField(data, 300);
  const answered = updateField(data, field.id, (f) => ({ ...f, field_value: [value] }));
  const blob = formsBlob(visitId, answered);
  expect(made.text).toBe(1);
  expect(await blob.text()).toBe(formsText(answered));
}

describe('forms blob', () => {
  it('holds the bytes of the forms text, for a small visit and a large one cut into chunks', async () => {
    const small = buildChecklist('s');
    expect(await formsBlob(1, small).text()).toBe(formsText(small));
    const large = buildBigVisit('l', 600, 5);
    const blob = formsBlob(2, large);
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(formsText(large));
    expect(JSON.parse(await blob.text())).toEqual(large);
  });

  it('encodes again only the chunk of the section typed in, and stays right after a section is copied', async () => {
    let data = buildBigVisit('c', 600, 5);
    formsBlob(3, data);
    const made = countTextBlobs();
    const field = firstField(data, 450);
    data = updateField(data, field.id, (f) => ({ ...f, field_value: ['Palier du 3e étage'] }));
    const blob = formsBlob(3, data);
    expect(made.text).toBe(1);
    // One small chunk encoded (each character costs), the whole joined from a few blobs (each part costs).
    expect(made.longest).toBeLessThan(40_000);
    expect(blob.size).toBeGreaterThan(1_000_000);
    expect(made.sentParts).toBeLessThan(40);
    expect(await blob.text()).toBe(formsText(data));
    const section = flattenSections(Object.values(data)[1]!.sections)[10]!;
    let n = 0;
    const copy = duplicateSection(section, 'Extincteur n° 11 bis', () => `copie-${n++}`);
    const form = Object.values(data)[1]!;
    data = { ...data, [form.form_id]: { ...form, sections: { ...form.sections, [copy.id]: copy } } };
    data = updateSection(data, copy.id, (s) => ({ ...s, complete: true }));
    expect(await formsBlob(3, data).text()).toBe(formsText(data));
  });

  it('joins a large form as a tree: after an answer, every blob made holds a few parts, the one sent too', async () => {
    // 20,000 fields: 8 MB of text, about 250 chunks, three levels of joins above them.
    let data = buildBigVisit('t', 4000, 5);
    warmUpNow(8, data);
    const made = countTextBlobs();
    data = updateField(data, firstField(data, 2500).id, (f) => ({ ...f, field_value: ['Sous-sol, local vélos'] }));
    const blob = await formsBlobSoon(8, data, 0);
    expect(made.text).toBe(1);
    // A join holds its GROUP (8) blobs and nothing between them; the sent blob: '{', per form its
    // opening, at most 8 blobs and '}}', then '}'.
    expect(made.joinParts).toBeLessThanOrEqual(8);
    expect(made.sentParts).toBeLessThanOrEqual(2 + 2 * (8 + 2));
    expect(blob.size).toBeGreaterThan(7_000_000);
    expect(await blob.text()).toBe(formsText(data));
  });

  it('makes the chunks of a visit just opened ahead, so that its first save encodes only the chunk typed in', async () => {
    const data = buildBigVisit('w', 600, 5);
    warmUpNow(4, data);
    await expectOneChunkAfterAnswer(4, data, 'Local poubelles');
  });

  it('a visit opened again (its forms read anew from the store) is made ahead again: its first save encodes only the chunk typed in', async () => {
    const first = buildBigVisit('r', 600, 5);
    warmUpNow(5, first);
    formsBlob(5, first);
    // Left and opened again, or paused, downloaded again and started: the same visit, other objects.
    const data = JSON.parse(formsText(first)) as VisitData;
    warmUpNow(5, data);
    await expectOneChunkAfterAnswer(5, data, 'Chaufferie');
  });

  it('a save or a pause before the warm-up is through finishes it a step per task, never the whole visit in one', async () => {
    const data = buildBigVisit('p', 600, 5);
    // Just opened: the warm-up waits for idle time that has not come.
    warmFormsBlob(6, data, () => undefined);
    const made = countTextBlobs();
    const soon = formsBlobSoon(6, data, 0);
    expect(made.text).toBeLessThanOrEqual(1);
    expect(await (await soon).text()).toBe(formsText(data));
    expect(made.text).toBeGreaterThan(20);
    // A visit not warmed up here (another one was) is cut the same way.
    const other = buildBigVisit('q', 600, 5);
    const before = made.text;
    const otherSoon = formsBlobSoon(7, other, 0);
    expect(made.text - before).toBeLessThanOrEqual(1);
    expect(await (await otherSoon).text()).toBe(formsText(other));
  });
});
