import { Suspense, use, useState, type ReactNode } from 'react';
import { allTexts, hasAllTexts } from '../../lib/i18n.ts';

/**
 * True from the first render where `on` is true, for good: what opened once stays mounted, so its
 * closing animation still plays.
 */
export function useOnceTrue(on: boolean): boolean {
  const [was, setWas] = useState(on);
  if (on && !was) setWas(true);
  return on || was;
}

/** Renders `children` once every text of the default language is there (they are not all on the first screen). */
function WithAllTexts({ children }: { children: ReactNode }) {
  if (!hasAllTexts()) use(allTexts());
  return children;
}

/**
 * `children` (a React.lazy component: a modal, a sheet) from the first time `open` is true, then
 * kept. Until then nothing is rendered and nothing of it is loaded: the first screen does not
 * carry what it only shows on demand, nor the texts it says (decision 033).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const used = useOnceTrue(open);
  return used ? <Suspense fallback={null}><WithAllTexts>{children}</WithAllTexts></Suspense> : null;
}
