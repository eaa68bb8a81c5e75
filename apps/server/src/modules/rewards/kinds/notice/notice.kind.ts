import { z } from 'zod';
import { ActivityType, text } from '@playhall/contract';
import type { ActivityKind } from '../kind.ts';

/** Per language the app ships; at least the default language. */
const localized = (max: number) =>
  z
    .object({ 'en-US': text(max).trim().min(1), 'pt-BR': text(max).trim().min(1).optional(), 'th-TH': text(max).trim().min(1).optional() })
    .strict();

/** Notice (25): an operator notice shown as the notice popup at start-up; it pays nothing. */
const settings = z.object({ title: localized(120), body: localized(4_000) }).strict();
type Settings = z.infer<typeof settings>;

export const noticeKind: ActivityKind<Settings> = {
  type: ActivityType.notice,
  name: 'notice',
  settings,
  detail: (a) => ({ title: a.settings.title, body: a.settings.body }),
};
