/** Placeholders shaped like the content they stand for: never a blank screen. */

export function SkeletonLine({ width = '100%', height = 14 }: { width?: string | number; height?: number }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}

export function CardSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card card--skeleton" aria-hidden="true">
      <SkeletonLine width="45%" height={18} />
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonLine key={i} width={i === lines - 1 ? '70%' : '100%'} />
      ))}
    </div>
  );
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="list-skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="list-skeleton__row">
          <span className="skeleton skeleton--circle" />
          <SkeletonLine width="60%" />
        </div>
      ))}
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="page" role="status" aria-busy="true" aria-label="Loading">
      <CardSkeleton lines={2} />
      <CardSkeleton lines={4} />
      <ListSkeleton rows={3} />
    </div>
  );
}
