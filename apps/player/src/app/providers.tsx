import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Language } from '@playhall/contract';
import { i18n, toSupportedLanguage } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

type AntdLocale = typeof enUS;

// antd-mobile's own texts (its default is Chinese) follow the app language. The default language's
// are built in; another's load when it is chosen, or at start when it is the player's (decision 033).
const otherAntdLocales: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: AntdLocale }>> = {
  'pt-BR': () => import('antd-mobile/es/locales/pt-BR'),
  'th-TH': () => import('antd-mobile/es/locales/th-TH'),
};
const antdLocales: Partial<Record<Language, AntdLocale>> = { 'en-US': enUS };

function loadAntdLocale(lang: Language): Promise<AntdLocale> {
  const known = antdLocales[lang];
  if (known || lang === 'en-US') return Promise.resolve(known ?? enUS);
  return otherAntdLocales[lang]().then((m) => (antdLocales[lang] = m.default));
}
void loadAntdLocale(toSupportedLanguage(i18n.language));

function useAntdLocale(lang: Language): AntdLocale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (antdLocales[lang]) return;
    let live = true;
    void loadAntdLocale(lang).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [lang]);
  return antdLocales[lang] ?? enUS;
}

function useLanguage(): Language {
  const [lang, setLang] = useState(() => toSupportedLanguage(i18n.language));
  useEffect(() => {
    const onChange = (lng: string) => setLang(toSupportedLanguage(lng));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return lang;
}

export function Providers() {
  const lang = useLanguage();
  const antdLocale = useAntdLocale(lang);
  return (
    <ConfigProvider locale={antdLocale}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
