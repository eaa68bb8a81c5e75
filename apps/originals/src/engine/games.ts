/**
 * The four games behind one call, so the server, the verify page and the tests dispatch the
 * same way: `playRound(game, floats, params)`.
 */
import type { CrashOutcome, CrashParams } from './crash.ts';
import { playCrash } from './crash.ts';
import type { DiceOutcome, DiceParams } from './dice.ts';
import { playDice } from './dice.ts';
import { OriginalsError } from './errors.ts';
import type { MinesOutcome, MinesParams } from './mines.ts';
import { playMines } from './mines.ts';
import type { FloatSource } from '@playhall/fairness';
import { toFloatSource } from '@playhall/fairness';
import type { SlotOutcome, SlotParams } from './slot/play.ts';
import { playSlot } from './slot/play.ts';

export const GAME_IDS = ['slot', 'crash', 'mines', 'dice'] as const;
export type GameId = (typeof GAME_IDS)[number];

export interface GameParams {
  slot: SlotParams;
  crash: CrashParams;
  mines: MinesParams;
  dice: DiceParams;
}

export interface GameOutcomes {
  slot: SlotOutcome;
  crash: CrashOutcome;
  mines: MinesOutcome;
  dice: DiceOutcome;
}

export function isGameId(g: unknown): g is GameId {
  return typeof g === 'string' && (GAME_IDS as readonly string[]).includes(g);
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null) throw new OriginalsError('INVALID_PARAMS', 'params must be an object');
  return params as Record<string, unknown>;
}

/**
 * Plays one round of `game` from a float source (or a recorded list of floats). Parameters are
 * validated by the game (unknown input gets an OriginalsError, never a half-played round).
 */
export function playRound<G extends GameId>(game: G, floats: FloatSource | readonly number[], params: GameParams[G]): GameOutcomes[G] {
  const next = toFloatSource(floats);
  const p = paramsObject(params);
  switch (game as GameId) {
    case 'slot':
      return playSlot(next, p as unknown as SlotParams) as GameOutcomes[G];
    case 'crash':
      return playCrash(next, p as unknown as CrashParams) as GameOutcomes[G];
    case 'mines':
      return playMines(next, p as unknown as MinesParams) as GameOutcomes[G];
    case 'dice':
      return playDice(next, p as unknown as DiceParams) as GameOutcomes[G];
    default:
      throw new OriginalsError('UNKNOWN_GAME', `unknown game ${String(game)}`);
  }
}

/** Floats a round usually needs (the async verifier computes this many first, then more if asked). */
export function typicalFloats(game: GameId, params: unknown): number {
  if (game === 'slot') return 5;
  if (game === 'mines') {
    const m = (params as { mines?: unknown } | null)?.mines;
    return typeof m === 'number' && m > 0 && m < 25 ? m : 24;
  }
  return 1;
}
