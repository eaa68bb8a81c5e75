/** A progress bar with its accessible value (0-100). */
export function Progress({ pct, label }: { pct: number; label: string }) {
  const v = Math.max(0, Math.min(100, Math.round(pct)));
  return (
    <div className="vip-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={v}>
      <span className="vip-progress__fill" style={{ width: `${v}%` }} />
    </div>
  );
}
