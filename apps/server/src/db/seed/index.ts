import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appConfig, appUser, contentPage, customerServiceItem, faq, notice } from '../schema.ts';
import { defaultAppConfig } from './app-config.ts';
import { CONTENT_DATE, contentPages } from './pages.ts';
import { faqItems, retiredFaqKeys } from './faq.ts';
import { isRetiredSeedText } from './retired-content.ts';
import { noticeItems } from './notices.ts';
import { customerServiceItems, retiredCustomerService } from './customer-service.ts';
import { seedRecharge } from './recharge.ts';
import { seedWithdraw } from './withdraw.ts';
import { seedGames } from './games.ts';

export interface SeedOptions {
  /**
   * Also the demo data: the demo player (its password is in the README), the deposit and payout
   * channels on the sandbox provider (whose pay page lets the paying player approve their own
   * order) and the placeholder customer-service contacts. A developer asks for it (config.seedDemo);
   * production never gets it.
   */
  demo: boolean;
  /** Hashes the demo player's password; the caller passes the configured argon2 cost. */
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
}

export const DEMO_PLAYER = { account: 'demo', password: 'playhall123', nickname: 'Demo Player', inviteCode: 'DEMO2026' };

/**
 * Inserts the base configuration and content (app config, pages, FAQ, notices, the Originals
 * catalogue) and, when asked, the demo data. Idempotent (ON CONFLICT DO NOTHING), run at every
 * start: rows an operator has edited are left alone.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  const now = opts.now ?? new Date();
  await db
    .insert(appConfig)
    .values(Object.entries(defaultAppConfig).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();

  const pages = Object.entries(contentPages).flatMap(([slug, byLang]) =>
    Object.entries(byLang).map(([lang, p]) => ({ slug, lang, title: p.title, body: p.body, updatedAt: CONTENT_DATE })),
  );
  await db.insert(contentPage).values(pages).onConflictDoNothing();

  await db
    .insert(faq)
    .values(
      faqItems.flatMap((f) =>
        Object.entries(f.text).map(([lang, [question, answer]]) => ({ faqKey: f.key, lang, question, answer, sort: f.sort })),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(notice)
    .values(
      noticeItems.flatMap((n) =>
        Object.entries(n.text).map(([lang, [title, body]]) => ({ noticeKey: n.key, lang, title, body, sort: n.sort })),
      ),
    )
    .onConflictDoNothing();

  await replaceRetiredContent(db);
  await seedGames(db);
  if (opts.demo) await seedDemo(db, opts.hashPassword, now);
}

/**
 * Rows that still hold a text an earlier seed wrote (never edited by an operator) get today's
 * text; FAQ entries about features that do not exist are removed while unedited.
 */
async function replaceRetiredContent(db: Db): Promise<void> {
  for (const [slug, byLang] of Object.entries(contentPages)) {
    for (const [lang, p] of Object.entries(byLang)) {
      const [row] = await db.select({ body: contentPage.body }).from(contentPage).where(and(eq(contentPage.slug, slug), eq(contentPage.lang, lang)));
      if (row && isRetiredSeedText(`page:${slug}:${lang}`, row.body)) {
        await db.update(contentPage).set({ title: p.title, body: p.body, updatedAt: CONTENT_DATE }).where(and(eq(contentPage.slug, slug), eq(contentPage.lang, lang)));
      }
    }
  }
  const faqRows = await db.select({ id: faq.id, faqKey: faq.faqKey, lang: faq.lang, answer: faq.answer }).from(faq);
  for (const row of faqRows) {
    if (!isRetiredSeedText(`faq:${row.faqKey}:${row.lang}`, row.answer)) continue;
    const item = faqItems.find((f) => f.key === row.faqKey);
    const text = item?.text[row.lang as keyof typeof item.text];
    if (item && text) await db.update(faq).set({ question: text[0], answer: text[1], sort: item.sort }).where(eq(faq.id, row.id));
    else if ((retiredFaqKeys as readonly string[]).includes(row.faqKey)) await db.delete(faq).where(eq(faq.id, row.id));
  }
  const noticeRows = await db.select({ id: notice.id, noticeKey: notice.noticeKey, lang: notice.lang, body: notice.body }).from(notice);
  for (const row of noticeRows) {
    if (!isRetiredSeedText(`notice:${row.noticeKey}:${row.lang}`, row.body)) continue;
    const text = noticeItems.find((n) => n.key === row.noticeKey)?.text[row.lang as 'en-US'];
    if (text) await db.update(notice).set({ title: text[0], body: text[1] }).where(eq(notice.id, row.id));
  }
}

async function seedDemo(db: Db, hashPassword: SeedOptions['hashPassword'], now: Date): Promise<void> {
  for (const old of retiredCustomerService) {
    await db.delete(customerServiceItem).where(and(eq(customerServiceItem.itemKey, old.itemKey), eq(customerServiceItem.param1, old.param1)));
  }
  await db
    .update(customerServiceItem)
    .set({ param2: customerServiceItems[0]!.param2 })
    .where(and(eq(customerServiceItem.itemKey, 'email'), eq(customerServiceItem.param2, 'Replies within 24 hours')));
  await db.insert(customerServiceItem).values(customerServiceItems).onConflictDoNothing();
  await seedRecharge(db);
  await seedWithdraw(db);
  const existing = await db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.account}) = ${DEMO_PLAYER.account}`);
  if (existing.length === 0) {
    await db
      .insert(appUser)
      .values({
        uuid: randomUUID(),
        account: DEMO_PLAYER.account,
        passwordHash: await hashPassword(DEMO_PLAYER.password),
        nickname: DEMO_PLAYER.nickname,
        accountType: 2,
        inviteCode: DEMO_PLAYER.inviteCode,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
}
