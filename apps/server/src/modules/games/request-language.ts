import type { FastifyRequest } from 'fastify';
import { ClientConstants, Languages, type Language } from '@playhall/contract';

/** A tag like `pt`, `pt-PT` or `th-th` onto a shipped language (same primary subtag), else null. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = Languages.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return Languages.find((l) => l.split('-')[0]!.toLowerCase() === primary) ?? null;
}

/**
 * The language of the player making a request: the `lang` cookie the player app keeps (the
 * language they chose), else the browser's Accept-Language in its order of preference, else en-US.
 * The calls carry no language field, and a game should open in the language the lobby shows.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(req.headers.cookie ?? '');
  if (cookie) {
    let value = '';
    try {
      value = decodeURIComponent(cookie[1]!);
    } catch {
      // A malformed cookie is ignored like a missing one.
    }
    const chosen = Languages.find((l) => l === value);
    if (chosen) return chosen;
  }
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const a of accepted) {
    const lang = matchLanguage(a.tag);
    if (lang) return lang;
  }
  return ClientConstants.defaultLanguage;
}
