import './red-dot.css';

/** A claimable reward waits behind this entry (spec §3 red dots). The label is for screen readers. */
export function RedDot({ on, label, className }: { on: boolean; label?: string; className?: string }) {
  if (!on) return null;
  return (
    <span className={className ? `red-dot ${className}` : 'red-dot'} data-testid="red-dot" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
  );
}
