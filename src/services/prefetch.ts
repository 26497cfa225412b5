/**
 * What is loaded right after sign-in (spec part 1 §4 "Session and version"),
 * so that a user who signs in and goes down to the basement finds the tunnels
 * ready offline: managers get the real estates with contract, OS users their
 * dashboard and, when they may create, the tunnel's providers, real estates
 * (with buildings and business areas) and types; echopark members their
 * communities and creation data. Failures are background errors.
 */
import { pullEchoparkCommunities, pullEchoparkCreationData, pullOsDashboard, pullRealEstates, prefetchOsTunnel, roles, type Engine } from '../../sync/index';

/** Tunnel data younger than this is not pulled again at each start. */
const TUNNEL_DATA_MAX_AGE_MS = 10 * 60_000;

export async function prefetchAfterSignIn(engine: Engine, userRoles: readonly string[]): Promise<void> {
  const store = engine.store;
  if (!store) return;
  const { db } = store;
  const jobs: Promise<unknown>[] = [];
  if (roles.isManager(userRoles)) jobs.push(pullRealEstates(db, engine.api, true));
  if (roles.canUseOs(userRoles)) {
    jobs.push(
      pullOsDashboard(db, engine.api).then((dashboard) =>
        dashboard.canCreateWorkValidationRequest ? prefetchOsTunnel(db, engine.api, TUNNEL_DATA_MAX_AGE_MS) : undefined,
      ),
    );
  }
  if (roles.canUseEchopark(userRoles)) jobs.push(pullEchoparkCommunities(db, engine.api).then(() => pullEchoparkCreationData(db, engine.api)));
  const failed = (await Promise.allSettled(jobs)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
