import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';

/** The player's icon endpoint (decision 037): Iconify JSON from the installed set, never a public service. */
describeDb('icons: GET /app/icons/<prefix>.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the icons asked for in Iconify JSON, aliases with their parent, unknown names as not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/icons/lucide.json?icons=wallet,activity-square,no-such-icon' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ prefix: string; icons: Record<string, { body: string }>; aliases: Record<string, { parent: string }>; width: number; height: number; not_found: string[] }>();
    expect(body.prefix).toBe('lucide');
    expect(body.width).toBe(24);
    expect(body.height).toBe(24);
    expect(Object.keys(body.icons).sort()).toEqual(['square-activity', 'wallet']);
    expect(body.icons.wallet!.body).toContain('stroke="currentColor"');
    expect(body.aliases).toEqual({ 'activity-square': { parent: 'square-activity' } });
    expect(body.not_found).toEqual(['no-such-icon']);
  });

  it('is cacheable for a week with a validator, and a repeat with it is a 304', async () => {
    const url = '/app/icons/lucide.json?icons=wallet,user';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"lucide@\d+\.\d+\.\d+-[\w-]+"$/);
    // The same icons in another order are the same answer.
    const reordered = await t.app.inject({ method: 'GET', url: '/app/icons/lucide.json?icons=user,wallet' });
    expect(reordered.headers.etag).toBe(etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is compressed like the other API answers', async () => {
    const url = '/app/icons/lucide.json?icons=wallet,user,house,lock,shield,globe,info,download,log-out,credit-card,file-text';
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as { icons: object };
    expect(Object.keys(plain.icons)).toHaveLength(11);
  });

  it('refuses a URL over the spec limit of 500 characters with a 414 that says so, and answers one of 500', async () => {
    const ofLength = (n: number) => {
      const head = '/app/icons/lucide.json?icons=wallet,user,';
      return head + 'a'.repeat(n - head.length); // the last name is padded (an unknown icon)
    };
    const over = await t.app.inject({ method: 'GET', url: ofLength(501) });
    expect(over.statusCode).toBe(414);
    expect(over.headers['cache-control']).toBe('no-store');
    expect(over.json<{ error: string }>().error).toMatch(/501 characters; the limit is 500/);
    const at = await t.app.inject({ method: 'GET', url: ofLength(500) });
    expect(at.statusCode).toBe(200);
    expect(at.json<{ not_found: string[] }>().not_found).toHaveLength(1);
  });

  it('answers 404 for a set it does not have and 400 for a missing or malformed list', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app/icons/mdi.json?icons=home' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app/icons/lucide.svg?icons=home' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app/icons/lucide.json' })).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/app/icons/lucide.json?icons=wallet,%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/not an icon name/);
  });
});
