import { sql } from 'drizzle-orm';
import type { OperatorAlertKind } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';

// Operator alerts are written by the wallet's own SQL (game_rounds_flagged, migration 0610); this
// only reads them. Amounts travel as text so no bigint is rounded.

export interface AlertRow {
  id: string;
  kind: OperatorAlertKind;
  subject: string;
  user_id: string | null;
  message: string;
  details: Record<string, unknown>;
  occurrences: number;
  amount_total: string;
  first_at: Date | string;
  last_at: Date | string;
  total: string;
}

/** One page of alerts, the most recent first, with the count of all that match. */
export async function listAlerts(x: Executor, q: { kind?: OperatorAlertKind; limit: number; offset: number }): Promise<AlertRow[]> {
  const kind = q.kind ?? null;
  const res = (await x.execute(sql`
    select a.id::text, a.kind, a.subject, a.user_id::text, a.message, a.details, a.occurrences, a.amount_total::text, a.first_at, a.last_at,
           count(*) over ()::text as total
      from operator_alert a
     where ${kind}::text is null or a.kind = ${kind}
     order by a.last_at desc, a.id desc
     limit ${q.limit} offset ${q.offset}`)) as unknown as { rows: AlertRow[] };
  return res.rows;
}

/** How many alerts match (for a page past the last one, where no row carries the total). */
export async function countAlerts(x: Executor, kind?: OperatorAlertKind): Promise<number> {
  const k = kind ?? null;
  const res = (await x.execute(sql`select count(*)::text as n from operator_alert a where ${k}::text is null or a.kind = ${k}`)) as unknown as { rows: { n: string }[] };
  return Number(res.rows[0]?.n ?? 0);
}
