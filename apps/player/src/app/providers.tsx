import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import ptBR from 'antd-mobile/es/locales/pt-BR';
import thTH from 'antd-mobile/es/locales/th-TH';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@playhall/contract';
import { i18n, toSupportedLanguage } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

// antd-mobile's own texts (its default is Chinese) follow the app language.
const antdLocales: Record<Language, typeof enUS> = { 'en-US': enUS, 'pt-BR': ptBR, 'th-TH': thTH };

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
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocales[lang]}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
