import { afterAll, beforeAll, expect, it } from 'vitest';
import { ContentSlugs, Languages } from '@playhall/contract';
import { call, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { sql } from 'drizzle-orm';
import { seed } from '../../db/seed/index.ts';
import { syncFeeds } from '../../db/change-feed.ts';
import { CONTENT_DATE } from '../../db/seed/pages.ts';

describeDb('content: configuration, FAQ, notices, pages, customer service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('anonymous/appConfig returns the seeded defaults with FAQ, notices and the service queue', async () => {
    const res = await call(t.app, 'anonymous/appConfig', { v: 1 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      accountLength: { min: 4, max: 16 },
      passwordLength: { min: 6, max: 32 },
      smsCodeLength: { min: 6, max: 6 },
      registerType: [1, 2],
      defaultLoginType: 2,
      otpStatus: true,
      countryCode: '+55',
      smsCodeSendLimit: 10,
      feedbackConfig: { imagesLimit: 3 },
      h5: { downloadUrl: '/download' },
      siteName: 'Playhall',
    });
    expect(res.data.faq.length).toBeGreaterThanOrEqual(8);
    expect(res.data.notices.length).toBeGreaterThanOrEqual(2);
    expect(res.data.appCustomerServiceQueue[0]).toMatchObject({ itemType: 2, param1: 'support@playhall.example' });
  });

  it('translates FAQ, notices and pages into every shipped language', async () => {
    const questions = new Set<string>();
    for (const lang of Languages) {
      const cfg = await call(t.app, 'anonymous/appConfig', { lang });
      questions.add(cfg.data.faq[0].question);
      for (const slug of ContentSlugs) {
        const page = await call(t.app, 'anonymous/page', { slug, lang });
        expect(page.code, `${slug} ${lang}`).toBe(200);
        expect(page.data.body.length).toBeGreaterThan(100);
      }
    }
    expect(questions.size).toBe(Languages.length);
    const th = await call(t.app, 'anonymous/page', { slug: 'privacy-policy', lang: 'th-TH' });
    expect(th.data.title).toBe('นโยบายความเป็นส่วนตัว');
    expect((await call(t.app, 'anonymous/page', { slug: 'secret-page' })).code).toBe(400);
  });

  it('preLogin returns config fields, notices and the customer service queue', async () => {
    const res = await call(t.app, 'preLogin', { gameListVersion: 0, os: 'Android', deviceModel: 'Pixel', lang: 'pt-BR' });
    expect(res.data).toMatchObject({ gameListVersion: 1, gameShowNum: 12, user: null });
    expect(res.data.notices[0].title).toBe('Bem-vindo ao Playhall');
    expect(res.data.appCustomerServiceQueue.map((i: { itemType: number }) => i.itemType)).toEqual([2, 3]);
  });

  it('getCustomerServices returns the queue to a logged-in player', async () => {
    const p = await buildPlayer(t.app);
    const res = await call(t.app, 'getCustomerServices', {}, p.token);
    expect(res.data.appCustomerServiceQueue).toHaveLength(2);
    expect(res.data.appCustomerServiceQueue[1]).toMatchObject({ param1: '/faq' });
  });

  it('keeps operator edits when the seed runs again at the next start', async () => {
    await setAppConfig(t.database, 'gameShowNum', 24);
    await seed(t.database.db, { demo: true, hashPassword: async () => 'unused' });
    expect((await call(t.app, 'anonymous/appConfig', {})).data.gameShowNum).toBe(24);
    const faq = (await call(t.app, 'anonymous/appConfig', {})).data.faq;
    expect(new Set(faq.map((f: { question: string }) => f.question)).size).toBe(faq.length);
  });

  // Issue 13 §5: the content describes what the product does today, in every language. Rewards
  // and their wagering exist (decision 028), and tasks (decision 047: the invites FAQ speaks of
  // them, decision 065); self-exclusion, round-the-clock support and weekly promises do not.
  const promises: Record<string, RegExp> = {
    'en-US': /self-exclu|around the clock|every week/i,
    'pt-BR': /autoexclu|24 horas pela|toda semana/i,
    'th-TH': /ระงับบัญชีตนเอง|ตลอด 24 ชั่วโมง|ทุกสัปดาห์/,
  };

  it('promises no self-exclusion, round-the-clock support or weekly offers in any page, FAQ or notice, in any language', async () => {
    for (const lang of Languages) {
      const cfg = await call(t.app, 'anonymous/appConfig', { lang });
      const texts = [
        ...cfg.data.faq.flatMap((f: { question: string; answer: string }) => [f.question, f.answer]),
        ...cfg.data.notices.flatMap((n: { title: string; body: string }) => [n.title, n.body]),
      ];
      for (const slug of ContentSlugs) texts.push((await call(t.app, 'anonymous/page', { slug, lang })).data.body);
      for (const text of texts) expect(text, `${lang}: ${text}`).not.toMatch(promises[lang]!);
    }
  });

  it('dates the pages by when their text was written, and Privacy and Terms are full pages', async () => {
    for (const lang of Languages) {
      for (const slug of ContentSlugs) {
        const page = await call(t.app, 'anonymous/page', { slug, lang });
        expect(page.data.updatedAt, `${slug} ${lang}`).toBe(CONTENT_DATE.toISOString());
      }
      for (const slug of ['privacy-policy', 'terms-of-use']) {
        const body = (await call(t.app, 'anonymous/page', { slug, lang })).data.body as string;
        expect(body.split('\n').filter((l) => l.trim()).length, `${slug} ${lang}`).toBeGreaterThanOrEqual(15);
        expect(body.match(/^# /gm)?.length, `${slug} ${lang} headings`).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('has an FAQ entry on provably fair Originals linking to the verify page, in every language', async () => {
    for (const lang of Languages) {
      const faq = (await call(t.app, 'anonymous/appConfig', { lang })).data.faq as { answer: string }[];
      expect(faq.filter((f) => f.answer.includes('](/originals/verify)')), lang).toHaveLength(1);
    }
  });

  it('replaces text an earlier seed wrote at the next start, but never an operator\'s edit', async () => {
    const oldTerms =
      'You must be of legal age to gamble in your country to use Playhall. One account per person; linked or duplicate accounts may be closed and their bonuses removed.\n\nBonuses carry a wagering requirement shown on each event page. Withdrawals go only to receiving accounts in your own name.\n\nWe may suspend an account involved in fraud or abuse. You can set limits, take a break or self-exclude at any time.';
    const oldBonus = 'Bonuses come from events, tasks, VIP levels and daily sign-in. Each event page explains its rules. Claimed bonuses go to your balance with a wagering requirement.';
    const db = t.database.db;
    await db.execute(sql`update content_page set body = ${oldTerms} where slug = 'terms-of-use' and lang = 'en-US'`);
    await db.execute(sql`update content_page set body = 'Our own edited privacy text.' where slug = 'privacy-policy' and lang = 'en-US'`);
    await db.execute(sql`insert into faq (faq_key, lang, question, answer, sort) values ('bonus', 'en-US', 'How do bonuses work?', ${oldBonus}, 7) on conflict do nothing`);
    await seed(db, { demo: true, hashPassword: async () => 'unused' });
    await syncFeeds(t.database);
    const terms = await call(t.app, 'anonymous/page', { slug: 'terms-of-use', lang: 'en-US' });
    expect(terms.data.body).toMatch(/^By creating an account/);
    expect((await call(t.app, 'anonymous/page', { slug: 'privacy-policy', lang: 'en-US' })).data.body).toBe('Our own edited privacy text.');
    const faq = (await call(t.app, 'anonymous/appConfig', {})).data.faq as { question: string }[];
    expect(faq.map((f) => f.question)).not.toContain('How do bonuses work?');
  });
});
