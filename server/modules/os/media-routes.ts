/**
 * OS documents (spec part 1 §7 "OS"): upload in multipart field `file`
 * (images only, sniffed, ≤ 5,000,000 bytes) and download under the md5 name.
 * The same visibility rule lets the core GET api/media/{id} serve them.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { idFrom } from '../../http/collections';
import { notFound } from '../../http/errors';
import { readImageUpload } from '../../http/uploads';
import { mediaDto } from '../core/serializers';
import { assertOsWriter, osVisibility, visibleOs } from './access';

export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  ctx.mediaReaders.push((user, mediaId) => {
    const clause = osVisibility(db, user);
    const sql = `SELECT 1 FROM work_validation_media wm JOIN work_validation_requests w ON w.id = wm.request_id WHERE wm.media_id = ? AND ${clause.sql}`;
    return db.prepare(sql).get(mediaId, ...clause.params) !== undefined;
  });

  app.post<{ Params: { id: string } }>('/api/work_validation_requests/:id/medias', async (request, reply) => {
    const user = currentUser(request);
    const row = visibleOs(db, user, idFrom(request.params.id));
    assertOsWriter(user);
    const upload = await readImageUpload(request);
    const mediaId = tx(db, () => {
      const md5 = ctx.files.put(upload.data, upload.md5);
      const id = Number(
        db
          .prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`)
          .run(upload.filename || md5, upload.type, md5, upload.data.length, new Date().toISOString(), user.id).lastInsertRowid,
      );
      db.prepare(`INSERT INTO work_validation_media (request_id, media_id) VALUES (?, ?)`).run(row.id, id);
      return id;
    });
    return reply.status(201).send(mediaDto(db, mediaId));
  });

  app.get<{ Params: { id: string } }>('/api/work_validation_requests/media/:id', async (request, reply) => {
    const user = currentUser(request);
    const media = db
      .prepare(`SELECT m.md5, m.type, wm.request_id FROM media m JOIN work_validation_media wm ON wm.media_id = m.id WHERE m.id = ?`)
      .get(idFrom(request.params.id) ?? -1) as { md5: string; type: string; request_id: number } | undefined;
    if (!media) throw notFound('Ce document est introuvable.');
    // The document is as private as its OS (001001 when the OS is not the caller's).
    visibleOs(db, user, media.request_id);
    const data = ctx.files.get(media.md5);
    if (!data) throw notFound('Le fichier de ce document est introuvable.');
    return reply.type(media.type).header('Content-Disposition', `attachment; filename="${media.md5}"`).header('Cache-Control', 'private, no-cache').send(data);
  });
}
