import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientConstants, type Language } from '@playhall/contract';
import { call } from './api.ts';
import { deviceId, detectOs } from './platform.ts';
import { nativePushToken } from './native-bridge.ts';
import { setUser, useIsLoggedIn } from './session.ts';
import { toSupportedLanguage, useTranslation } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { buildCatalogue, readStoredGameLists, settleGameLists, type GameCatalogue } from './game-lists.ts';

/**
 * The start-up call: config, notices, service queue, and the user when the token is valid. It
 * sends the version of the stored game catalogue; the answer's `gameLists` holds the lists to use
 * (new ones, or the stored ones when the server says they are current).
 */
function preLoginQuery(lang: Language) {
  return queryOptions({
    queryKey: ['preLogin', lang],
    queryFn: async () => {
      const stored = readStoredGameLists(lang);
      // Inside the native shell: its push token (decision 035); elsewhere none, at once.
      const messagingToken = await nativePushToken();
      const data = await call(
        'preLogin',
        {
          lang,
          ...(messagingToken ? { messagingToken } : {}),
          os: detectOs(),
          deviceModel: navigator.platform || undefined,
          deviceId: deviceId(),
          ...(stored ? { gameListVersion: stored.gameListVersion } : {}),
        },
        { quiet: true },
      );
      if (data.user) setUser(data.user);
      return { ...data, gameLists: settleGameLists(lang, data.gameLists, stored) };
    },
    staleTime: 5 * 60_000,
  });
}

export function usePreLogin() {
  const { i18n } = useTranslation();
  return useQuery(preLoginQuery(toSupportedLanguage(i18n.language)));
}

/**
 * Asks for preLogin at once, in the language the page is about to render in: main.tsx calls it
 * before the first render, so the answer (and the game catalogue in it) is on its way while the
 * home page's code runs, not after (decision 038). The app's own query picks up the same request.
 */
export function startPreLogin(lang: Language): void {
  void queryClient.prefetchQuery(preLoginQuery(lang));
}

/**
 * The name to show for a game type. The server names types once (in English, the default
 * language); other languages use our translation of the type's code when we have one, so the
 * operator's own wording still shows in the default language.
 */
export function useTypeLabel(): (type: { code: string; name: string }) => string {
  const { t, i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language);
  return (type) => {
    const key = `games.typeNames.${type.code}`;
    return lang !== ClientConstants.defaultLanguage && i18n.exists(key) ? t(key) : type.name;
  };
}

/**
 * The game catalogue, sorted and indexed; null until known. The stored lists give the lobby at
 * once, before preLogin answers (issue 15 §1), and still do when it fails; its answer replaces them.
 */
export function useGameCatalogue(): { catalogue: GameCatalogue | null; isPending: boolean } {
  const { i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language);
  const preLogin = usePreLogin();
  const answered = preLogin.data?.gameLists;
  const useStored = preLogin.isPending || preLogin.isError;
  const catalogue = useMemo(() => {
    const lists = answered ?? (useStored ? readStoredGameLists(lang) : null);
    return lists ? buildCatalogue(lists) : null;
  }, [answered, useStored, lang]);
  return { catalogue, isPending: preLogin.isPending };
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
