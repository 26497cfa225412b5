/**
 * Required fields (field_config) left without an answer (spec part 2 §5): the
 * counts the drawer's tree shows at every pause in typing, and the list the
 * 'Terminer' dialog shows. A visit may hold 20,000 fields: a section's own
 * missing fields are kept per `fields` record, which a change elsewhere leaves
 * as it is (updates copy only the path to the changed field), so a walk after
 * a keystroke counts again the one section typed in, not every field.
 */
import { keysReplacedSince } from './copied-record';
import { isAnswered, isRequired, type VisitData, type VisitField, type VisitSection } from './visit-data';

export interface MissingField {
  formId: string;
  sectionId: string;
  field: VisitField;
  /** Form name, then the section names down to the field's section. */
  path: string[];
  /** The ids of the sections on that path, the field's own last. */
  sectionIds: string[];
}

const ownMissingOf = new WeakMap<Record<string, VisitField>, VisitField[]>();

/** A section's own required fields still without an answer. */
function ownMissing(section: VisitSection): VisitField[] {
  let missing = ownMissingOf.get(section.fields);
  if (!missing) {
    missing = Object.values(section.fields).filter((field) => !field.is_hidden && isRequired(field) && !isAnswered(field));
    ownMissingOf.set(section.fields, missing);
  }
  return missing;
}

/**
 * The required fields left without an answer, in the navigation order. A hidden field or a field
 * of a hidden section is not asked for: hiding is how an inspector says an item is not there.
 */
export function missingRequiredFields(data: VisitData): MissingField[] {
  const out: MissingField[] = [];
  // One walk with shared stacks; paths are copied only for a section with a missing field.
  const path: string[] = [];
  const ids: string[] = [];
  const walk = (formId: string, sections: Record<string, VisitSection>) => {
    for (const section of Object.values(sections)) {
      if (section.is_hidden) continue;
      path.push(section.name);
      ids.push(section.id);
      const missing = ownMissing(section);
      if (missing.length > 0) {
        const here = [...path];
        const hereIds = [...ids];
        for (const field of missing) out.push({ formId, sectionId: section.id, field, path: here, sectionIds: hereIds });
      }
      walk(formId, section.sections);
      path.pop();
      ids.pop();
    }
  };
  for (const form of Object.values(data)) {
    path.push(form.form_name);
    walk(form.form_id, form.sections);
    path.pop();
  }
  return out;
}

/**
 * How many required fields are left without an answer under each form and visible section id
 * (ids without any are absent): what missingRequiredFields would count, without building its list.
 * Given the counts of an earlier version of the same visit, only what changed is walked again
 * (updates copy the path to a change and share the rest, so an unchanged subtree is the same object
 * and keeps its counts); with nothing changed, the earlier map itself is handed back. Without an
 * earlier version, every form is walked.
 */
export function missingRequiredCounts(data: VisitData, earlier: CountsOf = { data: {}, counts: new Map() }): Map<string, number> {
  if (earlier.data === data) return earlier.counts;
  return new CountsUpdate(earlier).run(data);
}

/** A version of a visit and its counts (missingRequiredCounts). */
export interface CountsOf {
  data: VisitData;
  counts: Map<string, number>;
}

/** How many sections a record holds, kept from the walk that saw it: the next update knows whether some left. */
const sizes = new WeakMap<Record<string, VisitSection>, number>();
/** The missing fields under a record, kept from the walk that saw it: a copy with a few keys replaced starts from it. */
const totals = new WeakMap<Record<string, VisitSection>, number>();

/** The earlier counts, copied at the first difference; ids left are dropped unless counted again elsewhere (a move). */
class CountsUpdate {
  private out: Map<string, number> | null = null;
  private readonly counted = new Set<string>();
  private readonly left = new Set<string>();
  constructor(private readonly earlier: CountsOf) {}

  run(data: VisitData): Map<string, number> {
    const before = this.earlier.data;
    for (const id in before) if (!(id in data)) this.leave(before[id]!.form_id, before[id]!.sections);
    for (const id in data) {
      const form = data[id]!;
      const was = before[id];
      if (was === form) continue;
      this.set(form.form_id, this.walk(was?.sections, form.sections));
    }
    for (const id of this.left) if (!this.counted.has(id)) this.set(id, 0);
    return this.out ?? this.earlier.counts;
  }

  /** The total under `sections`, walking again only the sections that are not those of `was`. */
  private walk(was: Record<string, VisitSection> | undefined, sections: Record<string, VisitSection>): number {
    const replaced = was && totals.has(was) ? keysReplacedSince(was, sections) : null;
    if (replaced) return this.walkReplaced(was!, sections, replaced);
    let total = 0;
    let size = 0;
    let kept = 0;
    for (const key in sections) {
      size++;
      const before = was?.[key];
      if (before) kept++;
      total += this.visit(sections[key]!, before);
    }
    sizes.set(sections, size);
    totals.set(sections, total);
    // Sections of the earlier version not found here: sought only when some are missing.
    if (was && kept !== sizes.get(was)) for (const key in was) if (!(key in sections)) this.leave(was[key]!.id, was[key]!.sections);
    return total;
  }

  /** `sections` copied from `was` with these keys replaced (copied-record.ts): only they are visited. */
  private walkReplaced(was: Record<string, VisitSection>, sections: Record<string, VisitSection>, keys: ReadonlySet<string>): number {
    let total = totals.get(was)!;
    let size = sizes.get(was)!;
    for (const key of keys) {
      const before = was[key];
      if (!before) size++;
      else if (!before.is_hidden) total -= this.earlier.counts.get(before.id) ?? 0;
      total += this.visit(sections[key]!, before);
    }
    sizes.set(sections, size);
    totals.set(sections, total);
    return total;
  }

  /** What a section adds to its parent's total, walked again only where it is not the earlier one. */
  private visit(section: VisitSection, before: VisitSection | undefined): number {
    if (before === section) return section.is_hidden ? 0 : (this.earlier.counts.get(section.id) ?? 0);
    if (section.is_hidden) {
      if (before) this.leave(before.id, before.sections);
      return 0;
    }
    // A section shown again was not counted: its subtree is walked whole.
    const here = ownMissing(section).length + this.walk(before && !before.is_hidden ? before.sections : undefined, section.sections);
    this.set(section.id, here);
    return here;
  }

  private set(id: string, count: number): void {
    if (count > 0) this.counted.add(id);
    if ((this.earlier.counts.get(id) ?? 0) === count && (this.out === null || (this.out.get(id) ?? 0) === count)) return;
    this.out ??= new Map(this.earlier.counts);
    if (count > 0) this.out.set(id, count);
    else this.out.delete(id);
  }

  /** A subtree no longer counted here (removed, hidden, or moved away). */
  private leave(id: string, sections: Record<string, VisitSection>): void {
    this.left.add(id);
    for (const key in sections) this.leave(sections[key]!.id, sections[key]!.sections);
  }
}
