import { afterAll, beforeAll, expect, it } from 'vitest';
import { ContentSlugs, Languages } from '@playhall/contract';
import { call, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { seed } from '../../db/seed/index.ts';

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
    expect(res.data.appCustomerServiceQueue[1]).toMatchObject({ param1: 'https://t.me/playhall_support' });
  });

  it('keeps operator edits when the seed runs again at the next start', async () => {
    await setAppConfig(t.database, 'gameShowNum', 24);
    await seed(t.database.db, { demo: true, hashPassword: async () => 'unused' });
    expect((await call(t.app, 'anonymous/appConfig', {})).data.gameShowNum).toBe(24);
    const faq = (await call(t.app, 'anonymous/appConfig', {})).data.faq;
    expect(new Set(faq.map((f: { question: string }) => f.question)).size).toBe(faq.length);
  });
});
