import { vi } from 'vitest';

/** A request the fake fetch holds until the test answers it. */
export type PendingFetch = { url: string; signal: AbortSignal; answer: (body: unknown, status?: number) => void; fail: () => void };

/** A fetch whose answers the test gives by hand, one entry per request sent (aborts reject as fetch does). */
export function manualFetch() {
  const sent: PendingFetch[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((resolve, reject) => {
    const signal = init!.signal!;
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    sent.push({
      url: String(input),
      signal,
      answer: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status })),
      fail: () => reject(new TypeError('network')),
    });
  }));
  return { fn: fn as unknown as typeof fetch, sent };
}
