import type { AuthModal } from '../../../lib/modals.ts';

/** Where a form's "Register" / "Forgot password?" links go: another modal, or another page. */
export type SwitchAuth = (target: AuthModal) => void;

export function LinkButton({ onClick, children, testId }: { onClick: () => void; children: React.ReactNode; testId?: string }) {
  return (
    <button type="button" className="link-button" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}
