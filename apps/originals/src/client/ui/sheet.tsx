/** A bottom sheet: slides up (transform only), closes on the backdrop, the button or Escape. */
import { useEffect, type ReactNode } from 'react';

export function Sheet({ open, title, onClose, closeLabel, children }: { open: boolean; title: string; onClose: () => void; closeLabel: string; children: ReactNode }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="oc-sheet-wrap">
      <div className="oc-backdrop" onClick={onClose} />
      <section className="oc-sheet" role="dialog" aria-modal="true" aria-label={title}>
        <header>
          <h2>{title}</h2>
          <button className="oc-icon" aria-label={closeLabel} onClick={onClose}>
            ✕
          </button>
        </header>
        <div className="oc-sheet-body">{children}</div>
      </section>
    </div>
  );
}
