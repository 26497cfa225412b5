/**
 * Demo visits around "now" over several real estates, in every state (some
 * late), for inspecteur@demo.fr and inspecteur2@demo.fr: two to do for the
 * first, one to do for the second (take-over demo), paused and handed-in ones
 * with answers, and a few visit files.
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import type { VisitState } from '../../../sync/contract/visits';
import { chooseOption, flattenSections, type VisitData } from '../../../sync/contract/visit-data';
import { buildChecklist } from './checklists';

const DAY = 86_400_000;

const PLAN: [name: string, state: VisitState, who: 'inspecteur' | 'inspecteur2', dayOffset: number, late: boolean][] = [
  ['Visite annuelle des parties communes', 'todo', 'inspecteur', 1, false],
  ['Contrôle sécurité incendie', 'todo', 'inspecteur', 3, false],
  ['Visite de réception des travaux de toiture', 'todo', 'inspecteur', -4, true],
  ['Tournée trimestrielle', 'todo', 'inspecteur2', 2, false],
  ['Visite technique chaufferie', 'start', 'inspecteur2', 0, false],
  ['Visite préalable à la vente', 'draft', 'inspecteur', -1, false],
  ['Audit des façades', 'draft', 'inspecteur2', -6, true],
  ['Visite annuelle 2025', 'terminate', 'inspecteur', -20, false],
  ['Contrôle des extincteurs', 'terminate', 'inspecteur2', -12, false],
  ['Visite d’entrée du nouveau syndic', 'todo', 'inspecteur2', 6, false],
];

/** Fills about half of the fields with plausible answers, and marks answered sections complete. */
function answer(data: VisitData, seed: number): void {
  let i = seed;
  let answerId = 1;
  for (const form of Object.values(data)) {
    for (const section of flattenSections(form.sections)) {
      let answered = 0;
      for (const [id, field] of Object.entries(section.fields)) {
        if (i++ % 2) continue;
        const choices = Object.keys(field.field_choices);
        let next = field;
        if (choices.length && (field.field_type === 'radio' || field.field_type === 'select')) next = chooseOption(field, choices[i % choices.length]!);
        else if (field.field_type === 'text') next = { ...field, field_value: ['Escalier A'] };
        else if (field.field_type === 'textarea') next = { ...field, field_value: ['RAS, état satisfaisant.'] };
        else if (field.field_type === 'boolean') next = { ...field, field_value: ['1'] };
        else if (field.field_type === 'number') next = { ...field, field_value: [String(3 + (i % 5))] };
        else continue;
        section.fields[id] = { ...next, field_answer_id: `a${answerId++}` };
        answered++;
      }
      if (answered > 0) {
        section.complete = true;
        section.section_answer_id = `a${answerId++}`;
      }
    }
  }
}

export function seedVisits(ctx: AppContext, world: World, { now }: SeedOptions): void {
  const { db } = ctx;
  const insert = db.prepare(`INSERT INTO visits (name, real_estate_id, state, late, date_begin, date_end, assigned_to) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const data = db.prepare(`INSERT INTO visit_data (visit_id, data, next_answer_id) VALUES (?, ?, ?)`);
  const file = db.prepare(`INSERT INTO visit_files (visit_id, name, original_name, type, media_id) VALUES (?, ?, ?, ?, ?)`);
  const day = Math.floor(now.getTime() / DAY) * DAY;
  PLAN.forEach(([name, state, who, offset, late], index) => {
    const estate = world.realEstates[index % world.realEstates.length]!;
    const begin = new Date(day + offset * DAY + 8 * 3_600_000).toISOString();
    const end = new Date(day + offset * DAY + 12 * 3_600_000).toISOString();
    const id = Number(insert.run(name, estate.id, state, late ? 1 : 0, begin, end, world.users[who]).lastInsertRowid);
    const checklist = buildChecklist(`v${id}`);
    if (state === 'draft' || state === 'terminate' || state === 'start') answer(checklist, index);
    data.run(id, JSON.stringify(checklist), 10_000);
    if (index % 3 === 0) {
      const stamp = day - index * DAY;
      for (const original of ['plan-du-site.png', 'photo-facade.png']) {
        const generated = original.replace('.png', `_${stamp}.png`);
        file.run(id, generated, original, 'image/png', world.addImage(generated, 2000 + id * 10 + original.length, new Date(stamp), world.users[who]));
      }
    }
  });
}
