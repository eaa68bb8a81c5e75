import { sql, type SQL } from 'drizzle-orm';
import { balanceAtExpr } from '../../../ledger/ledger.service.ts';

/** What the fund's red dot depends on: the safebox balance when the day began (hundredths, as text) and whether that day's interest was paid. */
export interface FundFacts {
  held: string;
  granted: boolean;
}

/** The fund's dot facts as json (`FundFacts`); `granted`: the engine's SQL test of the day's claim key. */
export function dayFactsExpr(userId: number, dayBegan: Date, granted: SQL): SQL {
  return sql`json_build_object('held', (${balanceAtExpr(userId, 'safebox', dayBegan)})::text, 'granted', ${granted})`;
}
