import type { Money } from '@playhall/contract';
import { i18n } from '../../../lib/i18n.ts';
import { formatMoneyExact } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { shareLink } from '../../../lib/share.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.ts';

/** The registration link with the player's code filled in (the register page reads `inviteCode`). */
export const inviteLink = (code: string) => `${location.origin}${paths.register}?inviteCode=${encodeURIComponent(code)}`;

/**
 * The invite link shared (`/share` and the tasks' Invite button): the shell's or the phone's share
 * sheet, else copied; a copy that fails says so, with the code to type.
 */
export async function shareInvite(code: string): Promise<void> {
  const { t } = i18n;
  try {
    if ((await shareLink({ title: t('invite.shareTitle'), url: inviteLink(code) })) === 'copied') showSuccessToast(t('invite.linkCopied'));
  } catch {
    showErrorToast(t('invite.copyFailed', { code }));
  }
}

/** The valid-invite amounts (getTaskUser's and getInviteInfo's `validInvite`, decision 065) as the rule's texts show them. */
export const ruleAmounts = (rule: { deposit: Money; bet: Money }, language: string) => ({
  deposit: formatMoneyExact(rule.deposit, language),
  bet: formatMoneyExact(rule.bet, language),
});
