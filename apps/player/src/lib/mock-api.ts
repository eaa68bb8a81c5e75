/** Test helper (jsdom): serves /app/v1/<path> through the real API client from per-path handlers. */
import { vi } from 'vitest';

/** A handler may answer later (a promise), to hold a call in flight. */
type Handler = (body: Record<string, unknown>) => unknown;

/** What a handler may answer instead of data (code 200): an error envelope. A handler may also throw (a network failure). */
export const refuse = (code: number, msg: string) => ({ __envelope: { code, msg, data: null } });

/** Stubs fetch with the handlers; records every request body (and init) by path. Unknown paths answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Record<string, Array<Record<string, unknown>>> = {};
  const inits: Record<string, RequestInit[]> = {};
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/app/v1/', '');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    (calls[path] ??= []).push(body);
    (inits[path] ??= []).push(init);
    const handler = handlers[path];
    if (!handler) return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }));
    const out: unknown = await handler(body);
    const envelope = out && typeof out === 'object' && '__envelope' in out ? (out as { __envelope: unknown }).__envelope : { code: 200, msg: 'OK', data: out };
    return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, inits, fetchMock };
}
