import { lazy, Suspense, useEffect, useState } from 'react';
import { allTexts } from '../../../lib/i18n.ts';
import { useGameCatalogue, usePreLogin } from '../../../lib/queries.ts';
import { useGameUserData } from '../../../lib/game-user.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { Lobby, LobbyEmpty, LobbySkeleton } from '../components/lobby.tsx';
import { PlayerGames } from '../components/player-games.tsx';
import { PromoBanner } from '../components/promo-banner.tsx';
import { ActivityBanner } from '../components/activity-banner.tsx';
import { SearchEntry } from '../components/search-entry.tsx';
import '../home.css';

/** Games are the heart of home: the banner, the player's own rows, then the lobby by type. */
function Games() {
  const loggedIn = useIsLoggedIn();
  const preLogin = usePreLogin();
  const { catalogue, isPending } = useGameCatalogue();
  const { likes, history, isLoading } = useGameUserData();
  if (!catalogue) return isPending ? <LobbySkeleton /> : <LobbyEmpty />;
  return (
    <>
      <PromoBanner catalogue={catalogue} loggedIn={loggedIn} />
      {loggedIn && <PlayerGames catalogue={catalogue} likes={likes} history={history} loading={isLoading} />}
      <Lobby catalogue={catalogue} showNum={preLogin.data?.gameShowNum} likes={likes} />
    </>
  );
}

/**
 * What is under the games, with every text: fetched once the lobby has been painted (the first
 * screen carries neither; decision 033).
 */
const HomeLower = lazy(() =>
  Promise.all([import('../components/home-lower.tsx'), allTexts()]).then(([m]) => ({ default: m.HomeLower })),
);

export function HomePage() {
  const { catalogue, isPending } = useGameCatalogue();
  const lobbyShown = Boolean(catalogue) || !isPending;
  const [lower, setLower] = useState(false);
  useEffect(() => {
    if (!lobbyShown || lower) return;
    // After the frame that shows the lobby: nothing of the lower part competes with it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setLower(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [lobbyShown, lower]);
  return (
    <div className="page">
      <SearchEntry />
      <ActivityBanner />
      <Games />
      {lower && (
        <Suspense fallback={null}>
          <HomeLower games={Boolean(catalogue)} />
        </Suspense>
      )}
    </div>
  );
}
