import { z } from 'zod';
import { defineEndpoint } from '../envelope.ts';
import { Languages } from '../constants.ts';

export const ContentSlugs = ['about-us', 'privacy-policy', 'terms-of-use', 'download'] as const;
export type ContentSlug = (typeof ContentSlugs)[number];

export const contentPageEndpoint = defineEndpoint({
  path: 'anonymous/page',
  summary: 'An operator-edited information page (about, privacy, terms, download)',
  request: { slug: z.enum(ContentSlugs), lang: z.enum(Languages).optional() },
  response: z.object({ slug: z.enum(ContentSlugs), title: z.string(), body: z.string(), updatedAt: z.string() }),
});
