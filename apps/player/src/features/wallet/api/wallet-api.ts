import { useQuery, useQueryClient } from '@tanstack/react-query';
import { channelMinimum, type ResponseOf, type Endpoints, type RechargeItem, type RechargeType } from '@playhall/contract';
import { call } from '../../../lib/api.ts';


type Maps = Required<Pick<ResponseOf<Endpoints['getRechargeInfo']>, 'appRechargeTypeMap' | 'appRechargeItemMap' | 'appRechargeTypeItemMap'>>;

export interface TradeInfo extends Maps {
  hash: string;
  totalRecharge: number;
  lastRechargeTypeId: number | null;
  useMinAmount2: boolean;
}

/** Channel config is the same for everyone: kept across sessions, refreshed by hash. */
const CACHE_KEY = 'rechargeInfo';

function readCache(): (Maps & { hash: string }) | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as Maps & { hash: string }) : null;
  } catch {
    return null;
  }
}

/** Trade info: sends the cached hash; the server leaves the maps out when they did not change. */
export async function fetchTradeInfo(): Promise<TradeInfo> {
  const cached = readCache();
  const res = await call('getRechargeInfo', cached ? { hash: cached.hash } : {});
  const own = { totalRecharge: res.totalRecharge, lastRechargeTypeId: res.lastRechargeTypeId, useMinAmount2: res.useMinAmount2 };
  if (res.unchanged && cached) return { ...cached, ...own };
  if (!res.appRechargeTypeMap || !res.appRechargeItemMap || !res.appRechargeTypeItemMap) {
    // The server kept the maps back for a hash we no longer hold: ask again without one.
    localStorage.removeItem(CACHE_KEY);
    return fetchTradeInfo();
  }
  const maps = { hash: res.hash, appRechargeTypeMap: res.appRechargeTypeMap, appRechargeItemMap: res.appRechargeItemMap, appRechargeTypeItemMap: res.appRechargeTypeItemMap };
  localStorage.setItem(CACHE_KEY, JSON.stringify(maps));
  return { ...maps, ...own };
}

export function useTradeInfo() {
  return useQuery({ queryKey: ['getRechargeInfo'], queryFn: fetchTradeInfo, staleTime: 30_000 });
}

export function useDepositLimits() {
  return useQuery({ queryKey: ['getDepositLimits'], queryFn: () => call('getDepositLimits', {}), staleTime: 10_000 });
}

/** Channels sorted for display: the last one used first, then by sort. */
export function orderedChannels(info: TradeInfo): RechargeType[] {
  return Object.values(info.appRechargeTypeMap).sort((a, b) => {
    if (a.id === info.lastRechargeTypeId) return -1;
    if (b.id === info.lastRechargeTypeId) return 1;
    return a.sort - b.sort || a.id - b.id;
  });
}

/** The channel shown first: the last used, else the default, else the first. */
export function initialChannel(info: TradeInfo): RechargeType | undefined {
  const list = orderedChannels(info);
  return list.find((c) => c.id === info.lastRechargeTypeId) ?? list.find((c) => c.isDefault) ?? list[0];
}

/** Preset amounts offered on a channel: only items priced at least its minimum (spec §5). */
export function presetItems(info: TradeInfo, channel: RechargeType): RechargeItem[] {
  const min = channelMinimum(channel, info.useMinAmount2);
  return (info.appRechargeTypeItemMap[String(channel.id)] ?? [])
    .map((id) => info.appRechargeItemMap[String(id)])
    .filter((i): i is RechargeItem => Boolean(i) && i!.price >= min && (channel.maxAmount === null || i!.price <= channel.maxAmount));
}

/** After money moved: balance, trade info (totals, minimum) and limits reload. */
export function useRefreshWallet() {
  const qc = useQueryClient();
  return () => Promise.all([
    qc.invalidateQueries({ queryKey: ['refreshData'] }),
    qc.invalidateQueries({ queryKey: ['getRechargeInfo'] }),
    qc.invalidateQueries({ queryKey: ['getDepositLimits'] }),
  ]);
}

