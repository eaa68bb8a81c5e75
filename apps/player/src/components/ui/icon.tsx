import { useEffect, useSyncExternalStore } from 'react';
import { getIcon, loadIcons, subscribeIcons } from '../../lib/icons.ts';

/**
 * An icon from our icon endpoint (lib/icons.ts, decision 037): `name` is `set:name`, e.g.
 * `lucide:wallet`. Until its data is there it keeps its place as an empty box of the same size, so
 * nothing moves when it arrives. The first screen's icons are bundled instead (icons.tsx).
 */
export function Icon({ name, size = 20 }: { name: string; size?: number }) {
  const data = useSyncExternalStore(subscribeIcons, () => getIcon(name));
  useEffect(() => {
    if (data === undefined) loadIcons([name]);
  }, [data, name]);
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox={`0 0 ${data?.width ?? 24} ${data?.height ?? 24}`}
      aria-hidden
      data-icon={name}
      data-loaded={data ? 'true' : undefined}
      // The body is SVG markup from an installed icon package, served by our own server.
      dangerouslySetInnerHTML={{ __html: data?.body ?? '' }}
    />
  );
}
