/**
 * The public verify page's Lucky jackpot mode (decision 051) at 390×844 and 360×740, against the
 * Originals' built screens: a draw record's link (the contract's `fairVerifyHref`) opens it
 * prefilled; it recomputes the draw's float and winning entry in the browser (WebCrypto) and
 * checks the seed against its hash. Screenshots: screenshots/jackpot-verify-*.png.
 */
import { describe, expect, it } from 'vitest';
import { fairVerifyHref } from '../../../packages/contract/src/index.ts';
import { pickWeighted } from '../../../packages/fairness/src/index.ts';
import { fairFloats, hashServerSeed, newServerSeed } from '../../../packages/fairness/src/hmac-node.ts';
import { hasChromium, PHONE, snapNarrow } from './harness.ts';
import { useOriginalsBrowser } from './originals-mock.ts';

describe.skipIf(!hasChromium)('verify page, Lucky jackpot mode (browser)', () => {
  const env = useOriginalsBrowser();

  it('a draw record\'s link recomputes the draw: float, position, winning entry, hash check', async () => {
    const serverSeed = newServerSeed();
    const table = [
      { id: 50000, weight: 6000 },
      { id: 50001, weight: 1 },
      { id: 50002, weight: 9 },
      { id: 50003, weight: 90 },
      { id: 50004, weight: 900 },
      { id: 50005, weight: 3000 },
    ];
    const nonce = 3;
    const href = fairVerifyHref({ scope: 'jackpot', serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'lucky~player', nonce, table, lang: 'en-US' });
    const page = await (await env.browser.newContext(PHONE)).newPage();
    await page.goto(`${env.base}${href}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    const [float] = fairFloats({ serverSeed, clientSeed: 'lucky~player', nonce }, 1) as [number];
    const index = pickWeighted(float, table.map((e) => e.weight));
    await page.getByTestId('verify-result').waitFor();
    await expect(page.getByTestId('verify-float').innerText()).resolves.toBe(String(float));
    await expect(page.getByTestId('verify-winner').innerText()).resolves.toBe(`index ${index} · award id ${table[index]!.id}`);
    await expect(page.getByTestId('hash-check').innerText()).resolves.toContain('matches');
    // The whole page fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('verify-result').scrollIntoViewIfNeeded();
    await snapNarrow(page, 'jackpot-verify');
    await page.goto(`${env.base}${href.replace('lang=en-US', 'lang=th-TH')}`);
    await page.getByRole('button', { name: 'ตรวจสอบ' }).click();
    await page.getByTestId('verify-result').waitFor();
    await snapNarrow(page, 'jackpot-verify-th');
  });
});
