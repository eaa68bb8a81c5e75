import { create } from 'zustand';
import { TrackedEvent } from '@playhall/contract';
import { registerStoreReset } from './session.ts';
import { trackEvent } from './tracker.ts';

export type AuthModal = 'login' | 'register' | 'forget';

interface ModalState {
  /** One field, so opening one auth modal closes the other (spec §2: mutually exclusive). */
  authModal: AuthModal | null;
}

export const useModals = create<ModalState>(() => ({ authModal: null }));

export function openAuthModal(name: AuthModal): void {
  useModals.setState({ authModal: name });
  trackEvent(TrackedEvent.popupShow, { popup: name });
}

export function closeAuthModal(): void {
  useModals.setState({ authModal: null });
}

registerStoreReset(() => useModals.setState({ authModal: null }));
