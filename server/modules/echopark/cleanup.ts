/**
 * Admin clean-up (`npm run server -- --prune-echopark-photos`): brings every
 * echopark request back under the photo cap. Requests filled before the cap
 * (issue 21: 85 photos of 4.9 MB made the detail answer 500 for everyone) keep
 * their first photos and those an answered progress form names; the others go,
 * with their media when nothing else uses it, and the file when no media does.
 */
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { MAX_PICTURES_PER_REQUEST } from './action-routes';

export function pruneEchoparkPhotos(ctx: AppContext, max = MAX_PICTURES_PER_REQUEST): { requests: number; pictures: number } {
  const { db } = ctx;
  const over = db.prepare(`SELECT request_id AS id FROM echopark_pictures GROUP BY request_id HAVING COUNT(*) > ?`).all(max) as { id: number }[];
  let pictures = 0;
  const md5s = new Set<string>();
  tx(db, () => {
    for (const { id } of over) {
      const named = new Set(
        (
          db
            .prepare(`SELECT a.value FROM echopark_form_answers a JOIN echopark_fields f ON f.id = a.field_id WHERE a.request_id = ? AND f.type = 'upload'`)
            .all(id) as { value: string }[]
        ).map((r) => Number(JSON.parse(r.value))),
      );
      const rows = db.prepare(`SELECT id, media_id FROM echopark_pictures WHERE request_id = ? ORDER BY id`).all(id) as { id: number; media_id: number }[];
      const keep = new Set(rows.filter((r) => named.has(r.id)).map((r) => r.id));
      for (const r of rows) if (keep.size < max) keep.add(r.id);
      for (const r of rows) {
        if (keep.has(r.id)) continue;
        db.prepare(`DELETE FROM echopark_pictures WHERE id = ?`).run(r.id);
        pictures++;
        const used = ['echopark_pictures', 'intervention_media', 'debriefing_media', 'work_validation_media', 'visit_files'].some(
          (table) =>
            db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) &&
            db.prepare(`SELECT 1 FROM ${table} WHERE media_id = ?`).get(r.media_id),
        );
        if (used) continue;
        const media = db.prepare(`SELECT md5 FROM media WHERE id = ?`).get(r.media_id) as { md5: string } | undefined;
        db.prepare(`DELETE FROM media WHERE id = ?`).run(r.media_id);
        if (media) md5s.add(media.md5);
      }
    }
  });
  for (const md5 of md5s) if (!db.prepare(`SELECT 1 FROM media WHERE md5 = ?`).get(md5)) ctx.files.remove(md5);
  return { requests: over.length, pictures };
}
