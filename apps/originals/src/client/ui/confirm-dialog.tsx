/** A centred question with two answers (a stake above the balance share): Escape or the backdrop is "no". */
import { useEffect } from 'react';

export function ConfirmDialog({ title, body, yes, no, onAnswer }: { title: string; body: string; yes: string; no: string; onAnswer: (ok: boolean) => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onAnswer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onAnswer]);
  return (
    <div className="oc-sheet-wrap oc-dialog-wrap">
      <div className="oc-backdrop" onClick={() => onAnswer(false)} />
      <section className="oc-dialog" role="alertdialog" aria-modal="true" aria-labelledby="oc-dialog-title" aria-describedby="oc-dialog-body" data-testid="confirm-dialog">
        <h2 id="oc-dialog-title">{title}</h2>
        <p id="oc-dialog-body">{body}</p>
        <div className="oc-dialog-actions">
          <button className="oc-btn" onClick={() => onAnswer(false)}>
            {no}
          </button>
          <button className="oc-action" autoFocus onClick={() => onAnswer(true)} data-testid="confirm-yes">
            {yes}
          </button>
        </div>
      </section>
    </div>
  );
}
