import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './api.ts';
import { deviceId, detectOs } from './platform.ts';
import { setUser, useIsLoggedIn } from './session.ts';
import { toSupportedLanguage } from './i18n.ts';

/** The start-up call: config, notices, service queue, and the user when the token is valid. */
export function usePreLogin() {
  const { i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language);
  return useQuery({
    queryKey: ['preLogin', lang],
    queryFn: async () => {
      const data = await call('preLogin', { lang, os: detectOs(), deviceModel: navigator.platform || undefined, deviceId: deviceId() }, { quiet: true });
      if (data.user) setUser(data.user);
      return data;
    },
    staleTime: 5 * 60_000,
  });
}

/** The configured form limits and options; undefined until preLogin answered. */
export function useAppConfig() {
  return usePreLogin().data;
}

/** Balance for the top bar; refreshed when the player comes back to the tab (spec: on focus). */
export function useBalance() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['refreshData'],
    queryFn: () => call('refreshData', {}, { quiet: true }),
    enabled: loggedIn,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });
}

/** The whole app config in the current language (FAQ lives here). */
export function useFullAppConfig() {
  const { i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language);
  return useQuery({
    queryKey: ['appConfig', lang],
    queryFn: () => call('anonymous/appConfig', { lang }),
    staleTime: 5 * 60_000,
  });
}
