/**
 * The signed-in user's own data: personal data, physical access, account
 * edit and community switch, app version gate, push notifications, and the
 * visitors' contact form (spec part 1 §7, part 2 §3.3, §7).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { badRequest, refusal } from '../../http/errors';
import { AttemptLimiter, assertNotLocked, clientAddress } from '../../http/attempts';
import { idSchema, text } from '../../http/schemas';
import type { ContactFormPayload, UserData, UserUpdatePayload } from '../../../sync/contract/core';
import type { Role } from '../../../sync/contract/roles';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,60}$/;
const DIGITS = /^[0-9]+$/;

interface UserRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  gsm: string;
  roles: string;
  ia_links: string;
  is_manager: number;
  echopark_main_community_id: number | null;
  company_id: number | null;
  company_name: string | null;
}

export function userData(ctx: AppContext, userId: number): UserData {
  const row = ctx.db
    .prepare(`SELECT u.*, c.name AS company_name FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`)
    .get(userId) as UserRow;
  return {
    id: row.id,
    firstname: row.firstname,
    name: row.lastname,
    email: row.email,
    gsm: row.gsm,
    roles: JSON.parse(row.roles) as Role[],
    iaLinks: JSON.parse(row.ia_links) as UserData['iaLinks'],
    echoparkMainCommunityId: row.echopark_main_community_id,
    isManager: row.is_manager === 1,
    company: row.company_id !== null ? { id: row.company_id, name: row.company_name ?? '' } : null,
  };
}

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  // The contact form is public: each client may send a few an hour (spam, database filling).
  const contacts = new AttemptLimiter(config.limits.contact);

  app.get('/api/personal/data/0', async (request) => userData(ctx, currentUser(request).id));

  app.get<{ Params: { userId: string } }>('/api/personal/physical_access/:userId', async (request) => {
    const user = currentUser(request);
    if (Number(request.params.userId) !== user.id) throw refusal('004001');
    // Door opening is not implemented by the platform (spec part 1 §2): nobody has access points yet.
    return { userId: user.id, accessPoints: [] };
  });

  app.get('/api/versions/0', { config: { public: true } }, async () => ({ minVersionToUse: config.minVersionToUse }));

  app.put<{ Params: { id: string }; Body: UserUpdatePayload }>(
    '/api/users/:id',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            id: idSchema,
            firstname: text(100, 1),
            lastname: text(100, 1),
            email: text(254),
            gsm: text(20),
            echoparkMainCommunityId: idSchema,
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = Number(request.params.id);
      if (id !== user.id) throw refusal('001001');
      const body = request.body;
      if (body.firstname !== undefined && body.firstname.trim() === '') throw badRequest('Le prénom est obligatoire.');
      if (body.lastname !== undefined && body.lastname.trim() === '') throw badRequest('Le nom est obligatoire.');
      if (body.gsm !== undefined && !DIGITS.test(body.gsm)) throw badRequest("Le numéro de téléphone n'est pas valide");
      const current = db.prepare(`SELECT email FROM users WHERE id = ?`).get(id) as { email: string };
      // The e-mail is read-only (spec part 2 §3.3): it is sent back, never changed.
      if (body.email !== undefined && body.email.toLowerCase() !== current.email.toLowerCase()) throw badRequest("L'adresse e-mail ne peut pas être modifiée.");
      if (body.echoparkMainCommunityId !== undefined) {
        const member = db.prepare(`SELECT 1 FROM echopark_user_communities WHERE user_id = ? AND community_id = ?`).get(id, body.echoparkMainCommunityId);
        if (!member) throw refusal('001001');
      }
      tx(db, () => {
        if (body.firstname !== undefined) db.prepare(`UPDATE users SET firstname = ? WHERE id = ?`).run(body.firstname.trim(), id);
        if (body.lastname !== undefined) db.prepare(`UPDATE users SET lastname = ? WHERE id = ?`).run(body.lastname.trim(), id);
        if (body.gsm !== undefined) db.prepare(`UPDATE users SET gsm = ? WHERE id = ?`).run(body.gsm, id);
        if (body.echoparkMainCommunityId !== undefined)
          db.prepare(`UPDATE users SET echopark_main_community_id = ? WHERE id = ?`).run(body.echoparkMainCommunityId, id);
      });
      return userData(ctx, id);
    },
  );

  app.get('/api/notifications/push_mobiles', async (request) => {
    const user = currentUser(request);
    return db.prepare(`SELECT id, content FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 20`).all(user.id);
  });

  app.post<{ Body: ContactFormPayload }>(
    '/api/contact_forms',
    {
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          required: ['firstname', 'lastname', 'email', 'gsm', 'company', 'real_estate'],
          properties: {
            firstname: text(100),
            lastname: text(100),
            email: text(254),
            gsm: text(20),
            company: text(200),
            real_estate: text(200),
            message: text(5000),
          },
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      if ([b.firstname, b.lastname, b.email, b.gsm, b.company, b.real_estate].some((v) => v.trim() === '')) throw badRequest('Complétez tous les champs');
      if (!EMAIL.test(b.email)) throw badRequest("Le mail n'est pas valide");
      if (!DIGITS.test(b.gsm)) throw badRequest("Le numéro de téléphone n'est pas valide");
      const client = clientAddress(request);
      assertNotLocked([[contacts, client]]);
      contacts.hit(client);
      const id = tx(db, () =>
        Number(
          db
            .prepare(`INSERT INTO contact_forms (firstname, lastname, email, gsm, company, real_estate, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
            .run(
              b.firstname.trim(),
              b.lastname.trim(),
              b.email.trim(),
              b.gsm,
              b.company.trim(),
              b.real_estate.trim(),
              b.message ?? null,
              new Date().toISOString(),
            ).lastInsertRowid,
        ),
      );
      return reply.status(201).send({ id });
    },
  );
}
