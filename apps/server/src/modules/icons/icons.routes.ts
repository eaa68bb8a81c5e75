import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ICON_NAME, type IconService } from './icons.service.ts';

/** The spec's URL limit for an icon request (§9): longer ones are refused, the client splits its lists. */
export const ICON_URL_LIMIT = 500;
/** How long a browser or cache may keep an answer without asking (it changes only with the package). */
const MAX_AGE_S = 7 * 24 * 3600;

/**
 * `GET /app/icons/<prefix>.json?icons=a,b,c` answers Iconify JSON for those icons of an installed
 * set (decision 037). Compressed as the other `/app/` answers; a strong validator made of the
 * package version and the list, so a repeat after the week's max-age is a 304.
 */
export function registerIconRoutes(app: FastifyInstance, icons: IconService): void {
  app.get<{ Params: { file: string }; Querystring: { icons?: string } }>('/app/icons/:file', async (req, reply) => {
    const refuse = (status: number, message: string) => reply.code(status).header('cache-control', 'no-store').send({ error: message });
    if (req.url.length > ICON_URL_LIMIT) {
      return refuse(414, `icon request URL is ${req.url.length} characters; the limit is ${ICON_URL_LIMIT}: ask in several requests`);
    }
    const prefix = /^([a-z0-9-]+)\.json$/.exec(req.params.file)?.[1];
    const version = prefix ? icons.version(prefix) : null;
    if (!prefix || !version) return refuse(404, `no icon set "${req.params.file.replace(/\.json$/, '')}"`);
    const raw = typeof req.query.icons === 'string' ? req.query.icons : '';
    const names = [...new Set(raw.split(',').filter(Boolean))].sort();
    if (names.length === 0) return refuse(400, 'icons: a comma-separated list of icon names is required');
    const bad = names.find((n) => !ICON_NAME.test(n));
    if (bad !== undefined) return refuse(400, `icons: "${bad.slice(0, 40)}" is not an icon name`);

    const etag = `"${prefix}@${version}-${createHash('sha256').update(names.join(',')).digest('base64url').slice(0, 16)}"`;
    reply.header('cache-control', `public, max-age=${MAX_AGE_S}`).header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(icons.subset(prefix, names));
  });
}
