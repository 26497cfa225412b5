/**
 * The account module's door (spec part 2 §3.3): the signed-in user as the
 * store holds it, its refresh from the server, and the account edit (one
 * outbox command). The refetch of the local 'user' document after a refused
 * edit is the same pull.
 */
import type { UserData } from '../contract/core';
import type { AccountUpdatePayload } from '../commands/account';
import { LOCAL_USER, markRefreshed, writeLocal } from '../store/local';
import type { EngineModule, ModuleContext } from './module';
import { watchValue } from './docs';

export interface AccountEnv {
  /** Loads the user from the server (the session's client: it also keeps the session's copy). */
  loadUser(): Promise<UserData>;
}

export function accountModule(env: AccountEnv) {
  return ((ctx: ModuleContext) => {
    async function refreshUser(): Promise<void> {
      const user = await env.loadUser();
      await writeLocal(ctx.db(), LOCAL_USER, user);
      await markRefreshed(ctx.db(), 'user');
    }
    const facade = {
      watchUser: () => watchValue<UserData & { pending?: boolean; stale?: boolean }>(ctx.db(), LOCAL_USER),
      /** Pulls the user into the store (the screens and the session follow the local document). */
      refreshUser,
      /** The account edit, kept on the device at once and sent when the network allows. */
      update: async (payload: AccountUpdatePayload) => [await ctx.outbox.enqueue('account.update', payload)],
    };
    return {
      facade,
      refetch: {
        local: async (id: string) => (id === LOCAL_USER ? refreshUser().then(() => true) : false),
      },
    };
  }) satisfies EngineModule;
}

export type AccountFacade = ReturnType<ReturnType<typeof accountModule>>['facade'];
