import { useEffect, useRef } from 'react';
import { JackpotTiers } from '@playhall/contract';
import { tierName } from '../jackpot-api.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import { browserClock, type FrameClock } from '../spin-timing.ts';
import { playWheel, wheelStopAngle } from '../wheel-motion.ts';
import { prefersReducedMotion } from './spin-grid.tsx';

/**
 * The second wheel of a type 2 win (spec §4): the four tiers, Mega, Major, Minor, Mini, turning
 * onto the tier won (`propId` 50001-50004). One element rotates by transform on each frame; with
 * reduced motion it shows the tier at once.
 */
export function TierWheel({ propId, onStopped, clock = browserClock }: { propId: number; onStopped: () => void; clock?: FrameClock }) {
  const { t } = useTranslation();
  const wheel = useRef<HTMLDivElement>(null);
  const index = Math.max(0, JackpotTiers.findIndex((x) => x.propId === propId));
  const onStoppedRef = useRef(onStopped);
  onStoppedRef.current = onStopped;

  useEffect(() => {
    const stop = wheelStopAngle(index, JackpotTiers.length);
    const set = (deg: number) => {
      if (wheel.current) wheel.current.style.transform = `rotate(${deg}deg)`;
    };
    const done = () => {
      wheel.current?.classList.add('jp-wheel__disc--stopped');
      onStoppedRef.current();
    };
    if (prefersReducedMotion()) {
      set(stop % 360);
      done();
      return;
    }
    return playWheel(stop, set, done, clock);
  }, [index, clock]);

  const size = 360 / JackpotTiers.length;
  return (
    <div className="jp-wheel" data-testid="jackpot-tier-wheel" data-tier={JackpotTiers[index]!.tier}>
      <div className="jp-wheel__pointer" aria-hidden="true" />
      <div ref={wheel} className="jp-wheel__disc" aria-hidden="true">
        {JackpotTiers.map((x, i) => (
          <span key={x.tier} className={`jp-wheel__label jp-tier--${x.tier}`} style={{ transform: `rotate(${i * size + size / 2}deg) translateY(-78px)` }}>
            {tierName(x.tier, t)}
          </span>
        ))}
      </div>
      <div className="jp-wheel__hub" aria-hidden="true" />
    </div>
  );
}
