/** Routes: /originals/play/:game and /originals/verify (the server answers index.html for both). */
import { GameShell } from './shell.tsx';
import { pickLang } from './i18n.ts';
import { VerifyPage } from './verify/verify-page.tsx';
import { isGameId } from '../engine/index.ts';

export function parseRoute(pathname: string): { page: 'play'; game: string } | { page: 'verify' } | { page: 'unknown' } {
  const m = /^\/originals\/play\/([a-z]+)\/?$/.exec(pathname);
  if (m) return { page: 'play', game: m[1] as string };
  if (/^\/originals\/verify\/?$/.test(pathname)) return { page: 'verify' };
  return { page: 'unknown' };
}

export function App() {
  const route = parseRoute(window.location.pathname);
  const params = new URLSearchParams(window.location.search);
  const lang = pickLang(params.get('lang'));
  if (route.page === 'verify') return <VerifyPage lang={lang} search={params} />;
  if (route.page === 'play' && isGameId(route.game)) return <GameShell game={route.game} lang={lang} launchToken={params.get('token')} />;
  return (
    <div className="oc-screen-msg">
      <h1>Playhall Originals</h1>
      <p>{route.page === 'play' ? 'Unknown game.' : 'Open a game from the lobby.'}</p>
    </div>
  );
}
