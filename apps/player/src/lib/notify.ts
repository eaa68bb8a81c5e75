import { Dialog, Toast } from 'antd-mobile';
import { i18n } from './i18n.ts';

let timeoutDialogOpen = false;

/** The spec's timeout dialog (§8). One at a time: parallel calls timing out show it once. */
export function showTimeoutDialog(): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  void Dialog.alert({
    title: i18n.t('common.tips'),
    content: i18n.t('common.timeout'),
    confirmText: i18n.t('common.ok'),
  }).finally(() => {
    timeoutDialogOpen = false;
  });
}

export function showErrorToast(message: string): void {
  Toast.show({ content: message, icon: 'fail', duration: 2500 });
}

export function showSuccessToast(message: string): void {
  Toast.show({ content: message, icon: 'success', duration: 2000 });
}
