import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appConfig, appUser, contentPage, customerServiceItem, faq, notice } from '../schema.ts';
import { defaultAppConfig } from './app-config.ts';
import { contentPages } from './pages.ts';
import { faqItems } from './faq.ts';
import { noticeItems } from './notices.ts';
import { customerServiceItems } from './customer-service.ts';
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
    Object.entries(byLang).map(([lang, p]) => ({ slug, lang, title: p.title, body: p.body })),
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

  await seedGames(db);
  if (opts.demo) await seedDemo(db, opts.hashPassword, now);
}

async function seedDemo(db: Db, hashPassword: SeedOptions['hashPassword'], now: Date): Promise<void> {
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
