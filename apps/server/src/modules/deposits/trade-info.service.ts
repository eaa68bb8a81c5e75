import { createHash } from 'node:crypto';
import type { AppConfigFields, RechargeItem, RechargeType } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { toMoney } from '../../lib/money.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import type { DepositWallet } from './deposit-wallet.ts';
import * as config from './recharge-config.repo.ts';
import * as orders from './deposit-orders.repo.ts';

export interface TradeInfoDeps {
  db: Db;
  wallet: DepositWallet;
  getConfig: () => Promise<AppConfigFields>;
}

/** Channels, items and links as the client caches them, with a hash of exactly that content. */
async function buildMaps(db: Db) {
  const rows = await config.loadRechargeConfig(db);
  const appRechargeTypeMap: Record<string, RechargeType> = {};
  for (const t of rows.types) {
    appRechargeTypeMap[String(t.id)] = {
      id: t.id,
      name: t.name,
      sort: t.sort,
      minAmount: toMoney(t.minAmount),
      minAmount2: toMoney(t.minAmount2),
      maxAmount: t.maxAmount === null ? null : toMoney(t.maxAmount),
      isDefault: t.isDefault,
      banks: rows.banks.filter((b) => b.typeId === t.id).map((b) => ({ id: b.id, name: b.name, code: b.code, sort: b.sort })),
    };
  }
  const appRechargeItemMap: Record<string, RechargeItem> = {};
  for (const i of rows.items) appRechargeItemMap[String(i.id)] = { id: i.id, price: toMoney(i.price), sort: i.sort };
  const appRechargeTypeItemMap: Record<string, number[]> = {};
  for (const t of rows.types) {
    const linked = new Set(rows.links.filter((l) => l.typeId === t.id).map((l) => l.itemId));
    // Items keep their own display order; disabled items drop out with them.
    appRechargeTypeItemMap[String(t.id)] = rows.items.filter((i) => linked.has(i.id)).map((i) => i.id);
  }
  const maps = { appRechargeTypeMap, appRechargeItemMap, appRechargeTypeItemMap };
  const hash = createHash('sha256').update(JSON.stringify(maps)).digest('hex').slice(0, 32);
  return { maps, hash };
}

export function createTradeInfoService(deps: TradeInfoDeps) {
  return {
    /**
     * getRechargeInfo: the maps (left out when the client's hash still matches) and the player's
     * own figures, which are never cached.
     */
    async getRechargeInfo(session: SessionInfo, clientHash?: string) {
      const [{ maps, hash }, cfg, totalRecharge, lastRechargeTypeId, hasPaid] = await Promise.all([
        buildMaps(deps.db),
        deps.getConfig(),
        deps.wallet.totalRecharge(session.userId),
        orders.lastPaidTypeId(deps.db, session.userId),
        orders.hasPaidOrder(deps.db, session.userId),
      ]);
      const unchanged = clientHash === hash;
      return {
        hash,
        unchanged,
        ...(unchanged ? {} : maps),
        totalRecharge,
        lastRechargeTypeId,
        useMinAmount2: cfg.minRechargeStatus && hasPaid,
      };
    },
  };
}
