import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The window over which an address's signature failures are counted. */
const WINDOW_MS = 60_000;
/** Blocked addresses remembered at most; expired ones are dropped first when it fills. */
const MAX_BLOCKED = 10_000;

export interface SignatureFailureLimit {
  /**
   * Seconds until this address may call again, or 0. Synchronous and a map lookup: a correctly
   * signed call pays no round trip to the rate-limit store for it.
   */
  blockedFor(req: FastifyRequest): number;
  /**
   * Counts a call that failed its signature (or named an unknown platform or provider) in the
   * app's rate-limit store (Redis when configured, so every instance counts together). Answers
   * the seconds the address is now blocked for, or 0 while it is under the limit.
   */
  failed(req: FastifyRequest): Promise<number>;
}

/**
 * Limits unsigned and badly signed calls per address on routes the global per-IP limit leaves
 * out (provider wallet, payment webhooks: an aggregator sends every player's calls from a few
 * addresses). Only failures count; past `perMin` of them in a minute, every call from that
 * address answers 429 until the window ends, before any lookup or HMAC. A store outage skips
 * the limit, as it does for the global one.
 */
export function createSignatureFailureLimit(app: FastifyInstance, o: { name: string; perMin: number }): SignatureFailureLimit {
  const count = app.createRateLimit({
    max: o.perMin,
    timeWindow: WINDOW_MS,
    keyGenerator: (req) => `${o.name}:${req.ip}`,
    // The global limit's allow list names exactly these routes.
    allowList: [],
  });
  const blocked = new Map<string, number>();

  const block = (ip: string, ms: number) => {
    const now = Date.now();
    if (blocked.size >= MAX_BLOCKED) {
      for (const [k, until] of blocked) if (until <= now) blocked.delete(k);
      if (blocked.size >= MAX_BLOCKED) blocked.delete(blocked.keys().next().value as string);
    }
    blocked.set(ip, now + ms);
  };

  return {
    blockedFor(req) {
      if (blocked.size === 0) return 0;
      const until = blocked.get(req.ip);
      if (until === undefined) return 0;
      const left = until - Date.now();
      if (left > 0) return Math.ceil(left / 1000);
      blocked.delete(req.ip);
      return 0;
    },
    async failed(req) {
      const r = await count(req);
      if (r.isAllowed || !r.isExceeded) return 0;
      const ms = Math.max(r.ttl, 1_000);
      block(req.ip, ms);
      return Math.ceil(ms / 1000);
    },
  };
}
