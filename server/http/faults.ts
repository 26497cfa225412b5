/**
 * Fault injection for the reliability tests (off unless FAULTS is set):
 * latency, connections dropped before the change is applied, connections
 * dropped after it is applied ("lost response"), and 500/503 answers.
 * A seeded generator makes a fault schedule replayable.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultConfig } from '../config';

/** mulberry32: small, fast, good enough to pick faults reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    loseResponse: boolean;
  }
}

/** The authentication calls stay reliable: faults target the data calls the outbox retries (decided on the matched route). */
const exempt = (request: FastifyRequest) => {
  const route = request.routeOptions.url ?? '';
  return !route.startsWith('/api/') || route === '/api/authentication_token' || route === '/api/token/refresh';
};

export interface FaultSwitch {
  /** Replaces the fault settings at run time (tests change schedules without restarting). */
  set(faults: FaultConfig | null): void;
}

export function installFaults(app: FastifyInstance, initial: FaultConfig | null): FaultSwitch {
  let faults = initial;
  let random = seededRandom(initial?.seed ?? 1);
  app.decorateRequest('loseResponse', false);

  app.addHook('onRequest', async (request, reply) => {
    if (!faults || exempt(request)) return;
    if (faults.latency > 0) await new Promise((resolve) => setTimeout(resolve, faults!.latency));
    if (random() < faults.drop) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (random() < faults.error) {
      const status = random() < 0.5 ? 500 : 503;
      return reply.status(status).send({ message: 'Panne simulée', description: 'Panne simulée' });
    }
    if (request.method !== 'GET' && random() < faults.lost) request.loseResponse = true;
  });

  // The change has been applied (and its idempotency key stored): drop the answer on the floor.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.loseResponse) {
      reply.raw.once('finish', () => undefined);
      request.raw.socket.destroy();
    }
    return payload;
  });

  return {
    set(next) {
      faults = next;
      random = seededRandom(next?.seed ?? 1);
    },
  };
}
