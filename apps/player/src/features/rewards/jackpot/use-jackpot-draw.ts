import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { JackpotAwardType, type ResponseOf, type Endpoints } from '@playhall/contract';
import { ApiError, TimeoutError } from '../../../lib/api.ts';
import { refreshRedDots } from '../../../lib/rewards.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { draw, drawErrorText, DRAW_INFO_KEY, RANK_KEY, RECORDS_KEY } from './jackpot-api.ts';
import { createTapGate, spinBlocked } from './tap-gate.ts';
import type { GridSpin } from './components/spin-grid.tsx';

export type DrawResult = ResponseOf<Endpoints['receiveDrawChance']>;

/**
 * A draw from tap to the last popup (spec §4):
 * idle → drawing (the call) → spinning (the grid) → award popup → for a tier (type 2) the tier
 * wheel → the amount popup → idle. The button acts only when idle with a chance (inert otherwise)
 * and its taps pass the 300 ms gate. Draw info, balance, records and rank reload once the grid has
 * stopped (not before: the pools would give the result away).
 */
export type DrawPhase = 'idle' | 'drawing' | 'spinning' | 'award' | 'tierWheel' | 'amount';

export function useJackpotDraw(table: readonly { id: number }[], canDraw: boolean) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [phase, setPhase] = useState<DrawPhase>('idle');
  const [result, setResult] = useState<DrawResult | null>(null);
  const [spin, setSpin] = useState<GridSpin | null>(null);
  const [error, setError] = useState<{ code: number; text: string } | null>(null);
  const gate = useRef(createTapGate());
  // The phase as of this instant (two taps inside one frame both see 'drawing' after the first).
  const busy = useRef(false);

  const reload = () => {
    void qc.invalidateQueries({ queryKey: DRAW_INFO_KEY });
    void qc.invalidateQueries({ queryKey: RECORDS_KEY });
    void qc.invalidateQueries({ queryKey: RANK_KEY });
    void qc.invalidateQueries({ queryKey: ['refreshData'] });
    void qc.invalidateQueries({ queryKey: ['activityAwardGetLog'] });
    refreshRedDots();
  };

  // Closed mid-spin (the modal, the page): the draw was paid all the same, so what it changed reloads.
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => () => {
    if (phaseRef.current === 'spinning') reloadRef.current();
  }, []);

  const onStopped = () => {
    setPhase('award');
    reload();
  };

  const tap = async () => {
    if (!gate.current.tap()) return;
    if (busy.current || spinBlocked({ spinning: phase !== 'idle', canDraw })) return;
    busy.current = true;
    setError(null);
    setPhase('drawing');
    try {
      const res = await draw();
      const toIndex = table.findIndex((e) => e.id === res.id);
      setResult(res);
      if (toIndex < 0) {
        // The operator changed the table since it was shown: no cell to stop on, the popup says what was won.
        onStopped();
        return;
      }
      setSpin((s) => ({ key: (s?.key ?? 0) + 1, toIndex }));
      setPhase('spinning');
    } catch (err) {
      // A timeout has had its Tips dialog (spec §8); a lost connection says so; any code its text.
      if (err instanceof ApiError) setError({ code: err.code, text: err.code > 0 ? drawErrorText(err.code, t) : err.message });
      else if (!(err instanceof TimeoutError)) setError({ code: 0, text: t('errors.generic') });
      busy.current = false;
      setPhase('idle');
      // What changed under the player (no chance left, activity over): show it as it is now.
      void qc.invalidateQueries({ queryKey: DRAW_INFO_KEY });
    }
  };

  const closeAward = () => {
    if (result?.type === JackpotAwardType.jackpot) setPhase('tierWheel');
    else finish();
  };
  const onWheelStopped = () => setPhase('amount');
  const finish = () => {
    busy.current = false;
    setPhase('idle');
  };

  return { phase, result, spin, error, tap, onStopped, closeAward, onWheelStopped, finish, inert: phase !== 'idle' || !canDraw };
}
