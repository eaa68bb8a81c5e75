import type { CoinRecordKind } from '@playhall/contract';

/**
 * The one place ledger reasons become record kinds. A rule is an exact reason or a prefix
 * ending in `*`. Reasons no rule matches are `other`, so a new reason shows up as a record at once
 * and gets its own kind when someone adds a rule here.
 */
export const KIND_RULES: Readonly<Record<Exclude<CoinRecordKind, 'other'>, readonly string[]>> = {
  deposit: ['deposit', 'deposit_*'],
  withdraw: ['withdraw', 'withdraw_*', 'exchange', 'exchange_*'],
  safebox: ['safebox', 'safebox_*'],
  bonus: ['bonus', 'bonus_*', 'reward', 'reward_*', 'rebate', 'rebate_*', 'promotion', 'promotion_*', 'jackpot', 'jackpot_*'],
  game: ['bet', 'bet_*', 'win', 'win_*', 'game', 'game_*', 'refund', 'refund_*'],
};

const matches = (reason: string, rule: string) => (rule.endsWith('*') ? reason.startsWith(rule.slice(0, -1)) : reason === rule);

/** The kind a player sees for a ledger reason. */
export function kindOfReason(reason: string): CoinRecordKind {
  for (const [kind, rules] of Object.entries(KIND_RULES) as Array<[CoinRecordKind, readonly string[]]>) {
    if (rules.some((r) => matches(reason, r))) return kind;
  }
  return 'other';
}

/** Every rule of every named kind: `other` is whatever none of them matches. */
export const ALL_RULES: readonly string[] = Object.values(KIND_RULES).flat();
