/**
 * How the Originals reach the wallet: only through the signed seamless protocol (issue 4 §3),
 * like any outside provider. Two transports send the same signed bytes to the same routes:
 * in-process through the main server's `app.inject` (no network hop; the default when mounted in
 * the main server) and HTTP (`fetch` to a base URL) for running the Originals as their own service.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ProviderSignatureHeader,
  ProviderTimestampHeader,
  ProviderWalletPrefix,
  type ProviderError,
  type ProviderWalletAction,
  type providerRequests,
} from '@playhall/contract';
import type { z } from 'zod';

export type WalletRequest<A extends ProviderWalletAction> = z.input<(typeof providerRequests)[A]>;

/** What the wallet answers a call (its OK bodies, loosely: amounts are plain numbers here). */
export interface WalletOk {
  authenticate: { sessionToken: string; playerId: string; nickname: string; balance: number; mode: 'real' | 'demo'; gameCode: string };
  balance: { balance: number };
  bet: { balance: number; transactionId: string };
  win: { balance: number; transactionId: string };
  rollback: { balance: number; transactionId: string };
  endRound: { balance: number };
}

export type WalletResult<A extends ProviderWalletAction> =
  | { ok: true; body: WalletOk[A] }
  | { ok: false; error: ProviderError; message: string; balance?: number };

/**
 * The wallet could not be asked or did not answer with a protocol answer (network, timeout, 5xx,
 * signature refused). The call may or may not have been applied: money calls are retried with the
 * same transaction id, which the wallet applies once.
 */
export class WalletUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletUnavailable';
  }
}

export interface WalletClient {
  call<A extends ProviderWalletAction>(action: A, body: WalletRequest<A>): Promise<WalletResult<A>>;
}

export interface SigningOptions {
  /** Our platform code at the wallet (`originals`). */
  platformCode: string;
  /** The platform's HMAC secret (ORIGINALS_PROVIDER_SECRET). */
  secret: string;
  /** Unix ms for the signed timestamp: the same clock the wallet checks against (±5 min). */
  now?: () => number;
}

/** The signed request: raw body, timestamp and hex HMAC-SHA256 over `${timestamp}.${rawBody}`. */
export function signedRequest(o: SigningOptions, action: ProviderWalletAction, body: unknown) {
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor((o.now ?? Date.now)() / 1000));
  const signature = createHmac('sha256', o.secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return {
    path: `${ProviderWalletPrefix}/${encodeURIComponent(o.platformCode)}/${action}`,
    rawBody,
    headers: { 'content-type': 'application/json', [ProviderTimestampHeader]: timestamp, [ProviderSignatureHeader]: signature },
  };
}

/** Reads an answer: HTTP 200 with status OK or ERROR is the protocol; anything else is unavailability. */
function readAnswer<A extends ProviderWalletAction>(action: A, status: number, text: string): WalletResult<A> {
  type Loose = { status?: unknown; error?: unknown; message?: unknown; balance?: unknown };
  let json: Loose | null;
  try {
    json = JSON.parse(text) as Loose;
  } catch {
    json = null;
  }
  if (status === 200 && json?.status === 'OK') return { ok: true, body: json as unknown as WalletOk[A] };
  if (status === 200 && json?.status === 'ERROR' && typeof json.error === 'string') {
    return {
      ok: false,
      error: json.error as ProviderError,
      message: typeof json.message === 'string' ? json.message : json.error,
      ...(typeof json.balance === 'number' ? { balance: json.balance } : {}),
    };
  }
  // 401 (signature, stale clock), 404, 5xx: a configuration or transport problem, not a refusal.
  const detail = json && typeof json.error === 'string' ? `${json.error}: ${String(json.message)}` : text.slice(0, 200);
  throw new WalletUnavailable(`wallet ${action} answered HTTP ${status} (${detail})`);
}

/** In-process: the signed request goes through the main server's routes with `app.inject`. */
export function createInjectWalletClient(app: Pick<FastifyInstance, 'inject'>, o: SigningOptions): WalletClient {
  return {
    async call(action, body) {
      const req = signedRequest(o, action, body);
      let res;
      try {
        res = await app.inject({ method: 'POST', url: req.path, headers: req.headers, payload: req.rawBody });
      } catch (err) {
        throw new WalletUnavailable(`wallet ${action} failed: ${(err as Error).message}`);
      }
      return readAnswer(action, res.statusCode, res.body);
    },
  };
}

/** Over HTTP: `fetch` to the wallet's base URL (e.g. https://playhall.example), with a timeout. */
export function createHttpWalletClient(o: SigningOptions & { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): WalletClient {
  const doFetch = o.fetch ?? fetch;
  const base = o.baseUrl.replace(/\/+$/, '');
  return {
    async call(action, body) {
      const req = signedRequest(o, action, body);
      let status: number;
      let text: string;
      try {
        const res = await doFetch(`${base}${req.path}`, { method: 'POST', headers: req.headers, body: req.rawBody, signal: AbortSignal.timeout(o.timeoutMs ?? 5_000) });
        status = res.status;
        text = await res.text();
      } catch (err) {
        throw new WalletUnavailable(`wallet ${action} failed: ${(err as Error).message}`);
      }
      return readAnswer(action, status, text);
    },
  };
}
