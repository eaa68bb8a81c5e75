import {
  ACCOUNT_NO_PATTERN,
  AppError,
  compactAccountNo,
  ErrorCode,
  HOLDER_NAME_PATTERN,
  HolderNameLength,
  maskAccountNo,
  MaxReceivingAccounts,
  tidyHolderName,
  type AppConfigFields,
  type ReceivingAccount,
  type ReceivingAccounts,
  type WithdrawChannel,
} from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { ReceivingAccountRow } from '../../db/schema.ts';
import { isUniqueViolation, withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { toMoney } from '../../lib/money.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { lockMoney } from '../ledger/ledger.service.ts';
import * as accounts from './receiving-accounts.repo.ts';
import * as payoutConfig from './withdraw-config.repo.ts';

export function normaliseHolderName(name: string): string {
  const clean = tidyHolderName(name);
  if (clean.length < HolderNameLength.min || clean.length > HolderNameLength.max || !HOLDER_NAME_PATTERN.test(clean)) {
    throw new AppError(ErrorCode.withdrawAccountNameInvalid);
  }
  return clean;
}

export function normaliseAccountNo(no: string, length: AppConfigFields['withdrawAccountLength']): string {
  const clean = compactAccountNo(no);
  if (clean.length < length.min || clean.length > length.max || !ACCOUNT_NO_PATTERN.test(clean)) {
    throw new AppError(
      ErrorCode.withdrawAccountInvalid,
      `The account number must be ${length.min}-${length.max} characters: letters, digits and @ . _ + - only`,
      { fields: { accountNo: `${length.min}-${length.max} characters` } },
    );
  }
  return clean;
}

export interface ReceivingAccountsDeps {
  db: Db;
  clock: Clock;
  getConfig: () => Promise<AppConfigFields>;
}

/** The payout channels a player sees, with their banks. */
export function channelViews(cfg: payoutConfig.PayoutConfig): WithdrawChannel[] {
  return cfg.channels.map((c) => ({
    id: c.id,
    name: c.name,
    sort: c.sort,
    minAmount: toMoney(c.minAmount),
    maxAmount: c.maxAmount === null ? null : toMoney(c.maxAmount),
    banks: cfg.banks.filter((b) => b.channelId === c.id).map((b) => ({ id: b.id, name: b.name, code: b.code, sort: b.sort })),
  }));
}

/** Saving, changing and listing receiving accounts (product rules §2: at most 5, lengths from config). */
export function createReceivingAccountsService(deps: ReceivingAccountsDeps) {
  const { db, clock } = deps;

  async function view(x: Executor, rows: ReceivingAccountRow[]): Promise<ReceivingAccounts> {
    const cfg = await payoutConfig.loadPayoutConfig(x);
    // Accounts keep their channel and bank names even when the operator switched one off.
    const channelName = new Map(cfg.channels.map((c) => [c.id, c.name]));
    const bankName = new Map(cfg.banks.map((b) => [b.id, b.name]));
    for (const r of rows) {
      if (!channelName.has(r.channelId)) channelName.set(r.channelId, (await payoutConfig.findChannel(x, r.channelId))?.name ?? '');
      if (r.bankId !== null && !bankName.has(r.bankId)) bankName.set(r.bankId, (await payoutConfig.findBank(x, r.bankId))?.name ?? '');
    }
    const list = rows.map((r): ReceivingAccount => ({
      id: r.id,
      typeId: r.channelId,
      typeName: channelName.get(r.channelId) ?? '',
      bankId: r.bankId,
      bankName: r.bankId === null ? null : (bankName.get(r.bankId) ?? null),
      accountName: r.accountName,
      accountNoMasked: maskAccountNo(r.accountNo),
      isDefault: r.isDefault,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
    return {
      appUserBank: list.find((a) => a.isDefault) ?? null,
      appUserBankList: Object.fromEntries(list.map((a) => [String(a.id), a])),
      list,
      maxAccounts: MaxReceivingAccounts,
      channels: channelViews(cfg),
    };
  }

  /** The channel's bank rule: a bank from its list when it has banks, none otherwise. */
  async function checkBank(x: Executor, channelId: number, bankId: number | undefined | null): Promise<number | null> {
    const cfg = await payoutConfig.loadPayoutConfig(x);
    const hasBanks = cfg.banks.some((b) => b.channelId === channelId);
    if (!hasBanks) {
      if (bankId != null) throw new AppError(ErrorCode.withdrawBankRequired, 'This channel takes no bank');
      return null;
    }
    if (bankId == null) throw new AppError(ErrorCode.withdrawBankRequired);
    if (!(await payoutConfig.findEnabledBank(x, channelId, bankId))) throw new AppError(ErrorCode.withdrawBankRequired, 'Choose one of the listed banks');
    return bankId;
  }

  const duplicate = (err: unknown) => isUniqueViolation(err, 'receiving_account_uq');

  return {
    list: async (session: SessionInfo, x: Executor = db) => view(x, await accounts.listAccounts(x, session.userId)),

    async add(session: SessionInfo, input: { typeId: number; bankId?: number; accountName: string; accountNo: string; isDefault?: boolean }) {
      const cfg = await deps.getConfig();
      const channel = await payoutConfig.findChannel(db, input.typeId);
      if (!channel?.enabled) throw new AppError(ErrorCode.withdrawChannelUnavailable);
      const bankId = await checkBank(db, channel.id, input.bankId);
      const accountName = normaliseHolderName(input.accountName);
      const accountNo = normaliseAccountNo(input.accountNo, cfg.withdrawAccountLength);
      const now = clock.now();
      try {
        return await withTx(db, async (tx) => {
          // One serial step per player: the count and the default flag cannot race.
          await lockMoney(tx, session.userId);
          const count = await accounts.countAccounts(tx, session.userId);
          if (count >= MaxReceivingAccounts) throw new AppError(ErrorCode.withdrawAccountLimit);
          const isDefault = count === 0 || input.isDefault === true;
          if (isDefault) await accounts.clearDefault(tx, session.userId, now);
          await accounts.insertAccount(tx, { userId: session.userId, channelId: channel.id, bankId, accountName, accountNo, isDefault, createdAt: now, updatedAt: now });
          return view(tx, await accounts.listAccounts(tx, session.userId));
        });
      } catch (err) {
        if (duplicate(err)) throw new AppError(ErrorCode.withdrawAccountDuplicate);
        throw err;
      }
    },

    async modify(session: SessionInfo, input: { id: number; bankId?: number; accountName?: string; accountNo?: string; isDefault?: true }) {
      const cfg = await deps.getConfig();
      const now = clock.now();
      try {
        return await withTx(db, async (tx) => {
          await lockMoney(tx, session.userId);
          const row = await accounts.findAccount(tx, session.userId, input.id);
          if (!row) throw new AppError(ErrorCode.withdrawAccountNotFound);
          const changes: Parameters<typeof accounts.updateAccount>[2] = { updatedAt: now };
          if (input.bankId !== undefined) changes.bankId = await checkBank(tx, row.channelId, input.bankId);
          if (input.accountName !== undefined) changes.accountName = normaliseHolderName(input.accountName);
          if (input.accountNo !== undefined) changes.accountNo = normaliseAccountNo(input.accountNo, cfg.withdrawAccountLength);
          if (input.isDefault) {
            await accounts.clearDefault(tx, session.userId, now);
            changes.isDefault = true;
          }
          await accounts.updateAccount(tx, row.id, changes);
          return view(tx, await accounts.listAccounts(tx, session.userId));
        });
      } catch (err) {
        if (duplicate(err)) throw new AppError(ErrorCode.withdrawAccountDuplicate);
        throw err;
      }
    },
  };
}

export type ReceivingAccountsService = ReturnType<typeof createReceivingAccountsService>;
