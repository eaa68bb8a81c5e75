import type { ActivityKind } from './kind.ts';
import { bindPhoneKind } from './bind-phone/bind-phone.kind.ts';
import { downloadKind } from './download/download.kind.ts';
import { firstChargeKind, firstDepositKindOf44 } from './first-deposit/first-deposit.kind.ts';
import { freeSignKind } from './free-sign/free-sign.kind.ts';
import { fundKind } from './fund/fund.kind.ts';
import { jackpotKind } from './jackpot/jackpot.kind.ts';
import { noticeKind } from './notice/notice.kind.ts';
import { signUpKind } from './sign-up/sign-up.kind.ts';
import { tasksKind } from './tasks/tasks.kind.ts';
import { vipKind } from './vip/vip.kind.ts';

/**
 * A kind as the engine holds it. The engine hands a kind only activities of its type whose
 * settings its own schema parsed, and only the facts its own `dotFacts` read, so widening its
 * settings and facts types here is safe.
 */
const held = <S, F>(kind: ActivityKind<S, F>) => kind as unknown as ActivityKind<unknown>;

/**
 * Every activity kind this release runs, one per activity type (decision 028). An activity of a
 * type with no kind here cannot be created (5007): the spec lists it, this release does not run it.
 */
export const KINDS: readonly ActivityKind<unknown>[] = [
  held(bindPhoneKind),
  held(signUpKind),
  held(downloadKind),
  held(fundKind),
  held(noticeKind),
  held(freeSignKind),
  held(firstChargeKind),
  held(firstDepositKindOf44),
  held(tasksKind),
  held(vipKind),
  held(jackpotKind),
];

export function kindOf(type: number): ActivityKind<unknown> | undefined {
  return KINDS.find((k) => k.type === type);
}
