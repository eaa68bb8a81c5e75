import {
  AppError,
  ClientConstants,
  ErrorCode,
  appConfigFields,
  type AppConfig,
  type AppConfigFields,
  type ContentSlug,
  type CustomerServiceItem,
  type Language,
  type NoticeItem,
} from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './content.repo.ts';

const DEFAULT_LANG = ClientConstants.defaultLanguage;

export interface ContentService {
  getConfigFields(): Promise<AppConfigFields>;
  getAppConfig(lang?: Language): Promise<AppConfig>;
  getCustomerServiceQueue(): Promise<CustomerServiceItem[]>;
  getNotices(lang?: Language): Promise<NoticeItem[]>;
  getPage(slug: ContentSlug, lang?: Language): Promise<{ slug: ContentSlug; title: string; body: string; updatedAt: string }>;
}

/** A VIP level's start (spec §3's level config), from the rewards engine's running VIP activity. */
export type VipLevels = () => Promise<{ level: number; betAmount: number }[]>;

/** Reads operator-edited configuration and content. Missing translations fall back to en-US. */
export function createContentService(db: Db, o: { vipLevels?: VipLevels } = {}): ContentService {
  async function getConfigFields(): Promise<AppConfigFields> {
    const rows = await repo.readConfigRows(db);
    const parsed = appConfigFields.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    if (!parsed.success) {
      // A broken operator edit must be loud, not silently half-applied.
      throw new Error(`app_config is not valid: ${JSON.stringify(parsed.error.issues)}`);
    }
    return parsed.data;
  }

  async function getNotices(lang: Language = DEFAULT_LANG): Promise<NoticeItem[]> {
    let rows = await repo.readNotices(db, lang);
    if (rows.length === 0 && lang !== DEFAULT_LANG) rows = await repo.readNotices(db, DEFAULT_LANG);
    return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
  }

  return {
    getConfigFields,
    getNotices,
    getCustomerServiceQueue: () => repo.readCustomerServiceItems(db),
    async getAppConfig(lang = DEFAULT_LANG) {
      let faq = await repo.readFaq(db, lang);
      if (faq.length === 0 && lang !== DEFAULT_LANG) faq = await repo.readFaq(db, DEFAULT_LANG);
      const levels = (await o.vipLevels?.()) ?? [];
      return {
        ...(await getConfigFields()),
        vipMap: Object.fromEntries(levels.map((l) => [String(l.level), l])) as AppConfig['vipMap'],
        levelConfig: levels as AppConfig['levelConfig'],
        appCustomerServiceQueue: await repo.readCustomerServiceItems(db),
        faq,
        notices: await getNotices(lang),
      };
    },
    async getPage(slug, lang = DEFAULT_LANG) {
      const page = (await repo.readPage(db, slug, lang)) ?? (await repo.readPage(db, slug, DEFAULT_LANG));
      if (!page) throw new AppError(ErrorCode.notFound, `Page ${slug} does not exist`);
      return { slug, title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
    },
  };
}
