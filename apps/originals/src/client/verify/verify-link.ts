/**
 * Links to the verify page, pre-filled: for a seed pair just revealed (its last nonce) and for any
 * one round of the player's records (its own seeds, nonce and game inputs).
 */
import type { RotateResponse, RoundSummary } from '../../api/schemas.ts';
import type { GameId } from '../../engine/index.ts';
import type { Lang } from '../i18n.ts';

/** Hundredths as the verify form's plain text ("1234.50": no grouping, read back exactly). */
export function plainAmount(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function verifyHref(game: GameId, lang: Lang, revealed: RotateResponse['revealed']): string {
  const q = new URLSearchParams({ game, serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, nonce: String(revealed.lastNonce ?? 0), lang });
  return `/originals/verify?${q.toString()}`;
}

/** One round of the records → the verify page with exactly that round's inputs. */
export function verifyHrefForRound(r: RoundSummary, lang: Lang): string {
  const p = (r.params ?? {}) as Record<string, unknown>;
  const q = new URLSearchParams({ game: r.game, serverSeedHash: r.serverSeedHash, clientSeed: r.clientSeed, nonce: String(r.nonce), bet: plainAmount(r.bet), lang });
  if (r.serverSeed) q.set('serverSeed', r.serverSeed);
  if (r.game === 'dice') {
    if (typeof p.target === 'number') q.set('target', plainAmount(p.target));
    if (p.direction === 'over' || p.direction === 'under') q.set('direction', p.direction);
  }
  if (r.game === 'mines') {
    if (typeof p.mines === 'number') q.set('mines', String(p.mines));
    q.set('picks', Array.isArray(p.picks) ? p.picks.join(',') : '');
  }
  // A crash round without a cash-out (crashed, no auto cash-out) is verified for its crash point.
  if (r.game === 'crash') q.set('cashOut', typeof p.cashOutE2 === 'number' ? plainAmount(p.cashOutE2) : '');
  return `/originals/verify?${q.toString()}`;
}
