import { useQuery } from '@tanstack/react-query';
import type { ContentSlug } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { toSupportedLanguage, useTranslation } from '../../../lib/i18n.ts';
import { usePreLogin } from '../../../lib/queries.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';

/** An operator page in the current language; refetched when the language changes. */
export function useContentPage(slug: ContentSlug) {
  const { i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language);
  return useQuery({
    queryKey: ['page', slug, lang],
    queryFn: () => call('anonymous/page', { slug, lang }),
    staleTime: 5 * 60_000,
  });
}

/** The support queue: from preLogin when logged out, from getCustomerServices when logged in. */
export function useServiceQueue() {
  const loggedIn = useIsLoggedIn();
  const preLogin = usePreLogin();
  const services = useQuery({
    queryKey: ['customerServices'],
    queryFn: () => call('getCustomerServices', {}),
    enabled: loggedIn,
  });
  const source = loggedIn ? services : preLogin;
  const items = loggedIn ? services.data?.appCustomerServiceQueue : preLogin.data?.appCustomerServiceQueue;
  return {
    items: items ? [...items].sort((a, b) => a.sort - b.sort) : undefined,
    isPending: source.isPending,
    isError: source.isError,
    refetch: () => void source.refetch(),
  };
}
