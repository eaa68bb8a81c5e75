import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { appConfig, contentPage, customerServiceItem, faq, notice } from '../../db/schema.ts';

export async function readConfigRows(x: Executor): Promise<{ key: string; value: unknown }[]> {
  return x.select({ key: appConfig.key, value: appConfig.value }).from(appConfig);
}

export async function readCustomerServiceItems(x: Executor) {
  return x
    .select({
      id: customerServiceItem.id,
      itemType: customerServiceItem.itemType,
      name: customerServiceItem.name,
      param1: customerServiceItem.param1,
      param2: customerServiceItem.param2,
      sort: customerServiceItem.sort,
    })
    .from(customerServiceItem)
    .where(eq(customerServiceItem.enabled, true))
    .orderBy(asc(customerServiceItem.sort), asc(customerServiceItem.id));
}

export async function readFaq(x: Executor, lang: string) {
  return x
    .select({ id: faq.id, question: faq.question, answer: faq.answer, sort: faq.sort })
    .from(faq)
    .where(eq(faq.lang, lang))
    .orderBy(asc(faq.sort), asc(faq.id));
}

export async function readNotices(x: Executor, lang: string) {
  return x
    .select({ id: notice.id, title: notice.title, body: notice.body, sort: notice.sort, createdAt: notice.createdAt })
    .from(notice)
    .where(eq(notice.lang, lang))
    .orderBy(asc(notice.sort), asc(notice.id));
}

export async function readPage(x: Executor, slug: string, lang: string) {
  const rows = await x
    .select({ slug: contentPage.slug, title: contentPage.title, body: contentPage.body, updatedAt: contentPage.updatedAt })
    .from(contentPage)
    .where(and(eq(contentPage.slug, slug), eq(contentPage.lang, lang)));
  return rows[0] ?? null;
}
