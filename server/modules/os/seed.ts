/**
 * Seeds the demo OS (seed-data.ts) around "now": each one gets the history
 * of automatic step messages that brought it to its place (refusals
 * included), a short conversation, and documents for most of them, so that
 * the detail's follow-up, messages and documents tabs all have content.
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import { ROLE_AT, osPath, stepsFrom, targetOf, type OsPlace } from '../../../sync/contract/os-workflow';
import type { WorkflowRole } from '../../../sync/contract/roles';
import { osNumber } from './payload';
import { displayName, stepMessage } from './messages';
import { SEED_OS, SEED_TALK, type SeedOs } from './seed-data';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Squeezes a time into 07:00–18:00 UTC of its own day, to the minute, so that
 * the demo's steps happen in office hours; monotonic, so the order is kept.
 * Left as is when that would move it after `latest`.
 */
function officeHours(time: number, latest: number): string {
  const dayStart = time - (time % DAY);
  const squeezed = dayStart + 7 * HOUR + Math.floor(((time - dayStart) * 11) / 24 / 60_000) * 60_000;
  return new Date(squeezed <= latest ? squeezed : time).toISOString();
}

/** The steps (from, code, to) that took an OS from request_init to its place, refusal included. */
export function historyOf(os: SeedOs): { from: OsPlace; code: string; to: OsPlace }[] {
  const steps: { from: OsPlace; code: string; to: OsPlace }[] = [];
  if (os.place === 'start') return steps;
  let place: OsPlace = 'request_init';
  let refused = os.refusedAt === undefined;
  // Bounded by twice the path: a refusal sends the OS back once.
  for (let guard = 0; guard < 2 * osPath(os.price).length + 2; guard++) {
    if (place === os.place && refused) return steps;
    const code: string | undefined = !refused && place === os.refusedAt ? `${place}_refused` : stepsFrom(place, os.price)[0]?.code;
    const to: OsPlace | null = code === undefined ? null : targetOf(place, os.price, code);
    if (code === undefined || to === null) break;
    if (code.endsWith('_refused')) refused = true;
    steps.push({ from: place, code, to });
    place = to;
  }
  throw new Error(`Historique impossible pour l'OS seedé en ${os.place}`);
}

export function seedOs(ctx: AppContext, world: World, { now }: SeedOptions): void {
  const { db } = ctx;
  const insert = db.prepare(
    `INSERT INTO work_validation_requests (number, place, price, information, created_at, real_estate_id, business_area_id, request_type_id, provider_company_id, contact_id, requested_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setNumber = db.prepare(`UPDATE work_validation_requests SET number = ? WHERE id = ?`);
  const building = db.prepare(`INSERT OR IGNORE INTO work_validation_buildings (request_id, building_id) VALUES (?, ?)`);
  const media = db.prepare(`INSERT INTO work_validation_media (request_id, media_id) VALUES (?, ?)`);
  const message = db.prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES ('os', ?, ?, ?, ?)`);
  const read = db.prepare(`INSERT OR REPLACE INTO message_reads (user_id, object_kind, object_id, last_read_id) VALUES (?, 'os', ?, ?)`);

  const actors: Record<WorkflowRole, number> = { GT: world.users.gt, GL: world.users.gl, AT: world.users.at, DP: world.users.dp, DT: world.users.dt };
  const names = new Map<number, string>();
  const nameOf = (userId: number) => names.get(userId) ?? names.set(userId, displayName(db, userId)).get(userId)!;
  const leaves = world.businessAreas.filter((a) => a.parentId !== null);
  const ownerCompanyEstates = new Set(world.realEstates.filter((e) => e.ownerCompanyId === world.companies.owner).map((e) => e.id));

  SEED_OS.forEach((os, i) => {
    const estate = world.realEstates[i % world.realEstates.length]!;
    // Morning hours so that the demo reads like office work.
    const created = new Date(now.getTime() - os.age * DAY);
    created.setUTCHours(7 + (i % 4), (i * 17) % 60, 0, 0);
    const createdAt = created.toISOString();
    // The owner admin files a few requests on its own real estates; the technical manager files the rest.
    const requester = ownerCompanyEstates.has(estate.id) && i % 4 === 1 ? world.users.gestionnaire : world.users.gt;
    const provider = world.companies.providers[i % 3]!;
    const id = Number(
      insert.run(
        `seed-os-${i}`,
        os.place,
        os.price,
        os.information,
        createdAt,
        estate.id,
        leaves[(i * 5) % leaves.length]!.id,
        world.requestTypes[i % world.requestTypes.length]!.id,
        provider,
        estate.contactId,
        requester,
      ).lastInsertRowid,
    );
    setNumber.run(osNumber(id, createdAt), id);
    const targets = estate.leafBuildingIds.length ? estate.leafBuildingIds : estate.buildingIds;
    building.run(id, targets[i % targets.length]!);
    if (i % 3 === 0 && targets.length > 1) building.run(id, targets[(i + 1) % targets.length]!);

    // Events are spread between the creation and two hours ago, in order.
    const history = historyOf(os);
    const talk = SEED_TALK.slice(0, 1 + (i % SEED_TALK.length));
    const events = history.length + talk.length;
    const span = Math.max(now.getTime() - 2 * HOUR - created.getTime(), HOUR);
    const at = (k: number) => officeHours(created.getTime() + Math.round(((k + 1) * span) / (events + 1)), now.getTime() - HOUR);
    let k = 0;
    let lastId = Number(message.run(id, 'Demande de validation de travaux créée.', createdAt, null).lastInsertRowid);
    talk.forEach(([who, text]) => {
      // The conversation happens at the start, between the requester and the first actor.
      const author = who === 'requester' ? requester : actors[ROLE_AT[history[0]?.to ?? 'request_completion'] ?? 'GL'];
      lastId = Number(message.run(id, text, at(k++), author).lastInsertRowid);
    });
    for (const step of history) {
      const actor = actors[ROLE_AT[step.from] ?? 'GT'];
      lastId = Number(message.run(id, stepMessage(step.from, step.to, step.code, nameOf(actor)), at(k++), null).lastInsertRowid);
    }
    // The requester has read its threads except the most recent ones, so the unread count shows something.
    if (os.age > 10) read.run(requester, id, lastId);

    if (i % 3 !== 2) media.run(id, world.addImage(`devis-${osNumber(id, createdAt)}.png`, 700 + i, new Date(created.getTime() + HOUR), requester));
    if (i % 4 === 0) media.run(id, world.addImage('photo-constat.png', 800 + i, new Date(created.getTime() + 2 * HOUR), requester));
  });
}
