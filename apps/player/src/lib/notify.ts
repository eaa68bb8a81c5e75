import { i18n } from './i18n.ts';

// antd-mobile's Toast and Dialog (and the animation library under them) load the first time one
// shows, not with the first screen (decision 033).
const toast = () => import('./antd-imperative.ts').then((m) => m.Toast);
const dialog = () => import('./antd-imperative.ts').then((m) => m.Dialog);

let timeoutDialogOpen = false;

/** The spec's timeout dialog (§8). One at a time: parallel calls timing out show it once. */
export function showTimeoutDialog(): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  void dialog().then((Dialog) => Dialog.alert({
    title: i18n.t('common.tips'),
    content: i18n.t('common.timeout'),
    confirmText: i18n.t('common.ok'),
  })).finally(() => {
    timeoutDialogOpen = false;
  });
}

/**
 * One toast style (issue 13 §5): the app's own card, just under the top bar, never over the middle
 * of the screen where the form and its button are; taps pass through to what is under it. Errors a
 * form can place go under their field instead (useFormSubmit, applyFieldErrors): a toast says only
 * what belongs to no field.
 */
const placement = { position: 'top' as const, maskClassName: 'ph-toast', maskClickable: true };

export function showErrorToast(message: string): void {
  void toast().then((Toast) => Toast.show({ ...placement, content: message, icon: 'fail', duration: 2500 }));
}

export function showSuccessToast(message: string): void {
  void toast().then((Toast) => Toast.show({ ...placement, content: message, icon: 'success', duration: 2000 }));
}
