import {
  AppError,
  ClientConstants,
  ErrorCode,
  appConfigFields,
  type AppConfig,
  type AppConfigFields,
  type ContentSlug,
  type CustomerServiceItem,
  type JackpotAwardConfig,
  type Language,
  type NoticeItem,
} from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { configCache, type ChangeFeed } from '../../db/change-feed.ts';
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
/** The running lucky jackpot's published award table (spec §3's jackpotAwardConfigList), from the rewards engine's activities cache. */
export type JackpotAwards = () => Promise<JackpotAwardConfig[]>;

/**
 * Reads operator-edited configuration and content. Missing translations fall back to en-US. The
 * configuration, customer service queue, notices and FAQ are kept in process until a write to
 * their table is notified (decision 040); pages are read each time. The VIP levels come from the
 * rewards engine's activities cache, and so does the lucky jackpot's award table.
 */
export function createContentService(db: Db, changes: ChangeFeed, o: { vipLevels?: VipLevels; jackpotAwards?: JackpotAwards } = {}): ContentService {
  const configFields = configCache(changes, ['app_config'], async () => {
    const rows = await repo.readConfigRows(db);
    const parsed = appConfigFields.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    if (!parsed.success) {
      // A broken operator edit must be loud, not silently half-applied.
      throw new Error(`app_config is not valid: ${JSON.stringify(parsed.error.issues)}`);
    }
    return parsed.data;
  });
  const queue = configCache(changes, ['customer_service_item'], () => repo.readCustomerServiceItems(db));
  const notices = configCache(changes, ['notice'], async (lang: Language) => {
    let rows = await repo.readNotices(db, lang);
    if (rows.length === 0 && lang !== DEFAULT_LANG) rows = await repo.readNotices(db, DEFAULT_LANG);
    return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
  });
  const faqs = configCache(changes, ['faq'], async (lang: Language) => {
    const faq = await repo.readFaq(db, lang);
    return faq.length === 0 && lang !== DEFAULT_LANG ? repo.readFaq(db, DEFAULT_LANG) : faq;
  });
  const getConfigFields = () => configFields.get(null);
  const getNotices = (lang: Language = DEFAULT_LANG) => notices.get(lang);
  const getCustomerServiceQueue = () => queue.get(null);

  /** The last answer per language and what it was made from: the same parts answer the same object (decision 054). */
  const appConfigs = new Map<Language, { from: unknown[]; config: AppConfig }>();
  const noLevels: { level: number; betAmount: number }[] = [];
  const noAwards: JackpotAwardConfig[] = [];

  return {
    getConfigFields,
    getNotices,
    getCustomerServiceQueue,
    async getAppConfig(lang = DEFAULT_LANG) {
      const from = await Promise.all([
        getConfigFields(),
        getCustomerServiceQueue(),
        faqs.get(lang),
        getNotices(lang),
        o.vipLevels?.() ?? noLevels,
        o.jackpotAwards?.() ?? noAwards,
      ]);
      const last = appConfigs.get(lang);
      if (last && last.from.every((v, i) => v === from[i])) return last.config;
      const [fields, appCustomerServiceQueue, faq, noticeList, levels, jackpotAwardConfigList] = from;
      const config: AppConfig = {
        ...fields,
        vipMap: Object.fromEntries(levels.map((l) => [String(l.level), l])) as AppConfig['vipMap'],
        levelConfig: levels as AppConfig['levelConfig'],
        jackpotAwardConfigList,
        appCustomerServiceQueue,
        faq,
        notices: noticeList,
      };
      appConfigs.set(lang, { from, config });
      return config;
    },
    async getPage(slug, lang = DEFAULT_LANG) {
      const page = (await repo.readPage(db, slug, lang)) ?? (await repo.readPage(db, slug, DEFAULT_LANG));
      if (!page) throw new AppError(ErrorCode.notFound, `Page ${slug} does not exist`);
      return { slug, title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
    },
  };
}
