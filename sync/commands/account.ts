/**
 * Account edit through the outbox (spec part 2 §3.3): PUT api/users/{id} with
 * first name, last name, phone and the read-only e-mail. The local user
 * document changes at once (the outbox marks it pending); the server's answer
 * replaces it; a refusal pulls the user again (the account module's refetch).
 */
import { corePaths, type UserData } from '../contract/core';
import { defineCommand } from '../outbox/commands';
import { LOCAL_USER, readLocal, writeLocal } from '../store/local';

export interface AccountUpdatePayload extends Record<string, unknown> {
  userId: number;
  firstname: string;
  lastname: string;
  gsm: string;
  email: string;
}

export const accountUpdate = defineCommand<AccountUpdatePayload, UserData>()({
  name: 'account.update',
  label: () => 'Modification de votre compte',
  entity: (p) => `user:${p.userId}`,
  touches: () => [`local:${LOCAL_USER}`],
  request: (p) => ({
    method: 'PUT',
    path: corePaths.user(p.userId),
    json: { id: p.userId, firstname: p.firstname, lastname: p.lastname, email: p.email, gsm: p.gsm },
  }),
  async apply({ db }, p) {
    const user = await readLocal<UserData & { pending?: boolean }>(db, LOCAL_USER);
    if (user) await writeLocal(db, LOCAL_USER, { ...user, firstname: p.firstname, name: p.lastname, gsm: p.gsm });
  },
  async reconcile({ db }, _p, answer) {
    if (answer && typeof answer === 'object' && typeof answer.id === 'number') await writeLocal(db, LOCAL_USER, { ...answer, pending: false });
  },
});
