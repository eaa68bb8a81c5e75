import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type * as I18nModule from './i18n.ts';

// The built app on `/`: the first screen's texts only, the rest fetched when something asks for it.
// (Unit tests otherwise start with every text; a fresh module in production mode here.)
let i18nModule: typeof I18nModule;
beforeAll(async () => {
  vi.stubEnv('MODE', 'production');
  vi.resetModules();
  i18nModule = await import('./i18n.ts');
  await i18nModule.i18nReady;
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('the default language on the home page', () => {
  it('starts with the first screen sections only, without fetching anything', () => {
    const { i18n, hasAllTexts } = i18nModule;
    expect(hasAllTexts()).toBe(false);
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('games.resultCount', { count: 2 })).toBe('2 games');
    expect(i18n.t('rewards.dotLabel')).not.toBe('rewards.dotLabel');
  });

  it('fetches the rest when a key of another section is asked for, and renders again with it', async () => {
    const { useTranslation, allTexts, hasAllTexts } = i18nModule;
    function NotFound() {
      const { t } = useTranslation();
      return <p>{t('errors.pageNotFound', { path: '/x' })}</p>;
    }
    render(<NotFound />);
    expect(screen.getByRole('paragraph').textContent).toBe('errors.pageNotFound');
    await act(() => allTexts());
    expect(hasAllTexts()).toBe(true);
    expect(screen.getByRole('paragraph').textContent).toBe('Page Not Found: /x');
  });
});
