/**
 * The game API client: POST JSON to /originals/api/<call> with the game token. Types come from
 * the shared schemas (type-only imports: zod stays out of the game bundle; the server validates).
 */
import type { ApiErrorResponse, OriginalsApiError } from '../api/schemas.ts';

export const API_PREFIX = '/originals/api';

/** A refusal from the API (or the network), with the code the screens branch on. */
export class ApiError extends Error {
  constructor(
    readonly code: OriginalsApiError | 'NETWORK',
    message: string,
    readonly status: number,
    readonly balance?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Fetch = typeof fetch;

export interface ApiClient {
  call<T>(path: string, body?: unknown): Promise<T>;
  setToken(token: string | null): void;
}

export function createApi(fetchImpl: Fetch = (...a) => fetch(...a), initialToken: string | null = null): ApiClient {
  let token = initialToken;
  return {
    setToken(t) {
      token = t;
    },
    async call<T>(path: string, body: unknown = {}): Promise<T> {
      let res: Response;
      try {
        res = await fetchImpl(`${API_PREFIX}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      } catch {
        throw new ApiError('NETWORK', 'network', 0);
      }
      let json: unknown = null;
      try {
        json = await res.json();
      } catch {
        /* an empty or HTML body: handled below */
      }
      if (!res.ok) {
        const e = (json ?? {}) as Partial<ApiErrorResponse>;
        const code = e.error ?? (res.status === 401 ? 'SESSION_EXPIRED' : 'INTERNAL');
        throw new ApiError(code, e.message ?? `HTTP ${res.status}`, res.status, e.balance);
      }
      return json as T;
    },
  };
}
